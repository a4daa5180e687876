package vjs

import (
	"encoding/json"
	"sort"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
)

type confCase struct {
	ID       int            `json:"id"`
	Fn       string         `json:"fn"`
	Kind     string         `json:"kind"`
	Args     map[string]any `json:"args"`
	Input    any            `json:"input"`
	Want     any            `json:"want"`
	RuleWant any            `json:"rule_want"`
	Note     string         `json:"note"`
}

var pluginBinders = map[string]func(any) (StringCheck, error){
	"ascii": BindAscii, "base64": BindBase64, "bytelength": BindByteLength,
	"creditcard": BindCreditCard, "divisibleby": BindDivisibleBy, "empty": BindEmpty,
	"fqdn": BindFQDN, "hash": BindHash, "hexcolor": BindHexColor,
	"hexadecimal": BindHexadecimal, "in": BindIn, "int": BindInt, "iprange": BindIPRange,
	"isin": BindISIN, "issn": BindISSN, "iso8601": BindISO8601,
	"iso31661alpha2": BindISO31661Alpha2, "iso31661alpha3": BindISO31661Alpha3,
	"latlong": BindLatLong, "length": BindLength, "matches": BindMatches, "md5": BindMD5,
	"mimetype": BindMimeType, "port": BindPort, "rfc3339": BindRFC3339,
}

var dataMateBinders = map[string]func(map[string]any) (ValueCheck, error){
	"isURL": BindDataMateURL, "isEmail": BindDataMateEmail, "isASCII": BindDataMateASCII,
	"isBase64": BindDataMateBase64, "isFQDN": BindDataMateFQDN, "isHash": BindDataMateHash,
	"isCountryCode": BindDataMateCountryCode, "isISSN": BindDataMateISSN,
	"isISO8601": BindDataMateISO8601, "isRFC3339": BindDataMateRFC3339,
	"isJSON": BindDataMateJSON, "isLength": BindDataMateLength,
	"isMIMEType": BindDataMateMIMEType, "isMACAddress": BindDataMateMACAddress,
	"isUUID": BindDataMateUUID,
}

var builtinBinders = map[string]func(map[string]any) Builtin{
	"url": BindBuiltinURL, "email": BindBuiltinEmail, "uuid": BindBuiltinUUID,
	"macaddress": BindBuiltinMACAddress,
}

func loadCases(t testing.TB) []confCase {
	t.Helper()
	out, err := ndjson.Read[confCase]("../../conformance/testdata/validators.ndjson", nil)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// ruleConfig is the normalized rule config the plugins receive.
func ruleConfig(c confCase) map[string]any {
	cfg := map[string]any{"source": "field", "target": "field", "follow": "tag", "validation": c.Fn}
	for k, v := range c.Args {
		cfg[k] = v
	}
	return cfg
}

func inverted(c confCase) bool { return c.Args["output"] == false }

// runPlugin evaluates wrapper A around a validator.js plugin function.
func runPlugin(t *testing.T, c confCase) bool {
	cfg := ruleConfig(c)
	var arg any = cfg
	if v, ok := c.Args["value"]; truthy(v, ok) {
		arg = v
	}
	check, err := pluginBinders[c.Fn](arg)
	if err != nil {
		t.Fatalf("bind %s: %v", c.Fn, err)
	}
	one := func(v any) (bool, error) {
		s, ok := v.(string)
		if !ok {
			return false, errNotString
		}
		r, err := check(s)
		return r != inverted(c), err
	}
	return wrapperA(c.Input, one)
}

func wrapperA(input any, one func(any) (bool, error)) bool {
	switch x := input.(type) {
	case nil:
		return false
	case []any:
		kept := 0
		for _, e := range x {
			ok, err := one(e)
			if err != nil {
				return false
			}
			if ok {
				kept++
			}
		}
		return kept > 0
	}
	ok, err := one(input)
	return err == nil && ok
}

func runBuiltin(c confCase) bool {
	b := builtinBinders[c.Fn](ruleConfig(c))
	if arr, ok := c.Input.([]any); ok && b.Normalize != nil {
		var norm []any
		for _, e := range arr {
			if s, ok := e.(string); ok {
				norm = append(norm, b.Normalize(s))
			}
		}
		c.Input = norm
	}
	one := func(v any) (bool, error) {
		s, ok := v.(string)
		if !ok {
			if b.Normalize != nil {
				return false, errNotString
			}
			return inverted(c), nil
		}
		if b.Normalize != nil {
			s = b.Normalize(s)
		}
		return b.Validate(s) != inverted(c), nil
	}
	return wrapperA(c.Input, one)
}

func runDataMate(t *testing.T, c confCase) bool {
	check, err := dataMateBinders[c.Fn](ruleConfig(c))
	if err != nil {
		t.Fatalf("bind %s: %v", c.Fn, err)
	}
	r, err := check(c.Input)
	return err == nil && r
}

func TestConformance(t *testing.T) {
	pass, total := map[string]int{}, map[string]int{}
	for _, c := range loadCases(t) {
		var got bool
		switch {
		case c.Kind == "validator_plugin" && pluginBinders[c.Fn] != nil:
			got = runPlugin(t, c)
		case c.Kind == "field_validator" && dataMateBinders[c.Fn] != nil:
			got = runDataMate(t, c)
		case c.Kind == "builtin_validation" && builtinBinders[c.Fn] != nil:
			got = runBuiltin(c)
		default:
			continue
		}
		total[c.Fn]++
		if got == c.Want {
			pass[c.Fn]++
			continue
		}
		in, _ := json.Marshal(c.Input)
		args, _ := json.Marshal(c.Args)
		t.Errorf("case %d %s args=%s input=%s: got %v want %v (%s)", c.ID, c.Fn, args, in, got, c.Want, c.Note)
	}
	names := make([]string, 0, len(total))
	for n := range total {
		names = append(names, n)
	}
	sort.Strings(names)
	sum := 0
	for _, n := range names {
		t.Logf("%s %d/%d", n, pass[n], total[n])
		sum += total[n]
	}
	t.Logf("total cases %d", sum)
}
