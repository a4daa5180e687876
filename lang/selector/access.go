package selector

import (
	"strings"

	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/record"
)

// pred tests one candidate value; ok is false for a missing value.
type pred interface {
	test(v any, ok bool, b *jsre.Budget) bool
}

// keyLeaf reads a top-level key and expands arrays one level.
type keyLeaf struct {
	key record.Key // remembers where records of one shape have it
	p   pred
}

// The key leaves read their value with Key.Hit first, inlined here (a
// wrapper around Hit and Get would be too large to inline), and call
// Key.Get only when Hit cannot answer.
func (l *keyLeaf) match(o *record.Object, b *jsre.Budget) bool {
	v, ok := l.key.Hit(o)
	if !ok {
		v, ok = l.key.Get(o)
	}
	return expand(l.p, v, ok, b)
}

// pathLeaf reads a dotted path with lodash semantics.
type pathLeaf struct {
	path record.Path
	p    pred
}

func (l *pathLeaf) match(o *record.Object, b *jsre.Budget) bool {
	v, ok := l.path.Get(o)
	return expand(l.p, v, ok, b)
}

func expand(p pred, v any, ok bool, b *jsre.Budget) bool {
	if arr, isArr := v.([]any); isArr {
		for _, e := range arr {
			if p.test(e, e != record.Undefined, b) {
				return true
			}
		}
		return false
	}
	return p.test(v, ok, b)
}

// anyLeaf tests every top-level value as a whole (a field-less term).
type anyLeaf struct{ p pred }

func (l *anyLeaf) match(o *record.Object, b *jsre.Budget) bool {
	for i := 0; i < o.Len(); i++ {
		if _, v := o.At(i); v != record.Undefined && l.p.test(v, true, b) {
			return true
		}
	}
	return false
}

// wildLeaf walks a wildcard field (`city.*`, `fo?`) through plain objects;
// the candidates are tested whole, without array expansion.
type wildLeaf struct {
	segs []segMatcher
	p    pred
}

type segMatcher struct {
	lit string
	re  *jsre.Regexp // nil: literal segment
}

func (s segMatcher) matches(k string, b *jsre.Budget) bool {
	if s.re == nil {
		return k == s.lit
	}
	ok, _ := s.re.MatchStringIn(k, b)
	return ok
}

func (l *wildLeaf) match(o *record.Object, b *jsre.Budget) bool { return l.walk(o, 0, b) }

func (l *wildLeaf) walk(o *record.Object, depth int, b *jsre.Budget) bool {
	seg := l.segs[depth]
	last := depth == len(l.segs)-1
	for i := 0; i < o.Len(); i++ {
		k, v := o.At(i)
		if v == record.Undefined || !seg.matches(k, b) {
			continue
		}
		if last {
			if l.p.test(v, true, b) {
				return true
			}
			continue
		}
		if child, ok := v.(*record.Object); ok && l.walk(child, depth+1, b) {
			return true
		}
	}
	return false
}

func isWildField(f string) bool { return strings.ContainsAny(f, "*?") }

// access wraps a predicate with the accessor the node's field needs.
func (b *builder) access(n *Node, p pred) (node, error) {
	switch {
	case !n.HasField:
		return &anyLeaf{p}, nil
	case isWildField(n.Field):
		segs, err := wildSegments(n.Field)
		if err != nil {
			return nil, b.errAt(n, err.Error())
		}
		return &wildLeaf{segs: segs, p: p}, nil
	case strings.ContainsAny(n.Field, ".["):
		if b.general {
			return &pathLeaf{path: record.ParsePath(n.Field), p: p}, nil
		}
		return pathNode(record.ParsePath(n.Field), p), nil
	case b.general:
		return &keyLeaf{key: record.NewKey(n.Field), p: p}, nil
	}
	return keyNode(record.NewKey(n.Field), p), nil
}

// pathNode is the leaf of p on a dotted path: pathLeaf, or for the common
// predicates a leaf that tests them without the predicate's dispatch.
func pathNode(path record.Path, p pred) node {
	if _, ok := p.(exists); ok {
		return &pathExists{path}
	}
	if re := patternOf(p); re != nil {
		return &pathPattern{path, patternTest{re, p}}
	}
	return &pathLeaf{path: path, p: p}
}

// patternOf is the regular expression of a regexp or wildcard predicate,
// which tests a string by matching it; nil for other predicates.
func patternOf(p pred) *jsre.Regexp {
	switch x := p.(type) {
	case regexpPred:
		return x.re
	case wildcardPred:
		return x.re
	}
	return nil
}

// keyNode is the leaf of p on a top-level key: keyLeaf, or for the common
// predicates a leaf that tests them without the predicate's dispatch.
func keyNode(key record.Key, p pred) node {
	switch x := p.(type) {
	case termString:
		return &keyString{key: key, want: string(x)}
	case termNumber:
		return &keyNumber{key: key, want: float64(x)}
	case *jsRange:
		return &keyRange{key: key, r: x}
	case exists:
		return &keyExists{key}
	case ipBlock:
		return &keyIPBlock{key: key, q: x}
	case ipEq:
		return &keyIPEq{key: key, q: x}
	}
	if re := patternOf(p); re != nil {
		return &keyPattern{key, patternTest{re, p}}
	}
	return &keyLeaf{key: key, p: p}
}

