package geo

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// isJSSpace reports the WhiteSpace and LineTerminator code points that
// String.prototype.trim, lodash trim and Number() strip.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// trimJS trims JavaScript whitespace from both ends of s.
func trimJS(s string) string {
	if len(s) > 0 && isPlainByte(s[0]) && isPlainByte(s[len(s)-1]) {
		return s
	}
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		if !isJSSpace(r) {
			break
		}
		s = s[n:]
	}
	for len(s) > 0 {
		r, n := utf8.DecodeLastRuneInString(s)
		if !isJSSpace(r) {
			break
		}
		s = s[:len(s)-n]
	}
	return s
}

// isPlainByte reports an ASCII byte that is not JS whitespace.
func isPlainByte(c byte) bool {
	return c > ' ' && c < 0x80
}

// strToNumber is JavaScript Number(string): NaN when s is not numeric.
func strToNumber(s string) float64 {
	s = trimJS(s)
	if s == "" {
		return 0
	}
	return trimmedToNumber(s)
}

// trimmedToNumber is strToNumber on a non-empty, already trimmed string.
func trimmedToNumber(s string) float64 {
	if len(s) > 2 && s[0] == '0' {
		if base := radixOf(s[1]); base != 0 {
			return parseRadix(s[2:], base)
		}
	}
	return parseDecimal(s)
}

func radixOf(c byte) int {
	switch c {
	case 'x', 'X':
		return 16
	case 'o', 'O':
		return 8
	case 'b', 'B':
		return 2
	}
	return 0
}

// parseRadix parses a 0x / 0o / 0b literal body, rounding like JS.
func parseRadix(s string, base int) float64 {
	if u, err := strconv.ParseUint(s, base, 64); err == nil {
		return float64(u)
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '_' || s[i] == '+' || s[i] == '-' {
			return math.NaN()
		}
	}
	n, ok := new(big.Int).SetString(s, base)
	if !ok {
		return math.NaN()
	}
	f, _ := new(big.Float).SetInt(n).Float64()
	return f
}

// parseDecimal accepts StrDecimalLiteral: [+-](Infinity | digits[.digits][e[+-]digits] | .digits[e...]).
func parseDecimal(s string) float64 {
	body := s
	if body[0] == '+' || body[0] == '-' {
		body = body[1:]
	}
	if body == "Infinity" {
		if s[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	if !decimalShape(body) {
		return math.NaN()
	}
	f, _ := strconv.ParseFloat(s, 64) // ErrRange still yields ±Inf / 0 like JS
	return f
}

func decimalShape(s string) bool {
	i, intDigits := skipDigits(s, 0)
	fracDigits := 0
	if i < len(s) && s[i] == '.' {
		i, fracDigits = skipDigits(s, i+1)
	}
	if intDigits+fracDigits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		var exp int
		if i, exp = skipDigits(s, i); exp == 0 {
			return false
		}
	}
	return i == len(s)
}

func skipDigits(s string, i int) (int, int) {
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i, i - start
}

// toNumber is JavaScript Number(v) for JSON values; absent values are
// handled by callers (Number(undefined) is NaN).
func toNumber(v any) float64 {
	switch x := v.(type) {
	case nil:
		return 0
	case float64:
		return x
	case bool:
		if x {
			return 1
		}
		return 0
	case string:
		return strToNumber(x)
	case []any:
		return strToNumber(jsString(x))
	}
	return math.NaN()
}

// jsString is JavaScript String(v) for JSON values.
func jsString(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case float64:
		return formatNumber(x)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		var b strings.Builder
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if e != nil {
				b.WriteString(jsString(e))
			}
		}
		return b.String()
	case Point:
		return "[object Object]"
	}
	if _, ok := asObject(v); ok {
		return "[object Object]"
	}
	return ""
}
