package record

import (
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// exactDecimal gives strconv.ParseFloat's float64, bit for bit, or
// declines: random decimals of every length and exponent, and edges.
func TestExactDecimalAgreesWithStrconv(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 8))
	lits := []string{"0.0", "-0.0", "-0", "0e5", "1e22", "1e23", "9007199254740993", "123456789012345.6",
		"0.1", "55.96", "-4.42948", "1E-22", "1e-23", "12.5e+3", "12.5E-3", "999999999999999e22", "1.7976931348623157e308", "5e-324"}
	for n := 0; n < 200000; n++ {
		lit := ""
		if rnd.IntN(2) == 0 {
			lit = "-"
		}
		lit += strconv.FormatUint(rnd.Uint64N(1<<uint(1+rnd.IntN(60))), 10)
		if rnd.IntN(3) > 0 {
			lit += "." + strconv.FormatUint(rnd.Uint64N(1000000), 10)
		}
		if rnd.IntN(3) == 0 {
			lit += "e" + []string{"", "+", "-"}[rnd.IntN(3)] + strconv.Itoa(rnd.IntN(40))
		}
		lits = append(lits, lit)
	}
	declined := 0
	for _, lit := range lits {
		got, ok := exactDecimal(lit)
		if !ok {
			declined++
			continue
		}
		want, err := strconv.ParseFloat(lit, 64)
		if err != nil || math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("%s: exactDecimal %v (%x), strconv %v (%x) %v", lit, got, math.Float64bits(got), want, math.Float64bits(want), err)
		}
	}
	if declined == len(lits) || declined == 0 {
		t.Errorf("declined %d of %d: the fast path or its limits are not exercised", declined, len(lits))
	}
}

func BenchmarkNumberFraction(b *testing.B) {
	lits := []string{"55.96", "-4.42948", "115.90229", "431.6", "0.25", "1234.5e-2"}
	for _, c := range []struct {
		name string
		f    func(string) (float64, bool)
	}{
		{"exactDecimal", exactDecimal},
		{"strconv", func(s string) (float64, bool) { f, err := strconv.ParseFloat(s, 64); return f, err == nil }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				c.f(lits[i%len(lits)])
			}
		})
	}
}

// TestNumbersDecodeAsStrconv pins the decoder's one-pass numbers against
// the grammar and strconv: random texts of number characters are
// accepted exactly when they are JSON numbers, and decode to
// strconv.ParseFloat's float64 bit for bit (an integer -0 to 0).
func TestNumbersDecodeAsStrconv(t *testing.T) {
	grammar := regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)
	rnd := rand.New(rand.NewPCG(9, 10))
	lits := []string{"-", "-0", "0", "00", "01", "1.", ".5", "1e", "1e+", "1E-0", "-0.0", "1e99999999999999999999",
		"1e-99999999999999999999", "12345678901234567890", "123456789012345", "1234567890123456", "9007199254740993",
		"0.000001", "1e21", "1e-7", "-1.5e-3"}
	lits = append(lits, numberTexts(rnd, 300000, 24, 3, "0123456789-+.eE")...)
	for _, lit := range lits {
		v, err := ParseJSONString(lit)
		valid := grammar.MatchString(lit)
		if (err == nil) != valid {
			t.Fatalf("%q: error %v, a JSON number: %v", lit, err, valid)
		}
		if !valid {
			continue
		}
		want, _ := strconv.ParseFloat(lit, 64)
		if want == 0 && !strings.ContainsAny(lit, ".eE") {
			want = 0
		}
		if got := v.(float64); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("%q decodes to %v (%x), want %v (%x)", lit, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
}

// TestShortDecimalAtAgrees pins number's one-pass fast path against the
// general decoding it skips (anyNumber): on random texts of number
// characters followed by a delimiter, whatever shortDecimalAt converts,
// anyNumber converts to the same float64, bit for bit, ending at the same
// byte; and it converts most short plain decimals itself.
func TestShortDecimalAtAgrees(t *testing.T) {
	rnd := rand.New(rand.NewPCG(21, 22))
	lits := []string{"-", "-0", "0", "00", "01", "-01", "1.", ".5", "-.5", "1e5", "1.5E3", "-0.0", "0.0", "123456789012345",
		"1234567890123456", "12345678.1234567", "12345678.12345678", "999999999999999", "-999999999999999", "0.000000000000001"}
	lits = append(lits, numberTexts(rnd, 300000, 20, 4, "0123456789-.eE")...)
	converted := 0
	for _, lit := range lits {
		s := lit + []string{",", "}", "]", "", "x"}[rnd.IntN(5)]
		f, end, ok := shortDecimalAt(s, 0)
		if !ok {
			continue
		}
		converted++
		d := decoder{s: s}
		v, err := d.anyNumber()
		if err != nil || math.Float64bits(v.(float64)) != math.Float64bits(f) || d.i != end {
			t.Fatalf("%q: shortDecimalAt %v (%x) ending at %d, anyNumber %v ending at %d, %v", s, f, math.Float64bits(f), end, v, d.i, err)
		}
	}
	if converted < len(lits)/10 {
		t.Errorf("shortDecimalAt converted %d of %d texts", converted, len(lits))
	}
}

// numberTexts returns n random texts of 1 to maxLen bytes: one byte in
// every oneIn from alphabet, the others digits.
func numberTexts(rnd *rand.Rand, n, maxLen, oneIn int, alphabet string) []string {
	texts := make([]string, n)
	for k := range texts {
		b := make([]byte, 1+rnd.IntN(maxLen))
		for i := range b {
			if rnd.IntN(oneIn) == 0 {
				b[i] = alphabet[rnd.IntN(len(alphabet))]
			} else {
				b[i] = '0' + byte(rnd.IntN(10))
			}
		}
		texts[k] = string(b)
	}
	return texts
}
