package vjs

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// Getter is the object shape data-mate functions accept besides map[string]any.
type Getter interface {
	Get(key string) (any, bool)
}

// prop reads property key of a JS value. ok=false means `undefined`.
// Only plain objects carry arbitrary properties; scalars and arrays yield
// undefined for every key this package looks up.
func prop(v any, key string) (any, bool) {
	switch o := v.(type) {
	case map[string]any:
		x, ok := o[key]
		return x, ok
	case Getter:
		return o.Get(key)
	}
	return nil, false
}

// isObject reports typeof v === 'object' && v !== null (arrays included).
func isObject(v any) bool {
	switch v.(type) {
	case map[string]any, []any, Getter:
		return true
	}
	return false
}

// numberOf converts Go numeric kinds to float64.
func numberOf(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case float32:
		return float64(n), true
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case int32:
		return float64(n), true
	case uint64:
		return float64(n), true
	case json.Number:
		f, err := strconv.ParseFloat(string(n), 64)
		return f, err == nil
	}
	return 0, false
}

// truthy is JS ToBoolean; present=false is undefined.
func truthy(v any, present bool) bool {
	if !present || v == nil {
		return false
	}
	switch x := v.(type) {
	case bool:
		return x
	case string:
		return x != ""
	}
	if f, ok := numberOf(v); ok {
		return f != 0 && !math.IsNaN(f)
	}
	return true
}

// propTruthy is truthy(prop(v, key)).
func propTruthy(v any, key string) bool {
	x, ok := prop(v, key)
	return truthy(x, ok)
}

// jsString is JS String(v) (ToString for primitives, Array#join for arrays,
// "[object Object]" for plain objects).
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
	case map[string]any, Getter:
		return "[object Object]"
	}
	if f, ok := numberOf(v); ok {
		return numberString(f)
	}
	return "[object Object]"
}

// joinArray is Array.prototype.join(',') (null/undefined elements become "").
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

// numberString is ECMAScript Number::toString(10).
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
	case f < 0:
		return "-" + numberString(-f)
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mant, expStr, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	exp, _ := strconv.Atoi(expStr)
	return formatDigits(digits, exp+1)
}

// formatDigits lays out significant digits with decimal exponent n (the
// position of the decimal point) the way Number::toString does.
func formatDigits(s string, n int) string {
	k := len(s)
	switch {
	case k <= n && n <= 21:
		return s + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return s[:n] + "." + s[n:]
	case -6 < n && n <= 0:
		return "0." + strings.Repeat("0", -n) + s
	}
	sign := "+"
	if n-1 < 0 {
		sign = "-"
	}
	e := strconv.Itoa(abs(n - 1))
	if k == 1 {
		return s + "e" + sign + e
	}
	return s[:1] + "." + s[1:] + "e" + sign + e
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// toPrimitive is ToPrimitive(v, hint number) for the JSON value model: objects
// become their string form, primitives stay as they are.
func toPrimitive(v any) any {
	switch v.(type) {
	case []any, map[string]any, Getter:
		return jsString(v)
	}
	return v
}

// toNumber is JS ToNumber on a primitive or JSON value (undefined => NaN is
// handled by callers, which never pass undefined here).
func toNumber(v any) float64 {
	switch x := toPrimitive(v).(type) {
	case nil:
		return 0
	case bool:
		if x {
			return 1
		}
		return 0
	case string:
		return stringToNumber(x)
	}
	if f, ok := numberOf(v); ok {
		return f
	}
	return math.NaN()
}
