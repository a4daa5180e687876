package geo

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// formatNumber is JavaScript Number.prototype.toString() (radix 10).
func formatNumber(f float64) string {
	switch {
	case f != f:
		return "NaN"
	case f == 0:
		return "0"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f < 0:
		return "-" + formatNumber(-f)
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	n, _ := strconv.Atoi(exp)
	return placeDigits(digits, n+1)
}

// placeDigits lays out shortest digits with decimal exponent n the JS way.
func placeDigits(d string, n int) string {
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
	exp := sign + strconv.Itoa(abs(n-1))
	if k == 1 {
		return d + "e" + exp
	}
	return d[:1] + "." + d[1:] + "e" + exp
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// toFixed is JavaScript Number.prototype.toFixed(d) for 0 <= d <= 100:
// the exact value is rounded half away from zero.
func toFixed(x float64, d int) string {
	if x != x {
		return "NaN"
	}
	if x < 0 {
		return "-" + toFixed(-x, d)
	}
	if x >= 1e21 {
		return formatNumber(x)
	}
	if n, tie := exactTie(x, d); tie {
		return fixedDigits(n.Add(n, big.NewInt(1)), d)
	}
	return strconv.FormatFloat(x, 'f', d, 64)
}

// exactTie reports whether x*10^d lies exactly halfway between integers and
// returns floor(x*10^d). strconv rounds such ties to even, JS rounds up.
func exactTie(x float64, d int) (*big.Int, bool) {
	m := new(big.Float).SetPrec(uint(64 + 4*d)).SetFloat64(x)
	pow := new(big.Float).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d)), nil))
	m.Mul(m, pow)
	twice := new(big.Float).Mul(m, big.NewFloat(2))
	if !twice.IsInt() {
		return nil, false
	}
	t, _ := twice.Int(nil)
	if t.Bit(0) == 0 {
		return nil, false
	}
	return t.Rsh(t, 1), true
}

// fixedDigits formats the integer n/10^d with exactly d decimals.
func fixedDigits(n *big.Int, d int) string {
	s := n.String()
	if d == 0 {
		return s
	}
	if len(s) <= d {
		s = strings.Repeat("0", d-len(s)+1) + s
	}
	return s[:len(s)-d] + "." + s[len(s)-d:]
}
