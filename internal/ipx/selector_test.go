package ipx

import (
	"errors"
	"testing"
)

// ipQuery is an xLucene ip / ip_range leaf read by hand from
// lang/selector/testdata/cases.ndjson (and xlucene.md appendix B):
// term is a plain IP or CIDR; a range has bounds lo/hi and brackets.
type ipQuery struct {
	typ    string // "ip" or "ip_range"
	term   string
	lo, hi string
	br     string // "[]", "{}", "[}", "{]" for ranges
}

var errNotIP = errors.New("not a valid IP address")

// matchLeaf applies xlucene.md §5.11 using the package primitives.
func matchLeaf(q ipQuery, rec any) (bool, error) {
	s, isStr := rec.(string)
	if rec == nil {
		return false, nil
	}
	recCIDR, recIsCIDR := Prefix{}, false
	if isStr {
		recCIDR, recIsCIDR = ParseCIDR(s)
		recIsCIDR = recIsCIDR && recCIDR.Bits() > 0
	}
	if q.br != "" {
		r, ok := queryRange(q)
		return ok && inRange(r, recCIDR, recIsCIDR, s, isStr), nil
	}
	if qp, ok := ParseCIDR(q.term); ok {
		return inRange(qp.Range(), recCIDR, recIsCIDR, s, isStr), nil
	}
	qa, _ := ParseAddr(q.term)
	if recIsCIDR {
		return recCIDR.Contains(qa), nil
	}
	if q.typ == "ip_range" {
		return false, nil
	}
	ra, ok := ParseAddr(s)
	if !isStr || !ok {
		return false, errNotIP
	}
	return ra.Compare(qa) == 0, nil
}

func queryRange(q ipQuery) (Range, bool) {
	lo, ok1 := ParseAddr(q.lo)
	hi, ok2 := ParseAddr(q.hi)
	if q.br[0] == '{' {
		lo, ok1 = lo.Next()
	}
	if q.br[1] == '}' {
		hi, ok2 = hi.Prev()
	}
	r, err := NewRange(lo, hi)
	return r, ok1 && ok2 && err == nil
}

func inRange(r Range, rp Prefix, isCIDR bool, s string, isStr bool) bool {
	if isCIDR {
		return r.ContainsPrefix(rp)
	}
	a, ok := ParseAddr(s)
	return isStr && ok && r.Contains(a)
}

