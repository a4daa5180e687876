package selector

import (
	"github.com/sluice-dev/sluice/internal/jsre"
	"math"
	"strings"
	"time"

	"github.com/sluice-dev/sluice/internal/ipx"
	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/record"
)

// recordInstant converts a record value of a date-typed field into epoch
// milliseconds (xlucene.md §5.10): integers are milliseconds, strings go
// through the lenient JavaScript date parse (date math and durations
// relative to now included); anything else is not a date.
func recordInstant(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		if x != math.Trunc(x) || math.IsInf(x, 0) {
			return 0, false
		}
		return x, true
	case string:
		if ms, ok := jsdate.Parse(x); ok {
			return ms, true
		}
		return jsdate.ParseLenient(x, time.Now())
	}
	return 0, false
}

// queryInstant converts a query value; dateValue instants were resolved at
// parse time.
func queryInstant(v any) (float64, bool) {
	if d, ok := v.(dateValue); ok {
		return float64(d), true
	}
	return recordInstant(v)
}

func (b *builder) dateTerm(n *Node) (pred, error) {
	ms, ok := queryInstant(n.Value.V)
	if !ok {
		return nil, b.errAt(n, "Invalid date format "+record.ToString(n.Value.V))
	}
	return dateEq(ms), nil
}

type dateEq float64

func (d dateEq) test(v any, _ bool, b *jsre.Budget) bool {
	ms, ok := recordInstant(v)
	return ok && ms == float64(d)
}

// dateRange builds the inclusive interval of a date range. A missing, *
// or falsy bound is unbounded. gt/lt are strict (the reference adds 1 ms to
// lt, see docs/compat.md).
func (b *builder) dateRange(n *Node) (pred, error) {
	r := &dateInterval{lo: math.Inf(-1), hi: math.Inf(1)}
	for _, bd := range []*Bound{n.Left, n.Right} {
		if bd == nil || isUnbounded(bd.Value.V) {
			continue
		}
		ms, ok := queryInstant(bd.Value.V)
		if !ok {
			return nil, b.errAt(n, "Invalid date format "+record.ToString(bd.Value.V))
		}
		r.set(bd.Op, ms)
	}
	return r, nil
}

func isUnbounded(v any) bool {
	if f, ok := v.(float64); ok && math.IsInf(f, 0) {
		return true
	}
	if _, ok := v.(dateValue); ok {
		return false
	}
	return !record.Truthy(v)
}

type dateInterval struct {
	lo, hi             float64
	loStrict, hiStrict bool
}

func (r *dateInterval) set(op string, ms float64) {
	switch op {
	case "gte":
		r.lo = ms
	case "gt":
		r.lo, r.loStrict = ms, true
	case "lte":
		r.hi = ms
	case "lt":
		r.hi, r.hiStrict = ms, true
	}
}

func (r *dateInterval) test(v any, _ bool, b *jsre.Budget) bool {
	ms, ok := recordInstant(v)
	if !ok {
		return false
	}
	if ms < r.lo || r.loStrict && ms == r.lo {
		return false
	}
	return ms < r.hi || !r.hiStrict && ms == r.hi
}

// ipTerm builds an ip-typed term: a CIDR query matches records inside the
// block, a plain address matches equal addresses and record blocks that
// contain it.
func (b *builder) ipTerm(n *Node) (pred, error) {
	s, _ := n.Value.V.(string)
	if strings.Contains(s, "/") {
		pfx, ok := ipx.ParseCIDR(s)
		if !ok {
			return never{}, nil
		}
		return newIPBlock(pfx.Range()), nil
	}
	a, ok := ipx.ParseAddr(s)
	if !ok {
		return never{}, nil
	}
	return ipEq{a}, nil
}

type ipEq struct{ a ipx.Addr }

// test: a record that is neither an address nor a block does not match (the
// reference throws here, failing the batch; see docs/compat.md).
func (q ipEq) test(v any, _ bool, b *jsre.Budget) bool {
	s, ok := v.(string)
	return ok && q.testString(s)
}

// testString is test on a string.
func (q *ipEq) testString(s string) bool {
	if a, ok := ipx.ParseAddr4(s); ok { // the common case; a dotted quad is no block
		return a.Compare(q.a) == 0
	}
	return q.equalsText(s)
}

// equalsText is the general test of a record string: a block containing the
// address, or an equal address.
func (q ipEq) equalsText(s string) bool {
	if pfx, ok := recordBlock(s); ok {
		return pfx.Contains(q.a)
	}
	a, ok := ipx.ParseAddr(s)
	return ok && a.Compare(q.a) == 0
}

