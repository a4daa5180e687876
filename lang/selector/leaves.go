package selector

import (
	"math"
	"strings"

	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/record"
)

// leaf builds the matcher of a term-like node.
func (b *builder) leaf(n *Node) (node, error) {
	if n.Undefined {
		return constNode(false), nil
	}
	p, err := b.pred(n)
	if err != nil {
		return nil, err
	}
	return b.access(n, p)
}

func (b *builder) pred(n *Node) (pred, error) {
	t := b.types[n.Field]
	switch n.Kind {
	case KExists:
		if isWildField(n.Field) {
			return existsWild{}, nil
		}
		return exists{}, nil
	case KWildcard:
		re, err := wildcardRegexp(n.Value.V.(string))
		if err != nil {
			return nil, b.errAt(n, err.Error())
		}
		return wildcardPred{re}, nil
	case KRegexp:
		re, err := jsre.Compile("^"+n.Value.V.(string)+"$", "")
		if err != nil {
			return nil, b.errAt(n, err.Error())
		}
		return regexpPred{re}, nil
	case KRange:
		return b.rangePred(n, t)
	}
	return b.termPred(n, t)
}

func (b *builder) termPred(n *Node, t string) (pred, error) {
	switch t {
	case "date":
		return b.dateTerm(n)
	case "ip":
		return b.ipTerm(n)
	case "ip_range":
		return b.ipRangeTerm(n)
	}
	switch v := n.Value.V.(type) {
	case string:
		return termString(v), nil
	case float64:
		return termNumber(v), nil
	case bool:
		return termBool(v), nil
	}
	return never{}, nil
}

type never struct{}

func (never) test(any, bool, *jsre.Budget) bool { return false }

type termString string

func (t termString) test(v any, _ bool, b *jsre.Budget) bool {
	s, ok := v.(string)
	return ok && s == string(t)
}

type termNumber float64

func (t termNumber) test(v any, _ bool, b *jsre.Budget) bool {
	f, ok := v.(float64)
	return ok && f == float64(t)
}

type termBool bool

func (t termBool) test(v any, _ bool, b *jsre.Budget) bool {
	x, ok := v.(bool)
	return ok && x == bool(t)
}

type exists struct{}

func (exists) test(v any, ok bool, b *jsre.Budget) bool { return ok && v != nil }

// existsWild: with a wildcard field an empty array counts as existing.
type existsWild struct{}

func (existsWild) test(v any, ok bool, b *jsre.Budget) bool { return ok && v != nil }

type wildcardPred struct{ re *jsre.Regexp }

func (w wildcardPred) test(v any, _ bool, b *jsre.Budget) bool {
	s, ok := v.(string)
	if !ok {
		return false
	}
	m, _ := w.re.MatchStringIn(s, b)
	return m
}

type regexpPred struct{ re *jsre.Regexp }

func (r regexpPred) test(v any, ok bool, b *jsre.Budget) bool {
	s, isStr := v.(string)
	if !isStr {
		if !ok {
			v = record.Undefined
		}
		s = record.ToString(v)
	}
	m, _ := r.re.MatchStringIn(s, b)
	return m
}

// wildcardRegexp translates an xLucene wildcard into an anchored JS regex:
// * is .*, ? one non-white-space character, a space \s; letters, digits and
// backslashes are copied, a character after an odd number of backslashes is
// copied, everything else is escaped.
func wildcardRegexp(w string) (*jsre.Regexp, error) {
	var b strings.Builder
	b.WriteByte('^')
	slashes := 0
	for _, r := range w {
		escaped := slashes%2 == 1
		switch {
		case escaped || r == '\\' || r < 0x80 && (isLetterRune(r) || r >= '0' && r <= '9'):
			b.WriteRune(r)
		case r == '*':
			b.WriteString(".*")
		case r == '?':
			b.WriteString(`[^\s\n\r]`)
		case r == ' ':
			b.WriteString(`\s`)
		default:
			b.WriteString(regexQuote(r))
		}
		if r == '\\' {
			slashes++
		} else {
			slashes = 0
		}
	}
	b.WriteByte('$')
	return jsre.Compile(b.String(), "")
}

