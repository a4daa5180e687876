package ipx

import (
	"errors"
	"strings"
)

// Prefix is a parsed CIDR block (ip-utils CIDRBlock).
type Prefix struct {
	addr        Addr // the address as written (may have host bits set)
	first, last Addr
	bits        int
}

// ParseCIDR parses "ip/prefix": the prefix is decimal digits without a
// leading zero, at most 32 (IPv4) or 128 (IPv6). The split is at the last
// '/', so the address part may carry a zone. /0 is accepted here (ip-utils
// isCIDR); use IsCIDR for the data-mate validator, which rejects it.
func ParseCIDR(s string) (Prefix, bool) {
	i := strings.LastIndexByte(s, '/')
	if i < 0 {
		return Prefix{}, false
	}
	bits, ok := parsePrefixLen(s[i+1:])
	if !ok {
		return Prefix{}, false
	}
	a, ok := ParseAddr(s[:i])
	if !ok || bits > maxBits(a) {
		return Prefix{}, false
	}
	return PrefixFrom(a, bits), true
}

// PrefixFrom returns the block of the given length containing a; bits must
// be within 0..32 (IPv4) or 0..128 (IPv6).
func PrefixFrom(a Addr, bits int) Prefix {
	host := hostMask(a, bits)
	first := Addr{hi: a.hi &^ host.hi, lo: a.lo &^ host.lo, v6: a.v6}
	last := Addr{hi: first.hi | host.hi, lo: first.lo | host.lo, v6: a.v6}
	return Prefix{addr: a, first: first, last: last, bits: bits}
}

func maxBits(a Addr) int {
	if a.v6 {
		return 128
	}
	return 32
}

// hostMask returns the host-bit mask of a /bits block as a 128-bit value.
func hostMask(a Addr, bits int) Addr {
	host := maxBits(a) - bits
	switch {
	case host >= 128:
		return Addr{hi: ^uint64(0), lo: ^uint64(0)}
	case host >= 64:
		return Addr{hi: 1<<(host-64) - 1, lo: ^uint64(0)}
	}
	return Addr{lo: 1<<host - 1}
}

// parsePrefixLen accepts /^\d+$/ without a leading zero (except "0").
func parsePrefixLen(s string) (int, bool) {
	if s == "" || len(s) > 3 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// IsCIDR is data-mate's isCIDR: a valid CIDR whose prefix is not 0.
func IsCIDR(s string) bool {
	p, ok := ParseCIDR(s)
	return ok && p.bits > 0
}

// Addr returns the address as written before masking.
func (p Prefix) Addr() Addr { return p.addr }

// Bits returns the prefix length.
func (p Prefix) Bits() int { return p.bits }

// First returns the network address (host bits zero).
func (p Prefix) First() Addr { return p.first }

// Last returns the last address of the block (host bits one).
func (p Prefix) Last() Addr { return p.last }

// Is6 reports whether the block was written as IPv6.
func (p Prefix) Is6() bool { return p.addr.v6 }

// Contains reports whether a lies in the block; the versions must match.
func (p Prefix) Contains(a Addr) bool {
	return a.v6 == p.addr.v6 && a.Compare(p.first) >= 0 && a.Compare(p.last) <= 0
}

// ContainsPrefix reports whether the whole block q lies inside p; the
// versions must match.
func (p Prefix) ContainsPrefix(q Prefix) bool {
	return p.Range().ContainsPrefix(q)
}

// Range returns the block as an inclusive address range.
func (p Prefix) Range() Range { return Range{min: p.first, max: p.last} }

// Range is an inclusive address interval (ip-utils IPRange). Its version is
// the version of its lower bound.
type Range struct{ min, max Addr }

// Range construction errors, worded like ip-utils IPRange.from.
var (
	ErrRangeVersion = errors.New("IPRange boundaries must be the same version")
	ErrRangeOrder   = errors.New("IPRange min must be <= max")
)

// NewRange builds [min, max]; both must be the same version and min <= max.
func NewRange(min, max Addr) (Range, error) {
	if min.v6 != max.v6 {
		return Range{}, ErrRangeVersion
	}
	if min.Compare(max) > 0 {
		return Range{}, ErrRangeOrder
	}
	return Range{min: min, max: max}, nil
}

// Min returns the lower bound.
func (r Range) Min() Addr { return r.min }

// Max returns the upper bound.
func (r Range) Max() Addr { return r.max }

// Contains reports whether a lies in the range; the versions must match.
func (r Range) Contains(a Addr) bool {
	return a.v6 == r.min.v6 && a.Compare(r.min) >= 0 && a.Compare(r.max) <= 0
}

// ContainsPrefix reports whether the whole block q lies in the range; the
// versions must match.
func (r Range) ContainsPrefix(q Prefix) bool {
	return q.addr.v6 == r.min.v6 && q.first.Compare(r.min) >= 0 && q.last.Compare(r.max) <= 0
}
