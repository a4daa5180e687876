package l10n

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// This file holds the JavaScript value conversions applied to option
// values: truthiness, String(), Number() and parseFloat.

// jsTruthy reports JavaScript truthiness; nil stands for null/undefined.
func jsTruthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case float64:
		return x != 0 && !math.IsNaN(x)
	case int:
		return x != 0
	case int64:
		return x != 0
	}
	return true
}

// jsToString is String(v) for a JSON-like value (nil is null).
func jsToString(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return jsNumberToString(x)
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case []any:
		return jsJoin(x)
	case []string:
		return strings.Join(x, ",")
	}
	return "[object Object]"
}

// jsJoin is Array.prototype.join(): null elements become "".
func jsJoin(a []any) string {
	var b strings.Builder
	for i, e := range a {
		if i > 0 {
			b.WriteByte(',')
		}
		if e != nil {
			b.WriteString(jsToString(e))
		}
	}
	return b.String()
}

// jsNumberToString is Number::toString(10).
func jsNumberToString(f float64) string {
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
	if f < 0 {
		return "-" + jsNumberToString(-f)
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	return formatJSDigits(digits, x+1)
}

// formatJSDigits lays out digits×10^(n-len(digits)) the ECMAScript way.
func formatJSDigits(d string, n int) string {
	k := len(d)
	switch {
	case k <= n && n <= 21:
		return d + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return d[:n] + "." + d[n:]
	case -6 < n && n <= 0:
		return "0." + strings.Repeat("0", -n) + d
	}
	sign := "+"
	if n-1 < 0 {
		sign = "-"
	}
	exp := "e" + sign + strconv.Itoa(abs(n-1))
	if k == 1 {
		return d + exp
	}
	return d[:1] + "." + d[1:] + exp
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// jsToNumber is Number(v) for a JSON-like value (nil is null ⇒ 0).
func jsToNumber(v any) float64 {
	switch x := v.(type) {
	case nil:
		return 0
	case bool:
		if x {
			return 1
		}
		return 0
	case float64:
		return x
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case string:
		return jsStringToNumber(x)
	case []any:
		return jsStringToNumber(jsJoin(x))
	}
	return math.NaN()
}

// jsStringToNumber is the StringToNumber abstract operation.
func jsStringToNumber(s string) float64 {
	s = jsTrim(s)
	if s == "" {
		return 0
	}
	if len(s) > 2 && s[0] == '0' {
		if f, ok := parseRadixLiteral(s[1]|0x20, s[2:]); ok {
			return f
		}
	}
	sign, body := 1.0, s
	if body[0] == '+' || body[0] == '-' {
		if body[0] == '-' {
			sign = -1
		}
		body = body[1:]
	}
	if body == "Infinity" {
		return sign * math.Inf(1)
	}
	if decimalLiteralLen(body) != len(body) || body == "" {
		return math.NaN()
	}
	f, _ := strconv.ParseFloat(body, 64)
	return sign * f
}

// parseRadixLiteral parses the digits of a 0x/0o/0b literal.
func parseRadixLiteral(kind byte, digits string) (float64, bool) {
	var base int
	switch kind {
	case 'x':
		base = 16
	case 'o':
		base = 8
	case 'b':
		base = 2
	default:
		return 0, false
	}
	n, ok := new(big.Int).SetString(digits, base)
	if !ok || strings.ContainsAny(digits, "_+-") {
		return math.NaN(), true
	}
	f, _ := new(big.Float).SetInt(n).Float64()
	return f, true
}

// decimalLiteralLen returns the length of the longest prefix of s that is
// an unsigned StrDecimalLiteral without "Infinity" (0 when none).
func decimalLiteralLen(s string) int {
	i := digitRun(s, 0)
	intDigits := i
	if i < len(s) && s[i] == '.' {
		j := digitRun(s, i+1)
		if intDigits == 0 && j == i+1 {
			return 0
		}
		i = j
	} else if intDigits == 0 {
		return 0
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if k := digitRun(s, j); k > j {
			i = k
		}
	}
	return i
}

// digitRun returns the index after the run of ASCII digits starting at i.
func digitRun(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// jsParseFloat is the global parseFloat(s).
func jsParseFloat(s string) float64 {
	s = strings.TrimLeftFunc(s, isJSSpace)
	sign, body := 1.0, s
	if body != "" && (body[0] == '+' || body[0] == '-') {
		if body[0] == '-' {
			sign = -1
		}
		body = body[1:]
	}
	if strings.HasPrefix(body, "Infinity") {
		return sign * math.Inf(1)
	}
	n := decimalLiteralLen(body)
	if n == 0 {
		return math.NaN()
	}
	f, _ := strconv.ParseFloat(body[:n], 64)
	return sign * f
}
