package builtin

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// Edge cases beyond validators.ndjson, run through the real wrapper.
func TestEdgeCases(t *testing.T) {
	tests := []struct{ name, args, input, want string }{
		{"number", `{"output":false}`, `"abc"`, "removed"}, // cannot normalise: removed even when inverted
		{"number", `{"output":false}`, `"12"`, "removed"},
		{"number", ``, `" 12 "`, `12`},
		{"number", ``, `["1e3","x",true,5]`, `[1000,5]`},
		{"boolean", ``, `["true",0,"x"]`, `[true,false]`},
		{"string", ``, `[null,[1,"a"],false]`, `["null","[1,\"a\"]","false"]`},
		{"string", `{"length":2}`, `"😀"`, `"😀"`}, // UTF-16 length
		{"string", `{"length":2}`, `""`, `""`},   // an empty string skips the length test
		{"string", `{"length":2}`, `["ab","abc"]`, `["ab"]`},
		{"geolocation", ``, `[null,"1,2"]`, "removed"}, // null.lat throws: the whole array goes
		{"geolocation", ``, `["1,2",{"lat":1,"lon":2},"x"]`, `["1,2",{"lat":1,"lon":2}]`},
		{"geolocation", `{"output":false}`, `"x"`, `"x"`},
		{"url", ``, `[" http://a.com ",5]`, `["http://a.com"]`},
		{"email", ``, `"USER@EXAMPLE.COM"`, `"USER@EXAMPLE.COM"`},
		{"macaddress", `{"case":"uppercase"}`, `"00:1f:f3:5b:2b:1f"`, `"001FF35B2B1F"`},
		{"uuid", `{"output":false}`, `"not-a-uuid"`, `"not-a-uuid"`},
		{"isdn", ``, `14803847362`, `"14803847362"`},
		{"isdn", `{"output":false}`, `"4803847362"`, `"4803847362"`}, // normalizes, invalid, inverted
		{"jsonparse", ``, `"null"`, `null`},
		{"jsonparse", ``, `123`, `123`},
		{"jsonparse", ``, `{"a":1}`, "removed"},
		{"jsonparse", ``, `[5,"[1]",{"a":1},null]`, `[5,[1],null]`},
		{"jsonparse", ``, `" {\"b\":1,\"a\":2} "`, `{"b":1,"a":2}`},
		{"lowercase", ``, `"ΟΔΟΣ"`, `"οδος"`},
		{"uppercase", ``, `"straße"`, `"STRASSE"`},
		{"uppercase", ``, `[1,2]`, "removed"},
		{"trim", ``, `["\t a \n",1]`, `["a"]`},
		{"dedup", ``, `[1,"1",true,null,1,null,"1",[1],[1]]`, `[1,"1",true,null,[1],[1]]`},
		{"dedup", ``, `[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,0,16,"0",-0,{"a":1},{"a":1}]`,
			`[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,"0",{"a":1},{"a":1}]`},
		{"urlencode", ``, `"ü€😀"`, `"%C3%BC%E2%82%AC%F0%9F%98%80"`},
		{"urldecode", ``, `["%zz","a+b"]`, `["a+b"]`},
		{"sha2encode", `{"hash":"SHA224"}`, `"hello"`, `"ea09ae9cc6768c50fcee903ed054556e5bfc8347907f12598aa24193"`},
		{"base64decode", ``, `"aGVsbG8"`, `"hello"`},
		{"in", ``, `"follow"`, `"follow"`}, // a key of the rule itself
		{"int", `{"output":false}`, `["a","12"]`, `["a"]`},
		{"int", `{"output":false}`, `5`, "removed"}, // throws even when inverted
		{"matches", ``, `"obj"`, `"obj"`},
		{"after", ``, `"2999-01-01"`, `"2999-01-01"`},
		{"before", `{"value":"2011-08-03"}`, `["1999-12-31","2020-01-01"]`, `["1999-12-31"]`},
		{"float", `{"locale":"de-DE"}`, `"1,5"`, `"1,5"`},
		{"hash", `{"value":["md5"]}`, `"d41d8cd98f00b204e9800998ecf8427e"`, `"d41d8cd98f00b204e9800998ecf8427e"`},
		{"iprange", `{"value":"4"}`, `"10.0.0.0/8"`, `"10.0.0.0/8"`},
	}
	for _, tt := range tests {
		op, err := newOp(specByName(tt.name), ruleFor(t, json.RawMessage(tt.args)))
		if err != nil {
			t.Errorf("%s %s: build: %v", tt.name, tt.args, err)
			continue
		}
		want := tt.want
		if want != "removed" {
			want = record.JSON(mustParse(t, json.RawMessage(want)))
		}
		if got := runField(op, mustParse(t, json.RawMessage(tt.input))); got != want {
			t.Errorf("%s %s on %s: got %s, want %s", tt.name, tt.args, tt.input, got, want)
		}
	}
}

