package ipx

import "strings"

// parse4 parses a strict dotted quad: four decimal octets 0-255 without
// leading zeros (ip-utils IPV4_RE), octet by octet.
func parse4(s string) (uint32, bool) {
	var v uint32
	i := 0
	for k := 0; k < 4; k++ {
		if k > 0 {
			if i >= len(s) || s[i] != '.' {
				return 0, false
			}
			i++
		}
		part, n := octet(s, i)
		if n == 0 || part > 255 {
			return 0, false
		}
		v, i = v<<8|part, i+n
	}
	return v, i == len(s)
}

// octet reads the decimal octet at s[i:]: its value and its length, 0 when
// there is no digit; a leading 0 is the whole octet (what follows it is
// then not a dot).
func octet(s string, i int) (uint32, int) {
	if i >= len(s) || s[i]-'0' > 9 {
		return 0, 0
	}
	part, n := uint32(s[i]-'0'), 1
	if part == 0 {
		return 0, 1
	}
	for ; n < 3 && i+n < len(s) && s[i+n]-'0' <= 9; n++ {
		part = part*10 + uint32(s[i+n]-'0')
	}
	return part, n
}

// parse6 follows ip-utils parseIPv6Int in one pass: the zone (from the
// first '%') is dropped, a dotted-quad tail after the last ':' supplies the
// last two groups, "::" stands for at least one zero group, and every group
// is 1-4 hex digits.
func parse6(raw string) (Addr, bool) {
	s := raw
	if i := strings.IndexByte(s, '%'); i >= 0 {
		s = s[:i]
	}
	var g [8]uint16
	n, gap, ok := scan6(s, &g)
	if !ok || (gap < 0 && n != 8) || (gap >= 0 && n >= 8) {
		return Addr{}, false
	}
	if gap >= 0 {
		moved := n - gap
		copy(g[8-moved:], g[gap:n])
		clear(g[gap : 8-moved])
	}
	a := Addr{v6: true, compat: isCompat(raw)}
	for i := 0; i < 4; i++ {
		a.hi = a.hi<<16 | uint64(g[i])
		a.lo = a.lo<<16 | uint64(g[i+4])
	}
	return a, true
}

// scan6 reads the groups of s into g and reports how many there are and
// where "::" was (-1 if absent).
func scan6(s string, g *[8]uint16) (n, gap int, ok bool) {
	gap, i := -1, 0
	if strings.HasPrefix(s, "::") {
		gap, i = 0, 2
	} else if strings.HasPrefix(s, ":") {
		return 0, 0, false
	}
	for i < len(s) {
		start := i
		v, end, ok := hexRun(s, i)
		if end < len(s) && s[end] == '.' {
			return dottedTail(s, start, n, gap, g)
		}
		if !ok || n == 8 {
			return 0, 0, false
		}
		g[n], n, i = v, n+1, end
		if i == len(s) {
			break
		}
		if s[i] != ':' || i+1 == len(s) {
			return 0, 0, false
		}
		if i++; s[i] == ':' {
			if gap >= 0 {
				return 0, 0, false
			}
			gap, i = n, i+1
		}
	}
	return n, gap, true
}

// hexRun parses 1-4 hex digits at s[i:] and returns the value and the end.
func hexRun(s string, i int) (uint16, int, bool) {
	var v uint16
	start := i
	for ; i < len(s); i++ {
		h := hexTable[s[i]]
		if h < 0 {
			break
		}
		v = v<<4 | uint16(h)
	}
	return v, i, i > start && i-start <= 4
}

// dottedTail handles an IPv4 tail starting at s[start:] (after a ':').
func dottedTail(s string, start, n, gap int, g *[8]uint16) (int, int, bool) {
	if start == 0 || n > 6 || !dottedShape(s[start:]) {
		return 0, 0, false
	}
	v, ok := parse4(s[start:])
	if !ok {
		return 0, 0, false
	}
	g[n], g[n+1] = uint16(v>>16), uint16(v)
	return n + 2, gap, true
}

func hexVal(c byte) (uint16, bool) {
	v := hexTable[c]
	return uint16(v), v >= 0
}

// hexTable maps ASCII hex digits (either case) to their value, others to -1.
var hexTable = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < 10; i++ {
		t['0'+i] = int8(i)
	}
	for i := 0; i < 6; i++ {
		t['a'+i], t['A'+i] = int8(10+i), int8(10+i)
	}
	return t
}()

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