func TestSelectorIPCases(t *testing.T) {
	const v6 = "2001:0db8:0123:4567:89ab:cdef:1234:5678"
	const v6net = "2001:0db8:0123:4567:89ab:cdef:1234:0/112"
	ipT := func(term string) ipQuery { return ipQuery{typ: "ip", term: term} }
	rgT := func(term string) ipQuery { return ipQuery{typ: "ip_range", term: term} }
	rng := func(br string) ipQuery { return ipQuery{typ: "ip", lo: "192.198.0.0", hi: "192.198.0.255", br: br} }
	cases := []struct {
		id      int
		q       ipQuery
		rec     any
		want    bool
		wantErr bool
	}{
		{305, ipT("192.198.0.0/24"), "1:2:3:4:5:6:7:8", false, false},
		{307, ipT("fe80::/10"), "192.198.0.0/24", false, false},
		{308, ipT("fe80::/10"), "192.198.0.1", false, false},
		{309, ipT("fe80::/10"), "1:2:3:4:5:6:7:8", false, false},
		{312, ipT("1:2:3:4:5:6:7:8"), "192.198.0.1", false, false},
		{313, ipT("1:2:3:4:5:6:7:8"), "1:2:3:4:5:6:7:8", true, false},
		{315, rgT("192.198.0.0/24"), "192.198.0.0/24", true, false},
		{316, rgT("192.198.0.0/24"), "192.198.0.1", true, false},
		{317, rgT("192.198.0.0/24"), "1:2:3:4:5:6:7:8", false, false},
		{320, ipT("192.198.0.0/24"), nil, false, false},
		{321, ipT("192.198.0.0/24"), map[string]any{"some": "data"}, false, false},
		{322, ipT("192.198.0.0/24"), 12341234.0, false, false},
		{325, rng("[]"), "192.198.0.0", true, false},
		{326, rng("[]"), "192.198.0.1", true, false},
		{327, rng("[]"), "192.198.0.254", true, false},
		{329, rng("[]"), "192.198.0.0/30", true, false},
		{330, rng("{}"), "192.198.0.0", false, false},
		{333, rng("{}"), "192.198.0.255", false, false},
		{336, rng("[}"), "192.198.0.1", true, false},
		{339, rng("[}"), "192.198.0.0/30", true, false},
		{342, rng("{]"), "192.198.0.254", true, false},
		{344, rng("{]"), "192.198.0.0/30", false, false},
		{395, ipT("192.168.2.1"), "192.168.1.1", false, false},
		{397, ipT("192.168.2.1"), "::0.0.0.1", false, false},
		{398, ipT("192.168.2.1"), "::1", false, false},
		{399, ipT("192.168.2.1"), v6, false, false},
		{400, ipT("192.168.2.1"), "8.8.8.8", false, false},
		{401, ipT("192.168.2.1"), "192.168.2.1", true, false},
		{402, ipT("192.168.2.1"), "8.8.1.12", false, false},
		{403, ipT("192.168.2.1"), "2001:0db8:0123:4567:89ab:cdef:1234:0001", false, false},
		{404, ipT(v6), "192.168.1.1", false, false},
		{405, ipT(v6), "192.168.1.4", false, false},
		{406, ipT(v6), "::0.0.0.1", false, false},
		{407, ipT(v6), "::1", false, false},
		{408, ipT(v6), v6, true, false},
		{409, ipT(v6), "8.8.8.8", false, false},
		{410, ipT(v6), "192.168.2.1", false, false},
		{411, ipT(v6), "8.8.1.12", false, false},
		{412, ipT(v6), "2001:0db8:0123:4567:89ab:cdef:1234:0001", false, false},
		{413, ipT("::0.0.0.1"), "192.168.1.1", false, false},
		{414, ipT("::0.0.0.1"), "192.168.1.4", false, false},
		{415, ipT("::0.0.0.1"), "::0.0.0.1", true, false},
		{418, ipT("::0.0.0.1"), "8.8.8.8", false, false},
		{420, ipT("::0.0.0.1"), "8.8.1.12", false, false},
		{421, ipT("::0.0.0.1"), "2001:0db8:0123:4567:89ab:cdef:1234:0001", false, false},
		{422, ipT("192.168.1.0/29"), "192.168.1.1", true, false},
		{423, ipT("192.168.1.0/29"), "192.168.1.4", true, false},
		{424, ipT("192.168.1.0/29"), "::0.0.0.1", false, false},
		{425, ipT("192.168.1.0/29"), "::1", false, false},
		{426, ipT("192.168.1.0/29"), v6, false, false},
		{427, ipT("192.168.1.0/29"), "8.8.8.8", false, false},
		{428, ipT("192.168.1.0/29"), "192.168.2.1", false, false},
		{429, ipT("192.168.1.0/29"), "8.8.1.12", false, false},
		{432, rgT(v6net), "192.168.2.0/32", false, false},
		{433, rgT(v6net), "::1/128", false, false},
		{435, rgT(v6net), v6net, true, false},
		{436, rgT(v6net), "8.8.8.0/24", false, false},
		{437, rgT(v6net), "8.8.2.0/23", false, false},
		{440, rgT("::0.0.0.1"), "192.168.1.0/29", false, false},
		{441, rgT("::0.0.0.1"), "192.168.2.0/32", false, false},
		{442, rgT("::0.0.0.1"), "::1/128", true, false},
		{443, rgT("::0.0.0.1"), "172.16.0.0/12", false, false},
		{445, rgT("::0.0.0.1"), "8.8.8.0/24", false, false},
		{446, rgT("::0.0.0.1"), "8.8.2.0/23", false, false},
		{448, rgT("::0.0.0.1"), "2001:0db8:0123:4567:89ab:cdef:1234:0000/113", false, false},
		// xlucene.md appendix B observations (id 0).
		{0, ipT("1.2.3.4"), "1.2.3.0/24", true, false},
		{0, ipT("1.2.3.4"), "::1.2.3.4", true, false},
		{0, ipT("1.2.3.4"), "::ffff:1.2.3.4", false, false},
		{0, ipT("1.2.3.4"), "garbage", false, true},
		{0, ipT("1.2.3.0/24"), "1.2.3.0/25", true, false},
		{0, ipT("1.2.3.0/24"), "1.2.0.0/16", false, false},
		{0, ipT("1.2.3.0/24"), "garbage", false, false},
		{0, ipQuery{typ: "ip", lo: "1.2.3.4", hi: "255.255.255.255", br: "{]"}, "1.2.3.5", true, false},
		{0, ipQuery{typ: "ip", lo: "1.2.3.4", hi: "255.255.255.255", br: "{]"}, "1.2.3.4", false, false},
		{0, rgT("1.2.3.4"), "1.2.3.0/24", true, false},
		{0, rgT("1.2.3.4"), "1.2.3.4", false, false},
		{0, rgT("1.2.3.0/24"), "1.2.3.9", true, false},
		{0, rgT("1.2.3.0/24"), "1.2.0.0/16", false, false},
	}
	for _, c := range cases {
		got, err := matchLeaf(c.q, c.rec)
		if got != c.want || (err != nil) != c.wantErr {
			t.Errorf("case %d %+v on %v = %v, %v; want %v (err %v)", c.id, c.q, c.rec, got, err, c.want, c.wantErr)
		}
	}
}