// TestDedupLeavesOtherValues: a missing or scalar field is left alone.
func TestDedupLeavesOtherValues(t *testing.T) {
	op, err := newOp(specByName("dedup"), ruleFor(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	data := record.NewObject(1)
	data.Set("keep", 1.0)
	out, _ := op.Run(record.New(data))
	if out == nil || record.JSON(out.Data) != `{"keep":1}` {
		t.Fatalf("dedup on a missing field changed the record: %v", out)
	}
}

// TestParamErrors: arguments with which the reference removes every value.
func TestParamErrors(t *testing.T) {
	tests := []struct{ name, args, param, msg string }{
		{"alpha", `{"value":"xx-XX"}`, "value", "Invalid locale"},
		{"postalcode", `{}`, "value", "required"},
		{"identitycard", `{"value":"US"}`, "value", "Invalid locale"},
		{"hash", `{}`, "value", "required"},
		{"hash", `{"value":"sha3"}`, "value", "unknown hash algorithm"},
		{"divisibleby", `{}`, "value", "divisor"},
		{"divisibleby", `{"value":"abc"}`, "value", "divisor"},
		{"divisibleby", `{"value":0}`, "value", "divisor"},
		{"iprange", `{"version":5}`, "version", "IP version"},
		{"creditcard", `{"provider":"foo"}`, "provider", "throw"},
		{"matches", `{"value":"("}`, "value", "throw"},
		{"after", `{"value":5}`, "value", "date string"},
		{"before", `{"comparisonDate":{"a":1}}`, "comparisonDate", "date string"},
		{"float", `{"locale":"xx-XX"}`, "locale", "unknown locale"},
		{"numeric", `{"locale":"xx"}`, "locale", "unknown locale"},
		{"decimal", `{"locale":"xx"}`, "locale", "unknown locale"},
		{"sha2encode", `{"hash":"nope"}`, "hash", "unknown"},
		{"sha2encode", `{"hash":5}`, "hash", "digest name"},
		{"string", `{"length":"3"}`, "length", "positive integer"},
		{"string", `{"length":2.5}`, "length", "positive integer"},
	}
	for _, tt := range tests {
		_, err := specByName(tt.name).Build(postprocess.NewArgs(ruleFor(t, json.RawMessage(tt.args))))
		var pe *postprocess.ParamError
		if !errors.As(err, &pe) {
			t.Errorf("%s %s: got %v, want a ParamError", tt.name, tt.args, err)
			continue
		}
		if pe.Param != tt.param || !strings.Contains(pe.Msg, tt.msg) {
			t.Errorf("%s %s: got %q %q, want param %q and %q", tt.name, tt.args, pe.Param, pe.Msg, tt.param, tt.msg)
		}
	}
}

// TestEncodeURIComponentSurrogate: a lone surrogate (WTF-8, e.g. from a
// UTF-16 truncation) is a URIError in JavaScript.
func TestEncodeURIComponentSurrogate(t *testing.T) {
	if _, err := encodeURIComponent("a\xed\xa0\x80"); err == nil {
		t.Error("lone surrogate: want an error")
	}
	if got, err := encodeURIComponent("a b"); err != nil || got != "a%20b" {
		t.Errorf("got %q, %v", got, err)
	}
}
