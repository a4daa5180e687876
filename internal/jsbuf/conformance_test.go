package jsbuf

import (
	"encoding/json"
	"reflect"
	"sort"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
)

const casesFile = "../../conformance/testdata/validators.ndjson"

type confCase struct {
	ID       int             `json:"id"`
	Fn       string          `json:"fn"`
	Kind     string          `json:"kind"`
	Args     map[string]any  `json:"args"`
	Input    any             `json:"input"`
	Want     any             `json:"want"`
	FnResult json.RawMessage `json:"fn_result"`
}

// expected returns the function-level expectation: fn_result when present
// (throws ⇒ wantErr), otherwise want.
func (c confCase) expected(t *testing.T) (want any, wantErr bool) {
	if len(c.FnResult) == 0 {
		return c.Want, false
	}
	var v any
	if err := json.Unmarshal(c.FnResult, &v); err != nil {
		t.Fatalf("case %d: fn_result: %v", c.ID, err)
	}
	if m, ok := v.(map[string]any); ok {
		if _, ok := m["throws"]; ok {
			return nil, true
		}
	}
	return v, false
}

func loadCases(t *testing.T, fns ...string) []confCase {
	t.Helper()
	want := map[string]bool{}
	for _, fn := range fns {
		want[fn] = true
	}
	out, err := ndjson.Read(casesFile, func(c *confCase) bool { return want[c.Fn] })
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("no cases for %v", fns)
	}
	return out
}

// builtinB emulates the deprecated built-in transform wrapper on a
// per-string function: strings are transformed, arrays keep the strings
// whose transform succeeded (nil when none), anything else is removed.
func builtinB(v any, fn func(string) (string, error)) any {
	switch x := v.(type) {
	case string:
		r, err := fn(x)
		if err != nil {
			return nil
		}
		return r
	case []any:
		var out []any
		for _, e := range x {
			if s, ok := e.(string); ok {
				if r, err := fn(s); err == nil {
					out = append(out, r)
				}
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	}
	return nil
}

func strArg(args map[string]any, k string) string {
	s, _ := args[k].(string)
	return s
}

func runCase(c confCase) (any, error) {
	switch c.Fn {
	case "decodeBase64":
		return DecodeBase64Value(c.Input)
	case "encodeBase64":
		return EncodeBase64Value(c.Input)
	case "decodeHex":
		return DecodeHexValue(c.Input)
	case "encodeHex":
		return EncodeHexValue(c.Input)
	case "encodeMD5":
		return EncodeMD5(c.Input)
	case "encodeSHA1":
		return EncodeSHA1(c.Input)
	case "encodeSHA":
		return EncodeSHA(c.Input, strArg(c.Args, "hash"), strArg(c.Args, "digest"))
	case "base64decode":
		return builtinB(c.Input, Base64Decode), nil
	case "base64encode":
		return builtinB(c.Input, Base64Encode), nil
	case "hexdecode":
		return builtinB(c.Input, HexDecode), nil
	case "hexencode":
		return builtinB(c.Input, HexEncode), nil
	case "md5encode":
		return builtinB(c.Input, MD5Encode), nil
	case "sha1encode":
		return builtinB(c.Input, SHA1Encode), nil
	case "sha2encode":
		return builtinB(c.Input, SHA2Encode(strArg(c.Args, "hash"))), nil
	}
	panic("unknown fn " + c.Fn)
}

func TestConformance(t *testing.T) {
	fns := []string{"decodeBase64", "encodeBase64", "decodeHex", "encodeHex", "encodeMD5",
		"encodeSHA1", "encodeSHA", "base64decode", "base64encode", "hexdecode", "hexencode",
		"md5encode", "sha1encode", "sha2encode"}
	pass, total := map[string]int{}, map[string]int{}
	for _, c := range loadCases(t, fns...) {
		want, wantErr := c.expected(t)
		got, err := runCase(c)
		total[c.Fn]++
		switch {
		case wantErr && err == nil:
			t.Errorf("case %d %s(%#v, %v): got %#v, want an error", c.ID, c.Fn, c.Input, c.Args, got)
		case !wantErr && err != nil:
			t.Errorf("case %d %s(%#v, %v): error %v, want %#v", c.ID, c.Fn, c.Input, c.Args, err, want)
		case !wantErr && !reflect.DeepEqual(got, want):
			t.Errorf("case %d %s(%#v, %v) = %#v, want %#v", c.ID, c.Fn, c.Input, c.Args, got, want)
		default:
			pass[c.Fn]++
		}
	}
	names := make([]string, 0, len(total))
	for n := range total {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Logf("%s %d/%d", n, pass[n], total[n])
	}
}
