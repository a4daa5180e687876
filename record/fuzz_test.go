package record

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// decodeSeeds are records of the kinds the fast paths serve: expected keys
// in a shape, short and long strings, escapes, non-ASCII and invalid UTF-8,
// decimals, nested members read or not, duplicate keys, white space.
var decodeSeeds = []string{
	`{"request_id":"req-00000000","ip":"7.44.215.124","status":200,"bytes":2246,"geo":{"lat":28.77476,"lon":65.07682},"tags":["error","cdn"]}`,
	`{"order_id":"ord-1","total":332.33,"customer":{"email":"A.B@example.com","id":146861,"name":{"first":"F","last":"U"},"vip":false},"items":[{"sku":"CL-1","qty":3,"price":26.43,"tags":["summer"]}],"payload":"{\"device\":\"desktop\",\"campaign\":\"summer\"}"}`,
	`{"a":"x\u00e9\ud83d\ude00\n\t\"\\\/","b":-0.0,"c":1e400,"d":123456789012345678,"e":0.1,"f":-1.5e-7}`,
	`{"a":1,"a":2,"b":{"a":[1,{"x":null}],"a":true}}`,
	"{ \"k\" : [ 1 , 2 ] ,\n\"l\":\"caf\xc3\xa9 \xff\xfe\" }",
	`{"emptyObj":{},"emptyArr":[],"s":"","n":0,"t":true,"f":false,"z":null}`,
	`{"a":1,}`, `{"a" 1}`, `{"a":"\u12"}`, `{"a":01}`, `{"a":[1,2}`, `{"a":"` + "\x01" + `"}`, `[1,2]`, `"str"`,
}

// FuzzDecodeModesAgree decodes one text every way the package can — at
// once, with nested members lazy, with a recycled Decoder, kept as text —
// and checks that they accept the same texts with the same message, that
// they write the same JSON (a lazy member written as it came only when that
// is what decoding it would write), that reading every member of a lazy
// record changes nothing, and that what they accept is JSON by
// encoding/json's reading, with the same values (but for lone surrogates,
// which encoding/json replaces and JSON.parse keeps).
func FuzzDecodeModesAgree(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add(s)
	}
	var dec Decoder
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<16 {
			return
		}
		eager, errEager := ParseJSONString(s)
		want := ""
		if errEager == nil {
			want = string(AppendJSON(nil, eager))
		}
		check := func(mode string, v any, err error) {
			t.Helper()
			if (err == nil) != (errEager == nil) || err != nil && err.Error() != errEager.Error() {
				t.Fatalf("%s: error %v, eager decoding: %v\ninput %q", mode, err, errEager, s)
			}
			if err == nil {
				if got := string(AppendJSON(nil, v)); got != want {
					t.Fatalf("%s writes\n%s\neager decoding writes\n%s\ninput %q", mode, got, want, s)
				}
			}
		}
		lazy, err := ParseRecordString(s)
		check("lazy", lazy, err)
		lazy, _ = ParseRecordString(s)
		readAll(lazy)
		check("lazy, every member read", lazy, err)
		v, err := dec.ParseRecord(s)
		check("recycled Decoder", v, err)
		dec.Recycle()
		v, err = dec.ParseRecord(s)
		readAll(v)
		check("recycled Decoder, every member read", v, err)
		dec.Recycle()
		raw, err := ParseRecordRaw(s)
		check("raw", raw, err)
		if valid := json.Valid([]byte(s)); valid != (errEager == nil) && !deeperThanMax(s) {
			t.Fatalf("encoding/json says valid=%v, the decoder says %v\ninput %q", valid, errEager, s)
		}
		if errEager == nil && !surrogateEscape.MatchString(s) {
			var std any
			if json.Unmarshal([]byte(s), &std) == nil && !reflect.DeepEqual(plainValue(eager), std) {
				t.Fatalf("decoded\n%#v\nencoding/json decodes\n%#v\ninput %q", plainValue(eager), std, s)
			}
		}
	})
}

// surrogateEscape finds a \u escape of a UTF-16 surrogate.
var surrogateEscape = regexp.MustCompile(`\\u[dD][89a-fA-F]`)

// plainValue is v as encoding/json decodes into any: objects as maps.
func plainValue(v any) any {
	switch x := v.(type) {
	case *Object:
		m := map[string]any{}
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			m[k] = plainValue(e)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plainValue(e)
		}
		return out
	}
	return v
}

// readAll reads every member of v's objects and arrays through Get, as
// rules do, decoding lazy members.
func readAll(v any) {
	switch x := v.(type) {
	case *Object:
		for _, k := range x.Keys() {
			m, _ := x.Get(k)
			readAll(m)
		}
	case []any:
		for _, e := range x {
			readAll(e)
		}
	}
}

// deeperThanMax reports whether s may nest deeper than the decoder allows
// (encoding/json allows another depth).
func deeperThanMax(s string) bool {
	return strings.Count(s, "[")+strings.Count(s, "{") > maxDepth
}
