package jsstr

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// numberString is JavaScript's Number.prototype.toString() (radix 10).
func numberString(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return jsExpString(f)
}

// jsExpString formats f with the shortest round-trip digits the way
// Number::toString places the decimal point or exponent.
func jsExpString(f float64) string {
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddddde±XX
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	n, _ := strconv.Atoi(exp)
	n++ // decimal point position
	k := len(digits)
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	es := "+"
	if n-1 < 0 {
		es = "-"
	}
	m := digits[:1]
	if k > 1 {
		m += "." + digits[1:]
	}
	return sign + m + "e" + es + strconv.Itoa(abs(n-1))
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// asNumber reports whether v is a Go numeric type and returns it as float64.
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
	case uint:
		return float64(x), true
	case uint64:
		return float64(x), true
	case uint32:
		return float64(x), true
	}
	return 0, false
}

// jsString is JavaScript's String(v) for record values (objects become
// "[object Object]", arrays are joined with ",", nil inside arrays is "").
func jsString(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case []any:
		return joinArray(x)
	case []string:
		return strings.Join(x, ",")
	}
	if f, ok := asNumber(v); ok {
		return numberString(f)
	}
	return "[object Object]"
}

func joinArray(a []any) string {
	var b strings.Builder
	for i, e := range a {
		if i > 0 {
			b.WriteByte(',')
		}
		if e != nil {
			b.WriteString(jsString(e))
		}
	}
	return b.String()
}

// lodashString is lodash's toString: nil is "", -0 is "-0", array elements
// are converted recursively (nil elements become "null").
func lodashString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = lodashBaseString(e)
		}
		return strings.Join(parts, ",")
	}
	return lodashBaseString(v)
}

func lodashBaseString(v any) string {
	if v == nil {
		return "null"
	}
	if f, ok := asNumber(v); ok && f == 0 && math.Signbit(f) {
		return "-0"
	}
	if a, ok := v.([]any); ok {
		return lodashString(a)
	}
	return jsString(v)
}

// typeName is core-utils getTypeOf for the error messages.
func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "String"
	case bool:
		return "Boolean"
	case []any, []string:
		return "Array"
	}
	if _, ok := asNumber(v); ok {
		return "Number"
	}
	return "Object"
}

// primitiveToString is core-utils primitiveToString: strings, numbers and
// booleans become strings, nil is "", anything else is an error.
func primitiveToString(v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "", nil
	case string:
		return x, nil
	case bool:
		return strconv.FormatBool(x), nil
	}
	if f, ok := asNumber(v); ok {
		return numberString(f), nil
	}
	return "", fmt.Errorf("Expected %s (%s) to be in a string like format", jsString(v), typeName(v))
}
