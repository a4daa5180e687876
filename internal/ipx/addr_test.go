package ipx

import (
	"strings"
	"testing"
)

func TestParseAddr(t *testing.T) {
	cases := []struct {
		in     string
		ok     bool
		str    string
		v6     bool
		compat bool
	}{
		{"0.0.0.0", true, "0.0.0.0", false, false},
		{"255.255.255.255", true, "255.255.255.255", false, false},
		{"1.2.3.4", true, "1.2.3.4", false, false},
		{"01.2.3.4", false, "", false, false},
		{"1.2.3.04", false, "", false, false},
		{"1.2.3.256", false, "", false, false},
		{"1.2.3", false, "", false, false},
		{"1.2.3.4.5", false, "", false, false},
		{"1..2.3", false, "", false, false},
		{"1.2.3.4.", false, "", false, false},
		{" 1.2.3.4", false, "", false, false},
		{"1.2.3.4\n", false, "", false, false},
		{"1.2.3.4%eth0", false, "", false, false},
		{"1.2.3.4/24", false, "", false, false},
		{"", false, "", false, false},
		{"::", true, "::", true, false},
		{"::1", true, "::1", true, false},
		{"1::", true, "1::", true, false},
		{"1:2:3:4:5:6:7::", true, "1:2:3:4:5:6:7:0", true, false},
		{"::2:3:4:5:6:7:8", true, "0:2:3:4:5:6:7:8", true, false},
		{"1:2:3:4:5:6:7:8", true, "1:2:3:4:5:6:7:8", true, false},
		{"1:2:3:4:5:6:7:8:9", false, "", false, false},
		{"1::2:3:4:5:6:7:8", false, "", false, false},
		{"1:2:3:4:5:6:7", false, "", false, false},
		{"1::2::3", false, "", false, false},
		{":::", false, "", false, false},
		{"::::", false, "", false, false},
		{":1:2:3:4:5:6:7", false, "", false, false},
		{"1:2:3:4:5:6:7:", false, "", false, false},
		{"12345::", false, "", false, false},
		{"2001:DB8::1", true, "2001:db8::1", true, false},
		{"2001:0db8:0000::0001", true, "2001:db8::1", true, false},
		{"fe80::1%eth0", true, "fe80::1", true, false},
		{"fe80::1%", true, "fe80::1", true, false},
		{"fe80::1% any thing/x", true, "fe80::1", true, false},
		{"%::1", false, "", false, false},
		{"[::1]", false, "", false, false},
		{" ::1", false, "", false, false},
		{"::1 ", false, "", false, false},
		{"::ffff:1.2.3.4", true, "::ffff:102:304", true, false},
		{"::1.2.3.4", true, "::102:304", true, true},
		{"::1.2.3.4%z", true, "::102:304", true, true},
		{"0::1.2.3.4", true, "::102:304", true, false},
		{"1:2:3:4:5:6:1.2.3.4", true, "1:2:3:4:5:6:102:304", true, false},
		{"1:2:3:4:5:6:7:1.2.3.4", false, "", false, false},
		{"::01.2.3.4", false, "", false, false},
		{"::1.2.3", false, "", false, false},
		{"1.2.3.4::", false, "", false, false},
		{"::1.2.3.4:5", false, "", false, false},
		{"1:::1.2.3.4", false, "", false, false},
		{":1.2.3.4", false, "", false, false},
		{"gggg::", false, "", false, false},
		{"1:0:0:1:0:0:0:1", true, "1:0:0:1::1", true, false},
		{"1:0:1:0:1:0:1:0", true, "1:0:1:0:1:0:1:0", true, false},
	}
	for _, c := range cases {
		a, ok := ParseAddr(c.in)
		if ok != c.ok {
			t.Errorf("ParseAddr(%q) ok = %v, want %v", c.in, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		if a.String() != c.str || a.Is6() != c.v6 || a.compat != c.compat {
			t.Errorf("ParseAddr(%q) = %s v6=%v compat=%v, want %s %v %v", c.in, a, a.Is6(), a.compat, c.str, c.v6, c.compat)
		}
	}
}

func TestVersionHelpers(t *testing.T) {
	cases := []struct {
		in         string
		ip, v4, v6 bool
	}{
		{"1.2.3.4", true, true, false},
		{"::1", true, false, true},
		{"::1.2.3.4", true, false, true},
		{"x", false, false, false},
	}
	for _, c := range cases {
		if IsIP(c.in) != c.ip || IsIPv4(c.in) != c.v4 || IsIPv6(c.in) != c.v6 {
			t.Errorf("%q: IsIP %v IsIPv4 %v IsIPv6 %v", c.in, IsIP(c.in), IsIPv4(c.in), IsIPv6(c.in))
		}
	}
}

func TestCompareAcrossVersions(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"1.2.3.4", "::1.2.3.4", 0},
		{"1.2.3.4", "::102:304", 0},
		{"1.2.3.4", "::ffff:1.2.3.4", -1},
		{"::1", "0.0.0.1", 0},
		{"ffff::", "255.255.255.255", 1},
	}
	for _, c := range cases {
		a, _ := ParseAddr(c.a)
		b, _ := ParseAddr(c.b)
		if got := a.Compare(b); got != c.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestNextPrev(t *testing.T) {
	cases := []struct {
		in, next, prev string
		nextOK, prevOK bool
	}{
		{"1.2.3.4", "1.2.3.5", "1.2.3.3", true, true},
		{"0.0.0.0", "0.0.0.1", "", true, false},
		{"::", "::1", "", true, false},
		{"::ffff:ffff:ffff:ffff", "0:0:0:1::", "::ffff:ffff:ffff:fffe", true, true},
		{"ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe", false, true},
	}
	for _, c := range cases {
		a, _ := ParseAddr(c.in)
		n, nok := a.Next()
		p, pok := a.Prev()
		if nok != c.nextOK || (nok && n.String() != c.next) {
			t.Errorf("Next(%s) = %s, %v", c.in, n, nok)
		}
		if pok != c.prevOK || (pok && p.String() != c.prev) {
			t.Errorf("Prev(%s) = %s, %v", c.in, p, pok)
		}
	}
	a, _ := ParseAddr("255.255.255.255")
	n, ok := a.Next()
	if !ok || n.Is6() || n.Compare(Addr{hi: 0, lo: 1 << 32}) != 0 {
		t.Errorf("Next(255.255.255.255) = %v %v", n, ok)
	}
}

func TestParseCIDR(t *testing.T) {
	cases := []struct {
		in          string
		ok, nonZero bool
		first, last string
		bits        int
	}{
		{"10.1.2.3/8", true, true, "10.0.0.0", "10.255.255.255", 8},
		{"1.2.3.4/32", true, true, "1.2.3.4", "1.2.3.4", 32},
		{"1.2.3.4/0", true, false, "0.0.0.0", "255.255.255.255", 0},
		{"1.2.3.4/33", false, false, "", "", 0},
		{"1.2.3.4/01", false, false, "", "", 0},
		{"1.2.3.4/", false, false, "", "", 0},
		{"1.2.3.4/ 8", false, false, "", "", 0},
		{"1.2.3.4/+8", false, false, "", "", 0},
		{"1.2.3.4", false, false, "", "", 0},
		{"::/0", true, false, "::", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 0},
		{"2001:db8::1/32", true, true, "2001:db8::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", 32},
		{"2001:db8::1/64", true, true, "2001:db8::", "2001:db8::ffff:ffff:ffff:ffff", 64},
		{"2001:db8::1/65", true, true, "2001:db8::", "2001:db8::7fff:ffff:ffff:ffff", 65},
		{"::1/128", true, true, "::1", "::1", 128},
		{"::1/129", false, false, "", "", 0},
		{"fe80::1%eth0/64", true, true, "fe80::", "fe80::ffff:ffff:ffff:ffff", 64},
		{"fe80::1%a/b/10", true, true, "fe80::", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 10},
		{"notanip/12", false, false, "", "", 0},
	}
	for _, c := range cases {
		p, ok := ParseCIDR(c.in)
		if ok != c.ok || IsCIDR(c.in) != c.nonZero {
			t.Errorf("ParseCIDR(%q) ok = %v IsCIDR = %v", c.in, ok, IsCIDR(c.in))
			continue
		}
		if ok && (p.First().String() != c.first || p.Last().String() != c.last || p.Bits() != c.bits) {
			t.Errorf("ParseCIDR(%q) = %s-%s /%d", c.in, p.First(), p.Last(), p.Bits())
		}
	}
}

func TestPrefixContains(t *testing.T) {
	p, _ := ParseCIDR("8.8.8.0/24")
	q, _ := ParseCIDR("8.8.8.0/25")
	v6, _ := ParseCIDR("::808:800/120")
	cases := []struct {
		addr string
		want bool
	}{
		{"8.8.8.8", true}, {"8.8.9.0", false}, {"::8.8.8.8", false}, {"::ffff:8.8.8.8", false},
	}
	for _, c := range cases {
		a, _ := ParseAddr(c.addr)
		if p.Contains(a) != c.want {
			t.Errorf("8.8.8.0/24 contains %s = %v", c.addr, !c.want)
		}
	}
	if !p.ContainsPrefix(q) || q.ContainsPrefix(p) || p.ContainsPrefix(v6) {
		t.Error("ContainsPrefix mismatch")
	}
}

func TestNewRange(t *testing.T) {
	a, _ := ParseAddr("1.2.3.4")
	b, _ := ParseAddr("1.2.3.9")
	c, _ := ParseAddr("::1")
	if _, err := NewRange(b, a); err != ErrRangeOrder {
		t.Errorf("NewRange(b, a) err = %v", err)
	}
	if _, err := NewRange(a, c); err != ErrRangeVersion {
		t.Errorf("NewRange(v4, v6) err = %v", err)
	}
	r, err := NewRange(a, b)
	if err != nil || !r.Contains(a) || !r.Contains(b) || r.Min() != a || r.Max() != b {
		t.Errorf("NewRange(a, b) = %v, %v", r, err)
	}
}

func TestRoutableEdges(t *testing.T) {
	cases := []struct {
		in       string
		routable bool
	}{
		{"::ffff:10.0.0.1", false},
		{"::10.0.0.1", false},    // IPv4-compatible form: embedded v4 decides
		{"0::10.0.0.1", true},    // not the ::a.b.c.d spelling: plain v6 table
		{"::ffff:0:0", false},    // mapped 0.0.0.0
		{"::ffff:808:808", true}, // mapped 8.8.8.8 written in hex
		{"::2", true},
		{"255.255.255.255", false},
		{"255.255.255.254", false}, // 240.0.0.0/4
		{"223.255.255.255", true},
		{"225.0.0.1", true}, // only 224.0.0.0/8 of multicast is listed
		{"2001:200::", true},
		{"2001:1ff:ffff::", false},
		{"fe80::1%", false},
	}
	for _, c := range cases {
		if IsRoutable(c.in) != c.routable || IsNonRoutable(c.in) == c.routable {
			t.Errorf("%s routable = %v, want %v", c.in, IsRoutable(c.in), c.routable)
		}
	}
	if IsRoutable("bad") || IsNonRoutable("bad") {
		t.Error("invalid IP must be false for both")
	}
}

func TestInIPRangeEdges(t *testing.T) {
	cases := []struct {
		in, cidr, min, max string
		want               bool
	}{
		{"8.8.8.8", "0.0.0.0/0", "", "", true}, // ip-utils isCIDR allows /0
		{"8.8.8.8", "bad", "", "", false},
		{"::8.8.8.8", "", "8.8.8.0", "8.8.8.9", true}, // integer comparison
		{"8.8.8.8", "", "8.8.8.8", "8.8.8.8", true},
		{"8.8.8.8", "", "bad", "", false},
		{"::1", "", "", "", true},
	}
	for _, c := range cases {
		if got := InIPRange(c.in, c.cidr, c.min, c.max); got != c.want {
			t.Errorf("InIPRange(%q, %q, %q, %q) = %v", c.in, c.cidr, c.min, c.max, got)
		}
	}
}

func BenchmarkParseAddrV4(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, ok := ParseAddr("192.168.100.200"); !ok {
			b.Fatal("parse")
		}
	}
}

func BenchmarkParseAddrV6(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, ok := ParseAddr("2001:db8:85a3:8d3:1319:8a2e:370:7348"); !ok {
			b.Fatal("parse")
		}
	}
}

