package builtin

import (
	"errors"
	"math"
	"strings"

	"github.com/sluice-dev/sluice/internal/geo"
	"github.com/sluice-dev/sluice/internal/ipx"
	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/internal/vjs"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// The deprecated built-in validations (validators.md §3.2, transforms.md
// §12.6): wrapper A with an optional normaliser; a normaliser error is the
// JS normalize() throwing.

var (
	errNotString   = errors.New("normalize: expected a string")
	errNotNumber   = errors.New("could not convert to a number")
	errNotBoolean  = errors.New("could not convert to a boolean")
	errNullGeoData = errors.New("Cannot read properties of null (reading 'lat')")
)

func validationSpecs() []*postprocess.Spec {
	return []*postprocess.Spec{
		{Name: "geolocation", Kind: postprocess.BuiltinValidation, ReplacedBy: "isGeoPoint", RewritePaths: geoParentPaths,
			Summary: `Keep a "lat,lon" string with exactly two numbers (no range check) or an object whose lat/latitude and lon/longitude are non-zero and in range; a .lat/.lon/.latitude/.longitude path is read at its parent.`,
			Build:   fixed(&postprocess.Impl{Validate: validateGeolocation}),
			Examples: []postprocess.Example{ex("", `"91,200"`, `"91,200"`), ex("", `{"lat":"56.2","lon":"95.2"}`, `{"lat":"56.2","lon":"95.2"}`),
				ex("", `{"lat":0,"lon":10}`, "removed")}},
		{Name: "string", Kind: postprocess.BuiltinValidation, ReplacedBy: "isString", Build: buildString,
			Summary: "Convert the value to a string (objects and arrays become JSON) and keep it, or remove it when `length` is set and differs.",
			Params:  []postprocess.Param{{Name: "length", Type: "number", Doc: "required length in UTF-16 units (an empty string always passes); min/max are not read"}},
			Examples: []postprocess.Example{ex("", `123`, `"123"`), ex("", `{"a":1}`, `"{\"a\":1}"`),
				ex(`{"length":3}`, `"abcd"`, "removed")}},
		{Name: "number", Kind: postprocess.BuiltinValidation, ReplacedBy: "isNumber",
			Summary: "Convert a string with JavaScript Number() (\"\" gives 0, hex and exponents allowed) and keep numbers; NaN and other types are removed.",
			Build:   fixed(&postprocess.Impl{Normalize: normalizeNumber, Validate: isNumberValue}),
			Examples: []postprocess.Example{ex("", `"12.5"`, `12.5`), ex("", `"0x10"`, `16`),
				ex("", `"twelve"`, "removed")}},
		{Name: "boolean", Kind: postprocess.BuiltinValidation, ReplacedBy: "isBoolean",
			Summary: `Convert true/"true"/"1"/1 to true and false/"false"/"0"/0 to false; any other value is removed.`,
			Build:   fixed(&postprocess.Impl{Normalize: normalizeBoolean, Validate: alwaysValid}),
			Examples: []postprocess.Example{ex("", `"true"`, `true`), ex("", `0`, `false`),
				ex("", `"yes"`, "removed")}},
		{Name: "url", Kind: postprocess.BuiltinValidation, ReplacedBy: "isURL", Build: buildBuiltin(vjs.BindBuiltinURL),
			Summary:  "Trim a string and keep it when it is a URI with a scheme (valid-url isUri); non-strings are removed.",
			Examples: []postprocess.Example{ex("", `"http://google.com "`, `"http://google.com"`), ex("", `"google.com"`, "removed")}},
		{Name: "email", Kind: postprocess.BuiltinValidation, ReplacedBy: "isEmail", Build: buildBuiltin(vjs.BindBuiltinEmail),
			Summary:  "Keep a string that contains an RFC 2822-style address anywhere in it (unanchored, case-insensitive); the value is not changed.",
			Examples: []postprocess.Example{ex("", `"user@example.com"`, `"user@example.com"`), ex("", `"junk user@blah.com"`, `"junk user@blah.com"`), ex("", `"not an email"`, "removed")}},
		{Name: "ip", Kind: postprocess.BuiltinValidation, ReplacedBy: "isIP",
			Summary:  "Keep a string that is an IPv4 (no leading zeros) or IPv6 address; CIDR ranges and non-strings are removed.",
			Build:    fixed(&postprocess.Impl{Validate: validateIP}),
			Examples: []postprocess.Example{ex("", `"8.8.8.8"`, `"8.8.8.8"`), ex("", `"01.1.1.1"`, "removed"), ex("", `["193.0.0.23",true,"::"]`, `["193.0.0.23","::"]`)}},
		{Name: "macaddress", Kind: postprocess.BuiltinValidation, ReplacedBy: "isMACAddress", Build: buildBuiltin(vjs.BindBuiltinMACAddress),
			Summary: "Change the case of a string, strip ':' unless preserve_colons, then keep it if it is a MAC address (12 or 16 bare hex digits, or colon/dash/space/dot forms with preserve_colons).",
			Params: []postprocess.Param{{Name: "case", Type: "string", Default: "lowercase", Doc: "lowercase or uppercase (any other value leaves the case)"},
				{Name: "preserve_colons", Type: "boolean", Default: "false", Doc: "keep ':' separators instead of removing them"}},
			Examples: []postprocess.Example{ex("", `"00:1F:F3:5B:2B:1F"`, `"001ff35b2b1f"`), ex(`{"preserve_colons":true}`, `"00:1F:F3:5B:2B:1F"`, `"00:1f:f3:5b:2b:1f"`),
				ex("", `"00-1f-f3-5b-2b-1f"`, "removed")}},
		{Name: "uuid", Kind: postprocess.BuiltinValidation, ReplacedBy: "isUUID", Build: buildBuiltin(vjs.BindBuiltinUUID),
			Summary:  "Change the case of a string and keep it when it is a UUID (v1–v8 with the RFC variant, nil or max).",
			Params:   []postprocess.Param{{Name: "case", Type: "string", Default: "lowercase", Doc: "lowercase or uppercase (any other value leaves the case)"}},
			Examples: []postprocess.Example{ex("", `"1C7CE488-F4AD-4AAE-A6F4-76F9CD5C8635"`, `"1c7ce488-f4ad-4aae-a6f4-76f9cd5c8635"`), ex("", `"some data here"`, "removed")}},
		{Name: "isdn", Kind: postprocess.BuiltinValidation, ReplacedBy: "isISDN",
			Summary:  "Parse '+' followed by the value as an international phone number and keep its E.164 digits (without '+') when the number is valid.",
			Build:    fixed(&postprocess.Impl{Normalize: normalizeISDN, Validate: validateISDN}),
			Examples: []postprocess.Example{ex("", `"1(480)384-7362"`, `"14803847362"`), ex("", `"4803847362"`, "removed")}},
	}
}

// fixed returns a Build for an operation without arguments.
func fixed(impl *postprocess.Impl) func(*postprocess.Args) (*postprocess.Impl, error) {
	return func(*postprocess.Args) (*postprocess.Impl, error) { return impl, nil }
}

func alwaysValid(any) (bool, error) { return true, nil }

// geoParentPaths is the geolocation constructor's parentFieldPath on source
// and target, then `destination = target || source`.
func geoParentPaths(source, target string) (string, string) {
	s, t := geoParent(source), geoParent(target)
	if t == "" {
		t = s
	}
	return s, t
}

func geoParent(path string) string {
	i := strings.LastIndexByte(path, '.')
	switch path[i+1:] {
	case "lat", "lon", "latitude", "longitude":
		if i < 0 {
			return ""
		}
		return path[:i]
	}
	return path
}

// validateGeolocation: a null array element makes the JS validate throw.
func validateGeolocation(v any) (bool, error) {
	if v == nil {
		return false, errNullGeoData
	}
	return geo.ValidGeolocation(v), nil
}

func validateIP(v any) (bool, error) {
	s, ok := v.(string)
	return ok && ipx.IsIP(s), nil
}

// buildString reads `length` (config.length, compared when truthy).
func buildString(a *postprocess.Args) (*postprocess.Impl, error) {
	n, err := stringLength(a)
	if err != nil {
		return nil, err
	}
	norm := func(v any) (any, error) { return normalizeString(v, n), nil }
	return &postprocess.Impl{Normalize: norm, Validate: isStringValue}, nil
}

// stringLength is the `length` key: 0 when falsy, otherwise a positive
// integer (any other truthy value would remove every non-empty string).
func stringLength(a *postprocess.Args) (int, error) {
	v, _ := a.Get("length")
	if !record.Truthy(v) {
		return 0, nil
	}
	f, ok := v.(float64)
	if !ok || f < 1 || f != math.Trunc(f) || f > math.MaxInt32 {
		return 0, &postprocess.ParamError{Param: "length", Msg: "expected a positive integer, got " + record.JSON(v)}
	}
	return int(f), nil
}

// normalizeString is the string validation's normalize: objects (and null
// array elements) are JSON-stringified, other values converted with
// toString(); a wrong length gives null, which is then invalid.
func normalizeString(v any, length int) any {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case nil, *record.Object, []any:
		s = record.JSON(x)
	default:
		s = record.ToString(x)
	}
	if length > 0 && s != "" && jsstr.Len16(s) != length {
		return nil
	}
	return s
}

