package vjs

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// coreUtilsEmail is @terascope/core-utils isEmail's regular expression, the
// definition IsEmail implements without it.
var coreUtilsEmail = regexp.MustCompile(`(?i)^[A-Z0-9._%+-@]{1,64}@(?:[A-Z0-9-]{1,63}\.){1,8}[A-Z]{2,63}$`)

// TestIsEmailAgreesWithRegex: IsEmail answers as the core-utils regex on
// random addresses built from the characters and lengths at its edges
// (local parts with '@' in them, labels of 63 and 64 bytes, 8 and 9
// labels, digits and hyphens in the top-level domain, non-ASCII).
func TestIsEmailAgreesWithRegex(t *testing.T) {
	pieces := []string{"a", "Z", "0", "-", "_", "%", "+", ",", ".", ":", "@", "é", " ", "\x00", "\xff", "[", "`", "{",
		strings.Repeat("b", 62), strings.Repeat("c", 63), strings.Repeat("d", 64), "co", "com", "x1", "a.b.c.d.e.f.g.h."}
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 200000; i++ {
		var b strings.Builder
		for n := rng.IntN(9); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		if rng.IntN(2) == 0 { // mostly addresses: a local part, '@', labels
			s += "@" + strings.Repeat("ab.", rng.IntN(10)) + pieces[rng.IntN(len(pieces))]
		}
		if got, want := IsEmail(s), coreUtilsEmail.MatchString(s); got != want {
			t.Fatalf("IsEmail(%q) = %v, the regex says %v", s, got, want)
		}
	}
}

// TestIsEmailDomainsAgreeWithRegex: IsEmail answers as the core-utils
// regex on addresses whose domains are made of labels (some long enough
// to be read eight bytes at a time, of 63 and 64 bytes, up to ten of
// them), with, in half of them, one byte replaced by one at the edges of
// the label class ('-' between ',' and '.', digits between '/' and ':',
// letters between '@' '[' '`' '{'), a non-ASCII one or DEL.
func TestIsEmailDomainsAgreeWithRegex(t *testing.T) {
	labels := []string{"a", "Zq", "m0", "x-1", "example", "shop", "ABCDEFGHIJKLMNOP", "abcdefgh", "a-b-c-d-e-f",
		"0123456789", strings.Repeat("q", 63), strings.Repeat("r", 64), "com", "org", "c0m"}
	edges := []byte{',', '-', '.', '/', '0', '9', ':', '@', 'A', 'Z', '[', '`', 'a', 'z', '{', '_', 0x7f, 0x80, 0xc3, 0xff}
	rng := rand.New(rand.NewPCG(19, 56))
	matched, failed := 0, 0
	for i := 0; i < 200000; i++ {
		parts := make([]string, 1+rng.IntN(10))
		for j := range parts {
			parts[j] = labels[rng.IntN(len(labels))]
		}
		domain := []byte(strings.Join(parts, "."))
		if rng.IntN(2) == 0 {
			domain[rng.IntN(len(domain))] = edges[rng.IntN(len(edges))]
		}
		s := "Gus.Ng853@" + string(domain)
		got, want := IsEmail(s), coreUtilsEmail.MatchString(s)
		if got != want {
			t.Fatalf("IsEmail(%q) = %v, the regex says %v", s, got, want)
		}
		if want {
			matched++
		} else {
			failed++
		}
	}
	if matched < 20000 || failed < 20000 {
		t.Fatalf("%d addresses, %d not", matched, failed)
	}
}
