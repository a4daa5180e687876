package ipx

import "strings"

// parse4 parses a strict dotted quad: four decimal octets 0-255 without
// leading zeros (ip-utils IPV4_RE).
func parse4(s string) (uint32, bool) {
	var v uint32
	part, digits := uint32(0), 0
	dots := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
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

// parse6 follows ip-utils parseIPv6Int: the zone (from the first '%') is
// dropped, an embedded dotted-quad tail becomes two groups, "::" expands to
// at least one zero group, and every group is 1-4 hex digits.
func parse6(raw string) (Addr, bool) {
	s := raw
	if i := strings.IndexByte(s, '%'); i >= 0 {
		s = s[:i]
	}
	var g [8]uint16
	n, ok := groups6(s, &g)
	if !ok || n != 8 {
		return Addr{}, false
	}
	a := Addr{v6: true, compat: isCompat(raw)}
	for i := 0; i < 4; i++ {
		a.hi = a.hi<<16 | uint64(g[i])
		a.lo = a.lo<<16 | uint64(g[i+4])
	}
	return a, true
}

// groups6 fills g with the groups of s and returns how many it produced.
// An embedded dotted-quad tail (after the last ':') supplies the last two
// groups, as if it had been rewritten to hex like ip-utils does.
func groups6(s string, g *[8]uint16) (int, bool) {
	last := strings.LastIndexByte(s, ':')
	if last < 0 || strings.IndexByte(s[last+1:], '.') < 0 {
		return expand6(s, 0, g)
	}
	if !dottedShape(s[last+1:]) {
		return 0, false
	}
	v, ok := parse4(s[last+1:])
	if !ok {
		return 0, false
	}
	g[6], g[7] = uint16(v>>16), uint16(v)
	return expand6(s[:last+1], 2, g)
}

// expand6 splits s on "::" the way String.prototype.split does and expands
// it into g[:8-extra]; extra (0 or 2) groups are already in place at the end,
// in which case s ends with the ':' that preceded them.
func expand6(s string, extra int, g *[8]uint16) (int, bool) {
	i := strings.Index(s, "::")
	if i < 0 {
		n, ok := hexGroups(dropColon(s, extra), g[:8-extra])
		return n + extra, ok
	}
	left, right := s[:i], s[i+2:]
	if strings.Contains(right, "::") {
		return 0, false
	}
	var r [8]uint16
	nl, nr, ok := 0, 0, true
	if left != "" {
		nl, ok = hexGroups(left, g[:8-extra])
	}
	if ok && right != "" {
		nr, ok = hexGroups(dropColon(right, extra), r[:8-extra])
	}
	if !ok || 8-nl-nr-extra <= 0 {
		return 0, false
	}
	clear(g[nl : 8-nr-extra])
	copy(g[8-nr-extra:], r[:nr])
	return 8, true
}

// dropColon removes the ':' that preceded an embedded IPv4 tail.
func dropColon(s string, extra int) string {
	if extra == 0 {
		return s
	}
	return s[:len(s)-1]
}

// hexGroups parses ':'-separated 1-4 digit hex groups into dst.
func hexGroups(s string, dst []uint16) (int, bool) {
	n, v, digits := 0, uint16(0), 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ':' {
			if digits == 0 || n == len(dst) {
				return 0, false
			}
			dst[n], n, v, digits = v, n+1, 0, 0
			continue
		}
		h, ok := hexVal(s[i])
		if !ok || digits == 4 {
			return 0, false
		}
		v, digits = v<<4|h, digits+1
	}
	return n, true
}

func hexVal(c byte) (uint16, bool) {
	switch {
	case c >= '0' && c <= '9':
		return uint16(c - '0'), true
	case c >= 'a' && c <= 'f':
		return uint16(c-'a') + 10, true
	case c >= 'A' && c <= 'F':
		return uint16(c-'A') + 10, true
	}
	return 0, false
}

// dottedShape reports /^\d+\.\d+\.\d+\.\d+$/.
func dottedShape(s string) bool {
	dots, digits := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && digits > 0:
			dots, digits = dots+1, 0
		default:
			return false
		}
	}
	return dots == 3 && digits > 0
}

// isCompat reports /^::(\d+\.\d+\.\d+\.\d+)(%.*)?$/ on the raw input.
func isCompat(raw string) bool {
	if !strings.HasPrefix(raw, "::") {
		return false
	}
	s, zone := raw[2:], ""
	if i := strings.IndexByte(s, '%'); i >= 0 {
		s, zone = s[:i], s[i+1:]
	}
	return dottedShape(s) && !hasLineTerminator(zone)
}

func hasLineTerminator(s string) bool {
	return strings.ContainsAny(s, "\n\r\u2028\u2029")
}
