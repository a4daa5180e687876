package ipx

import "strings"

// IsIP reports whether s is an IPv4 or IPv6 address (ip-utils isIP). It
// is ParseAddr with the dotted quad tried first: text that is one has no
// colon.
func IsIP(s string) bool {
	if _, ok := parse4(s); ok {
		return true
	}
	if strings.IndexByte(s, ':') < 0 {
		return false
	}
	_, ok := parse6(s)
	return ok
}

// IsIPv4 reports whether s is a strict dotted-quad IPv4 address.
func IsIPv4(s string) bool {
	_, ok := parse4(s)
	return ok
}

// IsIPv6 reports whether s is an IPv6 address (it must contain ':').
func IsIPv6(s string) bool {
	a, ok := ParseAddr(s)
	return ok && a.v6
}

// IsRoutable is ip-utils isRoutableIP: false for an invalid IP.
func IsRoutable(s string) bool {
	a, ok := ParseAddr(s)
	return ok && a.routable()
}

// IsNonRoutable is ip-utils isNonRoutableIP: false for an invalid IP.
func IsNonRoutable(s string) bool {
	a, ok := ParseAddr(s)
	return ok && !a.routable()
}

// Family bounds used when inIPRange has no min or max.
var (
	min4, max4 = Addr{}, Addr{lo: 0xffffffff}
	min6, max6 = Addr{v6: true}, Addr{hi: ^uint64(0), lo: ^uint64(0), v6: true}
)

// InIPRange is ip-utils/data-mate inIPRange. An empty string stands for an
// absent argument. With cidr, the input must lie in the block (same version;
// /0 is allowed here). Otherwise min and max default to the input's whole
// family, must be valid and of one version with min <= max, and the input is
// compared as an integer against the inclusive bounds.
func InIPRange(input, cidr, min, max string) bool {
	a, ok := ParseAddr(input)
	if !ok {
		return false
	}
	if cidr != "" {
		p, ok := ParseCIDR(cidr)
		return ok && p.Contains(a)
	}
	lo, hi := min4, max4
	if a.v6 {
		lo, hi = min6, max6
	}
	if lo, ok = boundOr(min, lo); !ok {
		return false
	}
	if hi, ok = boundOr(max, hi); !ok {
		return false
	}
	if lo.v6 != hi.v6 || lo.Compare(hi) > 0 {
		return false
	}
	return a.Compare(lo) >= 0 && a.Compare(hi) <= 0
}

func boundOr(s string, def Addr) (Addr, bool) {
	if s == "" {
		return def, true
	}
	return ParseAddr(s)
}
