package vjs

import "testing"

// cfgOf builds a normalized rule config with extra keys.
func cfgOf(kv ...any) map[string]any {
	o := map[string]any{"source": "field", "target": "field", "follow": "tag"}
	for i := 0; i < len(kv); i += 2 {
		o[kv[i].(string)] = kv[i+1]
	}
	return o
}

func boolFn(f func(string) bool) func(string) (bool, error) {
	return func(s string) (bool, error) { return f(s), nil }
}

// edgeFn resolves an edge-case function name to a bound check.
func edgeFn(t *testing.T, fn string, arg any) StringCheck {
	var c StringCheck
	var err error
	switch fn {
	case "uri":
		return boolFn(IsURI)
	case "email_cu":
		return boolFn(IsEmail)
	case "email_rfc":
		return boolFn(IsEmailRFC2822)
	case "dm_b64":
		return boolFn(IsCanonicalBase64)
	case "dm_mac":
		opts := map[string]any{}
		if arg != nil {
			opts["delimiter"] = arg
		}
		vc, _ := BindDataMateMACAddress(opts)
		return func(s string) (bool, error) { return vc(s) }
	case "uuid":
		c, err = BindUUID(arg)
	case "mac":
		c, err = BindMACAddress(arg)
	case "json":
		c, err = BindJSON(arg)
	case "ip":
		c, err = BindIP(arg)
	default:
		c, err = pluginBinders[fn](arg)
	}
	if err != nil {
		t.Fatalf("%s: bind: %v", fn, err)
	}
	return c
}

func TestEdgeCases(t *testing.T) {
	for _, c := range edgeCases {
		got, err := edgeFn(t, c.fn, c.arg)(c.input)
		var g any = got
		if err != nil {
			g = "throw"
		}
		if g != c.want {
			t.Errorf("%s(%q, %#v) = %v, want %v (err %v)", c.fn, c.input, c.arg, g, c.want, err)
		}
	}
}
