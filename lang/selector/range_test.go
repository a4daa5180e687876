package selector

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/record"
)

// A range bound's shortcut for numbers agrees with the general JavaScript
// comparison on numbers, numeric strings, other values and edge bounds.
func TestRangeBoundAgreesWithCompare(t *testing.T) {
	values := []any{0.0, math.Copysign(0, -1), 1.0, -1.0, 1.5, 500.0, 499.999, 40000.0, math.Inf(1), math.Inf(-1), math.NaN(),
		"500", "abc", "", " 7 ", "0x10", true, false, nil, record.Undefined, []any{1.0}, []any{}}
	bounds := []any{0.0, 500.0, -1.0, 1.5, math.Inf(1), math.Inf(-1), math.NaN(), "500", "abc", "", true, nil}
	for _, op := range []string{"gte", "gt", "lte", "lt"} {
		for _, bv := range bounds {
			b := newRangeBound(&Bound{Op: op, Value: Value{V: bv}})
			for _, v := range values {
				if got, want := b.holds(v), compare(v, bv, op); got != want {
					t.Errorf("%v %s %v: %v, compare says %v", v, op, bv, got, want)
				}
			}
		}
	}
}

// leafPred is the predicate of m's leaf on a key (nil for another root).
func leafPred(m *Matcher) pred {
	switch l := m.root.(type) {
	case *keyLeaf:
		return l.p
	case *keyIPBlock:
		return l.q
	case *keyIPEq:
		return l.q
	}
	return nil
}

// The dotted-quad shortcut of the ip block and ip equality tests agrees
// with the general test (blocks, IPv6, zones, malformed text).
func TestIPBlockShortcutAgrees(t *testing.T) {
	texts := []string{"10.0.0.1", "10.255.255.255", "11.0.0.0", "9.255.255.255", "10.0.0.0/8", "10.1.2.3/16", "10.0.0.0/7",
		"::ffff:10.0.0.1", "::10.0.0.1", "10.0.0.01", "10.0.0", "10.0.0.1.", "", "1.2.3.4%x", "::1", "10.0.0.1/33", "256.0.0.1",
		"fe80::1%eth0", "fe80::1%a/64", "2001:db8::/32", "2001:db8::1", " 10.0.0.1", "10.0.0.1 ", "0.0.0.0", "0.0.0.0/0"}
	for _, q := range []string{`ip:"10.0.0.0/8"`, `ip:"2001:db8::/32"`, `ip:[10.0.0.5 TO 10.0.0.9]`, `ip:"0.0.0.0/0"`, `ip:"10.0.0.1"`, `ip:"::ffff:10.0.0.1"`, `ip:"2001:db8::1"`} {
		m, err := Compile(q, Options{Types: map[string]string{"ip": "ip"}})
		if err != nil {
			t.Fatal(err)
		}
		var general func(string) bool
		switch p := leafPred(m).(type) {
		case ipBlock:
			general = p.holdsText
		case ipEq:
			general = p.equalsText
		default:
			t.Fatalf("%s: predicate %T", q, p)
		}
		p := leafPred(m)
		for _, s := range texts {
			if got, want := p.test(s, true, nil), general(s); got != want {
				t.Errorf("%s on %q: %v, general test %v", q, s, got, want)
			}
		}
	}
}

// TestIPBlockFirstOctetShortcutAgrees pins the first octet's shortcut of
// the ip block test against the test without it, on random text made of
// octets (leading zeros, too large, too long), dots, slashes, colons and
// other characters, for IPv4 blocks and ranges (one octet, several, all)
// and IPv6 ones.
func TestIPBlockFirstOctetShortcutAgrees(t *testing.T) {
	pieces := []string{"0", "00", "01", "9", "10", "11", "127", "192", "255", "256", "1000", "", ".", ".", ".", "/",
		"/8", ":", "::", "%", " ", "a", "ffff", "\n", "é"}
	rng := rand.New(rand.NewPCG(5, 6))
	shortcuts := 0
	for _, q := range []string{`ip:"10.0.0.0/8"`, `ip:"0.0.0.0/0"`, `ip:"192.168.0.0/16"`, `ip:[10.0.0.5 TO 11.0.0.9]`,
		`ip:"8.0.0.0/7"`, `ip:"255.0.0.0/8"`, `ip:{9.255.255.255 TO 12.0.0.0}`, `ip:"2001:db8::/32"`, `ip:"::ffff:0:0/96"`} {
		m, err := Compile(q, Options{Types: map[string]string{"ip": "ip"}})
		if err != nil {
			t.Fatal(err)
		}
		p, ok := leafPred(m).(ipBlock)
		if !ok {
			t.Fatalf("%s: predicate %T", q, leafPred(m))
		}
		for i := 0; i < 20000; i++ {
			var b strings.Builder
			for n := rng.IntN(9); n >= 0; n-- {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			s := b.String()
			if i%2 == 0 { // a dotted quad, now and then with a tail
				s = fmt.Sprintf("%d.%d.%d.%d", rng.IntN(300), rng.IntN(256), rng.IntN(256), rng.IntN(256))
				if rng.IntN(4) == 0 {
					s += pieces[rng.IntN(len(pieces))]
				}
			}
			if o, ok := leadingNumber(s); ok && (o < p.loOctet || o > p.hiOctet) {
				shortcuts++ // holdsString answers at once
			}
			if got, want := p.test(s, true, nil), p.testText(s); got != want {
				t.Fatalf("%s on %q: %v, without the shortcut %v", q, s, got, want)
			}
		}
	}
	if shortcuts < 10000 {
		t.Fatalf("the shortcut answered only %d times", shortcuts)
	}
}
