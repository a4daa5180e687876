package ipx

import (
	"math/bits"
	"strconv"
	"strings"
)

// Addr is a parsed IP address: an unsigned 128-bit integer plus the version
// it was written in. The zero value is the IPv4 address 0.0.0.0.
type Addr struct {
	hi, lo uint64
	v6     bool // written as IPv6
	compat bool // written as ::a.b.c.d (deprecated IPv4-compatible form)
}

// ParseAddr parses an IPv4 or IPv6 address with ip-utils rules.
func ParseAddr(s string) (Addr, bool) {
	if strings.IndexByte(s, ':') < 0 {
		v, ok := parse4(s)
		return Addr{lo: uint64(v)}, ok
	}
	return parse6(s)
}

// ParseAddr4 parses a dotted quad only (what ParseAddr accepts without a
// colon); a caller that mostly sees IPv4 text tries it first.
func ParseAddr4(s string) (Addr, bool) {
	v, ok := parse4(s)
	return Addr{lo: uint64(v)}, ok
}

// AddrFrom4 returns the IPv4 address a.b.c.d.
func AddrFrom4(a, b, c, d byte) Addr {
	return Addr{lo: uint64(a)<<24 | uint64(b)<<16 | uint64(c)<<8 | uint64(d)}
}

// Is4 reports whether the address was written as IPv4.
func (a Addr) Is4() bool { return !a.v6 }

// Is6 reports whether the address was written as IPv6.
func (a Addr) Is6() bool { return a.v6 }

// Version returns 4 or 6.
func (a Addr) Version() int {
	if a.v6 {
		return 6
	}
	return 4
}

// Uint128 returns the address as a 128-bit integer (high and low halves).
func (a Addr) Uint128() (hi, lo uint64) { return a.hi, a.lo }

// Compare compares the integer values of a and b (-1, 0, 1), ignoring versions.
func (a Addr) Compare(b Addr) int {
	switch {
	case a.hi < b.hi:
		return -1
	case a.hi > b.hi:
		return 1
	case a.lo < b.lo:
		return -1
	case a.lo > b.lo:
		return 1
	}
	return 0
}

// Next returns the address plus one, keeping the version. ok is false when
// the 128-bit value would overflow.
func (a Addr) Next() (Addr, bool) {
	lo, carry := bits.Add64(a.lo, 1, 0)
	hi, over := bits.Add64(a.hi, 0, carry)
	return Addr{hi: hi, lo: lo, v6: a.v6}, over == 0
}

// Prev returns the address minus one, keeping the version. ok is false when
// the value would go below zero.
func (a Addr) Prev() (Addr, bool) {
	lo, borrow := bits.Sub64(a.lo, 1, 0)
	hi, under := bits.Sub64(a.hi, 0, borrow)
	return Addr{hi: hi, lo: lo, v6: a.v6}, under == 0
}

// isMappedIPv4 reports ip-utils' isMappedIPv4: ::ffff:0:0/96, or the
// ::a.b.c.d notation.
func (a Addr) isMappedIPv4() bool {
	if !a.v6 {
		return false
	}
	return a.compat || (a.hi == 0 && a.lo>>32 == 0xffff)
}

// String formats the address (dotted quad, or RFC 5952 compressed IPv6
// without zone), like ip-utils' IPAddress.toString without the scope id.
func (a Addr) String() string {
	if !a.v6 {
		return format4(uint32(a.lo))
	}
	return format6(a.hi, a.lo)
}

func format4(v uint32) string {
	b := make([]byte, 0, 15)
	for i := 3; i >= 0; i-- {
		b = strconv.AppendUint(b, uint64(v>>(8*i)&0xff), 10)
		if i > 0 {
			b = append(b, '.')
		}
	}
	return string(b)
}

func format6(hi, lo uint64) string {
	var g [8]uint16
	for i := 0; i < 4; i++ {
		g[i] = uint16(hi >> (48 - 16*i))
		g[i+4] = uint16(lo >> (48 - 16*i))
	}
	start, n := longestZeroRun(g)
	b := make([]byte, 0, 39)
	for i := 0; i < 8; i++ {
		if n >= 2 && i == start {
			b = append(b, ':', ':')
			i += n - 1
			continue
		}
		if i > 0 && !(n >= 2 && i == start+n) {
			b = append(b, ':')
		}
		b = strconv.AppendUint(b, uint64(g[i]), 16)
	}
	return string(b)
}

func longestZeroRun(g [8]uint16) (start, n int) {
	cur, curStart := 0, 0
	for i, v := range g {
		if v != 0 {
			cur = 0
			continue
		}
		if cur == 0 {
			curStart = i
		}
		cur++
		if cur > n {
			start, n = curStart, cur
		}
	}
	return start, n
}
