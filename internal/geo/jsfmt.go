package geo

import (
	"math"
	"math/bits"
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
	if exactTie(x, d) {
		// strconv rounds exact ties to even; the next double up lies above
		// the tie and at most on the next multiple of 10^-d.
		x = math.Nextafter(x, math.Inf(1))
	}
	return strconv.FormatFloat(x, 'f', d, 64)
}

// exactTie reports whether x*10^d lies exactly halfway between two
// integers: x*10^d = m*5^d*2^(e+d) is an odd multiple of 1/2 exactly when
// the lowest set bit of x has weight 2^-(d+1).
func exactTie(x float64, d int) bool {
	b := math.Float64bits(x)
	mant, exp := b&(1<<52-1), int(b>>52&0x7ff)
	if exp == 0 {
		exp = 1 // subnormal
	} else {
		mant |= 1 << 52
	}
	if mant == 0 {
		return false
	}
	return bits.TrailingZeros64(mant)+exp-1075 == -(d + 1)
}