func BenchmarkParseAddrV6Compressed(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, ok := ParseAddr("fe80::1ff:fe23:4567:890a%eth2"); !ok {
			b.Fatal("parse")
		}
	}
}

func BenchmarkParseAddrV6Mapped(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, ok := ParseAddr("::ffff:192.168.1.18"); !ok {
			b.Fatal("parse")
		}
	}
}

func BenchmarkIsRoutable(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		IsRoutable("2620:4f:123::")
	}
}

func BenchmarkInIPRangeCIDR(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		InIPRange("8.8.8.8", "8.8.8.0/24", "", "")
	}
}

func TestAccessors(t *testing.T) {
	a, _ := ParseAddr("::1.2.3.4")
	hi, lo := a.Uint128()
	if a.Is4() || a.Version() != 6 || hi != 0 || lo != 0x01020304 {
		t.Errorf("accessors: %v %d %x %x", a.Is4(), a.Version(), hi, lo)
	}
	b, _ := ParseAddr("10.0.0.1")
	if !b.Is4() || b.Version() != 4 {
		t.Error("v4 accessors")
	}
	p, _ := ParseCIDR("10.1.2.3/8")
	if p.Addr().String() != "10.1.2.3" || p.Is6() {
		t.Errorf("Prefix.Addr = %s", p.Addr())
	}
}

// ParseAddr4 accepts exactly what ParseAddr accepts without a colon.
func TestParseAddr4AgreesWithParseAddr(t *testing.T) {
	for _, s := range []string{"1.2.3.4", "0.0.0.0", "255.255.255.255", "256.1.1.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "1..3.4",
		"", "a.b.c.d", "1.2.3.4/8", "::1", "::ffff:1.2.3.4", " 1.2.3.4", "1.2.3.4%z", "1.2.3.-4", "1.2.3.4a"} {
		a4, ok4 := ParseAddr4(s)
		a, ok := ParseAddr(s)
		if ok4 && (!ok || a4 != a) || !ok4 && ok && !strings.Contains(s, ":") {
			t.Errorf("%q: ParseAddr4 %v %v, ParseAddr %v %v", s, a4, ok4, a, ok)
		}
	}
}