func isLetterRune(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

func regexQuote(r rune) string {
	if strings.ContainsRune(`.+*?^$()[]{}|/-`, r) {
		return `\` + string(r)
	}
	return string(r)
}

// rangePred: plain JavaScript relational comparisons (xlucene.md §5.4).
func (b *builder) rangePred(n *Node, t string) (pred, error) {
	switch t {
	case "date":
		return b.dateRange(n)
	case "ip", "ip_range":
		return b.ipRange(n)
	case "boolean":
		return nil, b.errAt(n, "Unexpected range query on field type boolean")
	}
	r := &jsRange{lo: newRangeBound(n.Left)}
	if n.Right != nil {
		r.hi, r.two = newRangeBound(n.Right), true
	}
	return r, nil
}

type jsRange struct {
	lo, hi rangeBound
	two    bool
}

func (r *jsRange) test(v any, ok bool, b *jsre.Budget) bool {
	if x, isNum := v.(float64); isNum && ok { // the common case, without the conversions
		return r.holdsNumber(x)
	}
	if !ok || !r.lo.holds(v) {
		return false
	}
	return !r.two || r.hi.holds(v)
}

// holdsNumber is test on a present number.
func (r *jsRange) holdsNumber(x float64) bool {
	return r.lo.holdsNumber(x) && (!r.two || r.hi.holdsNumber(x))
}

// holdsIn is expand(r, v, ok) without the predicate's dispatch.
func (r *jsRange) holdsIn(v any, ok bool) bool {
	if arr, isArr := v.([]any); isArr {
		for _, e := range arr {
			if r.test(e, e != record.Undefined, nil) {
				return true
			}
		}
		return false
	}
	return r.test(v, ok, nil)
}

// rangeBound is one side of a range with the bound's number computed once.
type rangeBound struct {
	v   any
	op  string
	rel relation // op
	num float64  // record.ToNumber(v)
}

// relation is a range bound's operator, decoded once.
type relation uint8

const (
	relLT relation = iota // lt, and any operator cmpOp takes for it
	relLTE
	relGT
	relGTE
)

func newRangeBound(bd *Bound) rangeBound {
	rel := map[string]relation{"gte": relGTE, "gt": relGT, "lte": relLTE}[bd.Op]
	return rangeBound{v: bd.Value.V, op: bd.Op, rel: rel, num: record.ToNumber(bd.Value.V)}
}

// holds is compare(v, b.v, b.op), without the conversions for a number
// (a number is compared with the bound's number whatever the bound is).
func (b *rangeBound) holds(v any) bool {
	x, ok := v.(float64)
	if !ok {
		return compare(v, b.v, b.op)
	}
	return b.holdsNumber(x)
}

// holdsNumber is holds for a number: Go's float comparisons are
// JavaScript's (false when either side is NaN, -0 equal to 0).
func (b *rangeBound) holdsNumber(x float64) bool {
	switch b.rel {
	case relGTE:
		return x >= b.num
	case relGT:
		return x > b.num
	case relLTE:
		return x <= b.num
	}
	return x < b.num
}

// compare evaluates `v op bound` with JavaScript relational semantics.
func compare(v, bound any, op string) bool {
	switch v.(type) {
	case nil, *record.Object, []any:
		return false
	}
	var c int
	if vs, ok := v.(string); ok {
		if bs, ok := bound.(string); ok {
			c = strings.Compare(vs, bs)
			return cmpOp(c, op)
		}
	}
	x, y := record.ToNumber(v), record.ToNumber(bound)
	if math.IsNaN(x) || math.IsNaN(y) {
		return false
	}
	switch {
	case x < y:
		c = -1
	case x > y:
		c = 1
	}
	return cmpOp(c, op)
}

func cmpOp(c int, op string) bool {
	switch op {
	case "gte":
		return c >= 0
	case "gt":
		return c > 0
	case "lte":
		return c <= 0
	}
	return c < 0
}