func recordBlock(s string) (ipx.Prefix, bool) {
	if !strings.Contains(s, "/") {
		return ipx.Prefix{}, false
	}
	pfx, ok := ipx.ParseCIDR(s)
	return pfx, ok && pfx.Bits() > 0
}

type ipBlock struct {
	r ipx.Range
	// An IPv4 range's addresses have a first octet within [loOctet, hiOctet]:
	// a dotted quad starting with another cannot be in it. For an IPv6
	// range the bounds hold every number leadingNumber reads: no quick
	// answer.
	loOctet, hiOctet int
}

func newIPBlock(r ipx.Range) ipBlock {
	q := ipBlock{r: r, loOctet: 0, hiOctet: 999}
	if r.Min().Is4() {
		_, lo := r.Min().Uint128()
		_, hi := r.Max().Uint128()
		q.loOctet, q.hiOctet = int(lo>>24), int(hi>>24)
	}
	return q
}

func (q ipBlock) test(v any, _ bool, b *jsre.Budget) bool {
	s, ok := v.(string)
	if !ok {
		return false
	}
	return q.holdsString(s)
}

// holdsString is test on a string. For an IPv4 range, s starting with a
// number and a dot, out of the range's first octets, is not in it: then
// testText finds no address in the range: a dotted quad s is
// (ipx.ParseAddr4) has that number as its first octet; a block s is has,
// as its written address, either IPv6 (not in an IPv4 range) or a dotted
// quad with that first octet, and a block holds its written address; an
// address s is otherwise is IPv6.
func (q *ipBlock) holdsString(s string) bool {
	if o, ok := leadingNumber(s); ok && (o < q.loOctet || o > q.hiOctet) {
		return false
	}
	return q.testText(s)
}

// testText is test on a string, without the first octet's shortcut.
func (q *ipBlock) testText(s string) bool {
	if a, ok := ipx.ParseAddr4(s); ok { // the common case; a dotted quad is no block
		return q.r.Contains(a)
	}
	return q.holdsText(s)
}

// leadingNumber reads the one to three digits s starts with, followed by
// a dot.
func leadingNumber(s string) (int, bool) {
	n, i := 0, 0
	for ; i < len(s) && i < 4 && s[i] >= '0' && s[i] <= '9'; i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n, i > 0 && i < 4 && i < len(s) && s[i] == '.'
}

// holdsText is the general test of a record string: a block inside the
// range, or an address in it.
func (q *ipBlock) holdsText(s string) bool {
	if pfx, ok := recordBlock(s); ok {
		return q.r.ContainsPrefix(pfx)
	}
	a, ok := ipx.ParseAddr(s)
	return ok && q.r.Contains(a)
}

// ipRangeTerm: on an ip_range field a plain address matches record blocks
// that contain it.
func (b *builder) ipRangeTerm(n *Node) (pred, error) {
	s, _ := n.Value.V.(string)
	a, ok := ipx.ParseAddr(s)
	if !ok {
		return never{}, nil
	}
	return ipInRecordBlock{a}, nil
}

type ipInRecordBlock struct{ a ipx.Addr }

func (q ipInRecordBlock) test(v any, _ bool, b *jsre.Budget) bool {
	s, ok := v.(string)
	if !ok {
		return false
	}
	pfx, ok := recordBlock(s)
	return ok && pfx.Contains(q.a)
}

// ipRange turns range bounds into an inclusive address interval.
func (b *builder) ipRange(n *Node) (pred, error) {
	var lo, hi *ipx.Addr
	v6 := false
	for _, bd := range []*Bound{n.Left, n.Right} {
		if bd == nil {
			continue
		}
		s, _ := bd.Value.V.(string)
		a, ok := ipx.ParseAddr(s)
		if !ok {
			continue
		}
		v6 = v6 || a.Is6()
		if a, ok = stepAddr(a, bd.Op); !ok {
			return never{}, nil
		}
		if bd.Op == "gte" || bd.Op == "gt" {
			lo = &a
		} else {
			hi = &a
		}
	}
	min, max := familyBounds(v6)
	if lo != nil {
		min = *lo
	}
	if hi != nil {
		max = *hi
	}
	r, err := ipx.NewRange(min, max)
	if err != nil {
		return never{}, nil
	}
	return newIPBlock(r), nil
}

func stepAddr(a ipx.Addr, op string) (ipx.Addr, bool) {
	switch op {
	case "gt":
		return a.Next()
	case "lt":
		return a.Prev()
	}
	return a, true
}

func familyBounds(v6 bool) (ipx.Addr, ipx.Addr) {
	if v6 {
		lo, _ := ipx.ParseAddr("::")
		hi, _ := ipx.ParseAddr("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff")
		return lo, hi
	}
	return ipx.AddrFrom4(0, 0, 0, 0), ipx.AddrFrom4(255, 255, 255, 255)
}