// keyPattern and pathPattern are keyLeaf and pathLeaf with a regexp or
// wildcard predicate (userAgent:/.*Chrome.*/).
type keyPattern struct {
	key record.Key
	patternTest
}

func (l *keyPattern) match(o *record.Object, b *jsre.Budget) bool {
	v, ok := l.key.Hit(o)
	if !ok {
		v, ok = l.key.Get(o)
	}
	if s, isStr := v.(string); isStr { // test's common case, without its call
		m, _ := l.re.MatchStringIn(s, b)
		return m
	}
	return l.test(v, ok, b)
}

type pathPattern struct {
	path record.Path
	patternTest
}

func (l *pathPattern) match(o *record.Object, b *jsre.Budget) bool {
	v, ok := l.path.Get(o)
	if s, isStr := v.(string); isStr { // as keyPattern
		m, _ := l.re.MatchStringIn(s, b)
		return m
	}
	return l.test(v, ok, b)
}

// patternTest is expand with a regexp or wildcard predicate p: a string
// value is matched with p's regular expression re at once, anything else
// goes through p.
type patternTest struct {
	re *jsre.Regexp
	p  pred
}

func (t *patternTest) test(v any, ok bool, b *jsre.Budget) bool {
	if s, isStr := v.(string); isStr {
		m, _ := t.re.MatchStringIn(s, b)
		return m
	}
	return expand(t.p, v, ok, b)
}

// keyNumber is keyLeaf with termNumber (status:200), or its negation
// when not is set (negate).
type keyNumber struct {
	key  record.Key
	want float64
	not  bool
}

func (l *keyNumber) match(o *record.Object, b *jsre.Budget) bool {
	v, _ := l.key.Get(o)
	return hasValue(v, l.want) != l.not
}

// hasValue reports whether v is want or an array with want as an element:
// expand with termString or termNumber.
func hasValue[T string | float64](v any, want T) bool {
	if x, ok := v.(T); ok {
		return x == want
	}
	if arr, ok := v.([]any); ok {
		for _, e := range arr {
			if x, ok := e.(T); ok && x == want {
				return true
			}
		}
	}
	return false
}

// keyRange is keyLeaf with jsRange (status:>=500).
type keyRange struct {
	key record.Key
	r   *jsRange
}

func (l *keyRange) match(o *record.Object, b *jsre.Budget) bool {
	v, ok := l.key.Hit(o)
	if !ok {
		v, ok = l.key.Get(o)
	}
	if x, isNum := v.(float64); isNum { // the common case, without the calls
		return l.r.holdsNumber(x)
	}
	return l.r.holdsIn(v, ok)
}

// keyIPBlock is keyLeaf with ipBlock (ip:"10.0.0.0/8" on a field of type
// ip): a string, the usual value, is tested without expand and the
// predicate's dispatch (which copies the block); anything else goes
// through them.
type keyIPBlock struct {
	key record.Key
	q   ipBlock
}

func (l *keyIPBlock) match(o *record.Object, b *jsre.Budget) bool {
	v, ok := l.key.Hit(o)
	if !ok {
		v, ok = l.key.Get(o)
	}
	if s, isStr := v.(string); isStr {
		return l.q.holdsString(s)
	}
	return expand(l.q, v, ok, b)
}

// keyIPEq is keyIPBlock for one address (ip:"10.0.0.1").
type keyIPEq struct {
	key record.Key
	q   ipEq
}

func (l *keyIPEq) match(o *record.Object, b *jsre.Budget) bool {
	v, ok := l.key.Hit(o)
	if !ok {
		v, ok = l.key.Get(o)
	}
	if s, isStr := v.(string); isStr {
		return l.q.testString(s)
	}
	return expand(l.q, v, ok, b)
}

// keyExists and pathExists are keyLeaf and pathLeaf with exists.
type keyExists struct{ key record.Key }

func (l *keyExists) match(o *record.Object, b *jsre.Budget) bool {
	v, ok := l.key.Hit(o)
	if !ok {
		v, ok = l.key.Get(o)
	}
	return existsIn(v, ok)
}

type pathExists struct{ path record.Path }

func (l *pathExists) match(o *record.Object, b *jsre.Budget) bool {
	v, ok := l.path.Get(o)
	return existsIn(v, ok)
}

// existsIn is expand with exists: a present value other than null, or an
// array with one.
func existsIn(v any, ok bool) bool {
	if arr, isArr := v.([]any); isArr {
		for _, e := range arr {
			if e != record.Undefined && e != nil {
				return true
			}
		}
		return false
	}
	return ok && v != nil
}

// keyString is keyLeaf with termString, the commonest leaf (host:x,
// method:GET), tested without the predicate's dispatch: the same test, a
// string value equal to want or an array with one.
type keyString struct {
	key  record.Key
	want string
	not  bool // the negation (negate)
}

func (l *keyString) match(o *record.Object, b *jsre.Budget) bool {
	v, _ := l.key.Get(o)
	return hasValue(v, l.want) != l.not
}

func wildSegments(field string) ([]segMatcher, error) {
	parts := strings.Split(field, ".")
	segs := make([]segMatcher, len(parts))
	for i, part := range parts {
		if !isWildField(part) {
			segs[i] = segMatcher{lit: part}
			continue
		}
		re, err := wildcardRegexp(part)
		if err != nil {
			return nil, err
		}
		segs[i] = segMatcher{re: re}
	}
	return segs, nil
}
