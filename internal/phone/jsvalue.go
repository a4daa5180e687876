package phone

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// trimJS is JavaScript's String.prototype.trim.
func trimJS(s string) string { return strings.TrimFunc(s, isJSSpace) }

func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// unitLen is the UTF-16 length of s.
func unitLen(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

func asNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case int32:
		return float64(x), true
	}
	return 0, false
}

// numberString is JavaScript's Number.prototype.toString() for the values a
// phone number can be: integers below 1e21 in plain notation, anything else
// in the shortest round-trip form with JavaScript's exponent spelling.
func numberString(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 0):
		if f > 0 {
			return "Infinity"
		}
		return "-Infinity"
	case f == 0:
		return "0"
	case math.Abs(f) >= 1e-6 && math.Abs(f) < 1e21:
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	s := strconv.FormatFloat(f, 'e', -1, 64)
	return strings.Replace(s, "e-0", "e-", 1)
}

// jsString is JavaScript's String(v) / template-literal conversion for
// record values.
func jsString(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			if e != nil {
				parts[i] = jsString(e)
			}
		}
		return strings.Join(parts, ",")
	}
	if f, ok := asNumber(v); ok {
		return numberString(f)
	}
	return "[object Object]"
}

// coreString is core-utils toString: like String() except that objects are
// JSON-encoded (encoding/json; key order may differ from the record's).
func coreString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string, bool, []any:
		return jsString(x)
	}
	if f, ok := asNumber(v); ok {
		return numberString(f)
	}
	b, err := json.Marshal(v)
	if err != nil || !utf8.Valid(b) {
		return "[object Object]"
	}
	return string(b)
}
