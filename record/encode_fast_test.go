package record

import (
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// numberCases are edge numbers for the encoder's fast paths: integers,
// the ends of fixed notation, decimals of every length around the fast
// path's limits, values that print long, subnormals.
func numberCases() []float64 {
	fs := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 0.1, 0.2, 0.1 + 0.2, 0.3, 1.005, 2.675, 67.685, -130.03517,
		55.96, 111.92, 1e-6, 1e-7, 9.99999e-7, 1.5e-6, 0.000001, 0.0000015, 123456789.12345678, 1e15 - 0.5, 1e15 + 0.5,
		999999999999999.9, 99999999999999.99, 9999999.99999999, 0.12345678, 0.123456789, 1.0000000000000002,
		0.9999999999999999, 4503599627370495.5, 1e21, 1e22, 5e-324, math.MaxFloat64, math.SmallestNonzeroFloat64,
		1.7976931348623157e308, 2.2250738585072014e-308, 1 / 3.0, 2 / 3.0, math.Pi, math.E, 100.25, 0.015625}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 200000; i++ {
		switch i % 4 {
		case 0: // a decimal with up to 17 digits and up to 12 decimals
			m := rng.Int63n(int64(math.Pow10(1 + rng.Intn(17))))
			s := strconv.FormatInt(m, 10)
			k := rng.Intn(13)
			if k > 0 {
				for len(s) <= k {
					s = "0" + s
				}
				s = s[:len(s)-k] + "." + s[len(s)-k:]
			}
			f, _ := strconv.ParseFloat(s, 64)
			fs = append(fs, f)
		case 1: // any bits
			fs = append(fs, math.Float64frombits(rng.Uint64()))
		case 2: // a neighbour of a short decimal
			f := float64(rng.Intn(100000)) / 100
			fs = append(fs, math.Nextafter(f, math.Inf(1)), math.Nextafter(f, math.Inf(-1)))
		default: // a number in fixed notation of any size
			fs = append(fs, rng.Float64()*math.Pow10(rng.Intn(28)-7))
		}
		if rng.Intn(2) == 0 {
			fs[len(fs)-1] = -fs[len(fs)-1]
		}
	}
	return fs
}

// TestShortDecimalAgreesWithAppendNumber pins the number fast path of the
// encoder against the general conversion.
func TestShortDecimalAgreesWithAppendNumber(t *testing.T) {
	fast := 0
	for _, f := range numberCases() {
		want := string(AppendNumber(nil, f))
		if math.IsNaN(f) || math.IsInf(f, 0) {
			want = "null"
		}
		if got := string(appendScalar([]byte("x"), f)); got != "x"+want {
			t.Fatalf("%b (%v): encoded %q, want %q", f, f, got[1:], want)
		}
		if _, ok := appendShortDecimal(nil, f); ok {
			fast++
		}
	}
	if fast < 20000 { // about a quarter of the cases are short decimals
		t.Fatalf("the fast path took only %d numbers", fast)
	}
}

// appendStringSlow is AppendString one byte at a time.
func appendStringSlow(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			b = appendEscape(b, c)
		} else {
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// TestAppendStringAgreesWithSlow pins AppendString's word-at-a-time paths
// (short strings, long ones) against escaping byte by byte, on strings of
// every length up to 90 made of plain, escaped, non-ASCII and invalid bytes
// (line terminators and invalid UTF-8 are copied as JSON.stringify does).
func TestAppendStringAgreesWithSlow(t *testing.T) {
	pieces := []string{"a", "Z", " ", "~", "\x7f", "\"", "\\", "\n", "\t", "\x00", "\x1f", "\x20", "é", "\u2028", "\u2029",
		"\xff", "\xc3", "😀", "!", "#", "A"}
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 100000; i++ {
		var s []byte
		n := rng.Intn(90)
		for len(s) < n {
			if rng.Intn(4) == 0 {
				s = append(s, pieces[rng.Intn(len(pieces))]...)
			} else {
				s = append(s, byte('a'+rng.Intn(26)))
			}
		}
		if rng.Intn(2) == 0 && len(s) > n {
			s = s[:n]
		}
		want := string(appendStringSlow([]byte("x"), string(s)))
		if got := string(AppendString([]byte("x"), string(s))); got != want {
			t.Fatalf("%q: got %s, want %s", s, got, want)
		}
	}
	for c := 0; c < 256; c++ { // every byte, in every position of short strings
		for n := 1; n < 70; n++ {
			for at := 0; at < n; at++ {
				s := []byte(strings.Repeat("abcdefghij", 7)[:n])
				s[at] = byte(c)
				want := string(appendStringSlow(nil, string(s)))
				if got := string(AppendString(nil, string(s))); got != want {
					t.Fatalf("%q: got %s, want %s", s, got, want)
				}
				// after a prefix, with room to spare holding other bytes
				// (the short strings' stores go straight into it)
				roomy := append(make([]byte, 0, 128), strings.Repeat("\"", 128)...)[:3]
				if got := string(AppendString(roomy, string(s))); got != `"""`+want {
					t.Fatalf("%q after a prefix: got %s, want %s", s, got[3:], want)
				}
			}
		}
	}
}
