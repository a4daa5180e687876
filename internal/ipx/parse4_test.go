package ipx

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestParse4AgreesWithDigitByDigit pins parse4 (octet by octet) against
// the digit-by-digit definition, and IsIP (a dotted quad first) against
// ParseAddr, on random dotted texts: octets of one to four digits, leading
// zeros, values past 255, too few and too many parts, empty parts, stray
// characters, colons, IPv4-mapped IPv6.
func TestParse4AgreesWithDigitByDigit(t *testing.T) {
	pieces := []string{"0", "1", "9", "25", "255", "256", "300", "999", "1000", "01", "00", "007", "", "a", " ", "-1", "1e2", "١"}
	rng := rand.New(rand.NewPCG(4, 4))
	for i := 0; i < 200000; i++ {
		parts := make([]string, 1+rng.IntN(6))
		for j := range parts {
			if rng.IntN(3) == 0 {
				parts[j] = pieces[rng.IntN(len(pieces))]
			} else {
				parts[j] = fmt.Sprint(rng.IntN(300))
			}
		}
		s := strings.Join(parts, ".")
		if rng.IntN(10) == 0 {
			s += string("x.9:"[rng.IntN(4)])
		}
		if rng.IntN(20) == 0 {
			s = "::ffff:" + s
		}
		if got, want := IsIP(s), func() bool { _, ok := ParseAddr(s); return ok }(); got != want {
			t.Fatalf("IsIP(%q) = %v, ParseAddr says %v", s, got, want)
		}
		gv, gok := parse4(s)
		wv, wok := parse4ByDigit(s)
		if gok != wok || gok && gv != wv {
			t.Fatalf("parse4(%q) = %d, %v; digit by digit %d, %v", s, gv, gok, wv, wok)
		}
	}
}

// parse4ByDigit is the definition, one character at a time.
func parse4ByDigit(s string) (uint32, bool) {
	var v uint32
	part, digits, dots := uint32(0), 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			if digits == 1 && part == 0 {
				return 0, false // leading zero
			}
			part = part*10 + uint32(c-'0')
			digits++
			if digits > 3 || part > 255 {
				return 0, false
			}
		case c == '.' && digits > 0 && dots < 3:
			v, part, digits = v<<8|part, 0, 0
			dots++
		default:
			return 0, false
		}
	}
	if dots != 3 || digits == 0 {
		return 0, false
	}
	return v<<8 | part, true
}

var benchAddrs = func() []string {
	rng := rand.New(rand.NewPCG(1, 1))
	out := make([]string, 1024)
	for i := range out {
		out[i] = fmt.Sprintf("%d.%d.%d.%d", rng.IntN(256), rng.IntN(256), rng.IntN(256), rng.IntN(256))
	}
	return out
}()

// BenchmarkIsIPv4Random: isIP on addresses of random octets (as many as a
// branch predictor cannot learn).
func BenchmarkIsIPv4Random(b *testing.B) {
	n := 0
	for i := 0; i < b.N; i++ {
		if IsIP(benchAddrs[i&1023]) {
			n++
		}
	}
	if n != b.N {
		b.Fatal("an address failed")
	}
}