func isStringValue(v any) (bool, error) {
	_, ok := v.(string)
	return ok, nil
}

func isNumberValue(v any) (bool, error) {
	_, ok := v.(float64)
	return ok, nil
}

// normalizeNumber keeps numbers and converts strings with Number().
func normalizeNumber(v any) (any, error) {
	switch x := v.(type) {
	case float64:
		return x, nil
	case string:
		if f := record.StringToNumber(x); !math.IsNaN(f) {
			return f, nil
		}
	}
	return nil, errNotNumber
}

func normalizeBoolean(v any) (any, error) {
	switch v {
	case true, "true", "1", 1.0:
		return true, nil
	case false, "false", "0", 0.0:
		return false, nil
	}
	return nil, errNotBoolean
}

// buildBuiltin adapts a vjs built-in (url, email, macaddress, uuid): its
// normaliser accepts strings only; its check is false for non-strings.
func buildBuiltin(bind func(map[string]any) vjs.Builtin) func(*postprocess.Args) (*postprocess.Impl, error) {
	return func(a *postprocess.Args) (*postprocess.Impl, error) {
		b := bind(a.Map())
		impl := &postprocess.Impl{Validate: func(v any) (bool, error) {
			s, ok := v.(string)
			return ok && b.Validate(s), nil
		}}
		if b.Normalize != nil {
			impl.Normalize = func(v any) (any, error) {
				s, ok := v.(string)
				if !ok {
					return nil, errNotString
				}
				return b.Normalize(s), nil
			}
		}
		return impl, nil
	}
}
