package vjs

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// stringToNumber is ECMAScript StringToNumber (Number("...")).
func stringToNumber(s string) float64 {
	s = jsTrim(s)
	if s == "" {
		return 0
	}
	if len(s) > 2 && s[0] == '0' {
		if base := radixPrefix(s[1]); base != 0 {
			return parseRadix(s[2:], base)
		}
	}
	body := strings.TrimLeft(s, "+-")
	if len(s)-len(body) > 1 {
		return math.NaN()
	}
	if body == "Infinity" {
		if s[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	if decimalPrefix(s) != len(s) {
		return math.NaN()
	}
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

func radixPrefix(c byte) int {
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

// parseRadix parses an unsigned integer literal body in base; NaN if invalid.
func parseRadix(s string, base int) float64 {
	for i := 0; i < len(s); i++ {
		if digitVal(s[i]) >= base {
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

func digitVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}

// decimalPrefix returns the length of the longest prefix of s that is a
// StrDecimalLiteral without Infinity: [+-]? (d+ (. d*)? | . d+) ([eE][+-]?d+)?
// It returns 0 when there is none.
func decimalPrefix(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	ip := countDigits(s[i:])
	i += ip
	fp := 0
	if i < len(s) && s[i] == '.' {
		fp = countDigits(s[i+1:])
		if ip > 0 || fp > 0 {
			i += 1 + fp
		}
	}
	if ip == 0 && fp == 0 {
		return 0
	}
	return i + exponentLen(s[i:])
}

func exponentLen(s string) int {
	if len(s) < 2 || (s[0] != 'e' && s[0] != 'E') {
		return 0
	}
	j := 1
	if s[j] == '+' || s[j] == '-' {
		j++
	}
	if n := countDigits(s[j:]); n > 0 {
		return j + n
	}
	return 0
}

func countDigits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// parseFloatJS is the global parseFloat.
func parseFloatJS(s string) float64 {
	s = jsTrimLeft(s)
	body := strings.TrimLeft(s, "+-")
	if len(s)-len(body) <= 1 && strings.HasPrefix(body, "Infinity") {
		if s[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	n := decimalPrefix(s)
	if n == 0 {
		return math.NaN()
	}
	f, _ := strconv.ParseFloat(s[:n], 64)
	return f
}

// parseInt10 is parseInt(s, 10).
func parseInt10(s string) float64 {
	s = jsTrimLeft(s)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	n := countDigits(s)
	if n == 0 {
		return math.NaN()
	}
	f, _ := strconv.ParseFloat(s[:n], 64)
	if neg {
		return -f
	}
	return f
}

// compareJS implements the abstract relational comparison between a string
// and an arbitrary JS value: it returns sign(x - y) and ok=false when the
// comparison is undefined (NaN involved).
func compareJS(x string, y any) (int, bool) {
	py := toPrimitive(y)
	if ys, ok := py.(string); ok {
		return compareUTF16(x, ys), true
	}
	return compareNum(stringToNumber(x), toNumber(py))
}

// compareNumAny compares a number with an arbitrary JS value.
func compareNumAny(x float64, y any) (int, bool) {
	if f, ok := y.(float64); ok { // the common bound: ToNumber is itself
		return compareNum(x, f)
	}
	return compareNum(x, toNumber(y))
}

func compareNum(a, b float64) (int, bool) {
	switch {
	case math.IsNaN(a) || math.IsNaN(b):
		return 0, false
	case a < b:
		return -1, true
	case a > b:
		return 1, true
	}
	return 0, true
}

// relOp is one of the four JS relational operators.
type relOp uint8

const (
	opGE relOp = iota
	opLE
	opLT
	opGT
)

// relOK evaluates `x op y` from the result of compareJS/compareNumAny.
func relOK(c int, ok bool, op relOp) bool {
	if !ok {
		return false
	}
	switch op {
	case opGE:
		return c >= 0
	case opLE:
		return c <= 0
	case opLT:
		return c < 0
	}
	return c > 0
}
