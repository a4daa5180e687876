package ipx

// span is an inclusive 128-bit interval.
type span struct{ lo, hi Addr }

func cidr4(a, b, c, d byte, bits int) span {
	p := PrefixFrom(AddrFrom4(a, b, c, d), bits)
	return span{p.first, p.last}
}

func cidr6(g0, g1, g2 uint16, bits int) span {
	a := Addr{hi: uint64(g0)<<48 | uint64(g1)<<32 | uint64(g2)<<16, v6: true}
	p := PrefixFrom(a, bits)
	return span{p.first, p.last}
}

// nonRoutable4 is ip-utils NON_ROUTABLE_IPV4 (utils/ip-address.ts).
var nonRoutable4 = [...]span{
	cidr4(0, 0, 0, 0, 8),          // unspecified
	cidr4(10, 0, 0, 0, 8),         // private
	cidr4(100, 64, 0, 0, 10),      // carrier-grade NAT
	cidr4(127, 0, 0, 0, 8),        // loopback
	cidr4(169, 254, 0, 0, 16),     // link-local
	cidr4(172, 16, 0, 0, 12),      // private
	cidr4(192, 0, 0, 0, 24),       // IETF protocol assignments
	cidr4(192, 0, 2, 0, 24),       // TEST-NET-1
	cidr4(192, 31, 196, 0, 24),    // AS112-v4
	cidr4(192, 52, 193, 0, 24),    // AMT
	cidr4(192, 88, 99, 0, 24),     // 6to4 relay anycast
	cidr4(192, 168, 0, 0, 16),     // private
	cidr4(192, 175, 48, 0, 24),    // AS112-v4
	cidr4(198, 18, 0, 0, 15),      // benchmarking
	cidr4(198, 51, 100, 0, 24),    // TEST-NET-2
	cidr4(203, 0, 113, 0, 24),     // TEST-NET-3
	cidr4(224, 0, 0, 0, 8),        // multicast (restricted block)
	cidr4(240, 0, 0, 0, 4),        // class E
	cidr4(255, 255, 255, 255, 32), // broadcast
}

// nonRoutable6 is ip-utils NON_ROUTABLE_IPV6.
var nonRoutable6 = [...]span{
	{Addr{v6: true}, Addr{v6: true}},               // ::
	{Addr{lo: 1, v6: true}, Addr{lo: 1, v6: true}}, // ::1
	cidr6(0x64, 0xff9b, 0, 96),                     // NAT64
	cidr6(0x64, 0xff9b, 1, 48),                     // local NAT64
	cidr6(0x100, 0, 0, 64),                         // discard
	cidr6(0xfc00, 0, 0, 7),                         // unique local
	cidr6(0xfe80, 0, 0, 10),                        // link-local
	cidr6(0xff00, 0, 0, 8),                         // multicast
	{Addr{lo: 0xffff << 32, v6: true}, Addr{lo: 0xffff<<32 | 0xffffffff, v6: true}}, // ::ffff:0:0/96
	cidr6(0x2001, 0, 0, 23),         // IANA special
	cidr6(0x2001, 0x0db8, 0, 32),    // documentation
	cidr6(0x2002, 0, 0, 16),         // 6to4
	cidr6(0x2620, 0x4f, 0x8000, 48), // AS112-v6
}

func inSpans(a Addr, spans []span) bool {
	for _, s := range spans {
		if a.Compare(s.lo) >= 0 && a.Compare(s.hi) <= 0 {
			return true
		}
	}
	return false
}

// routable is ip-utils IPAddress.isRoutable.
func (a Addr) routable() bool {
	if !a.v6 {
		return !inSpans(a, nonRoutable4[:])
	}
	if a.isMappedIPv4() {
		return !inSpans(Addr{lo: a.lo & 0xffffffff}, nonRoutable4[:])
	}
	return !inSpans(a, nonRoutable6[:])
}
