package selector

import (
	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/record"
)

// PathTest reports whether t is a test of one dotted path P alone (a term,
// pattern, range or `_exists_` on P, without wildcards) and returns P and
// the test of what P.Get reads: t matches a record exactly when that test
// matches P.Get's answer for it. A caller that reads P anyway (an
// extraction of the same rule) can test it so and keep the value it read.
func (t Test) PathTest() (record.Path, ValueTest, bool) {
	l, ok := t.root.(pathValueLeaf)
	if !ok {
		return record.Path{}, ValueTest{}, false
	}
	return l.leafPath(), ValueTest{l}, true
}

// ValueTest is the test of a PathTest on the value its path read.
type ValueTest struct{ l pathValueLeaf }

// Match tests what the path read (v, ok: Path.Get's answer), with the
// regular expressions run within b as MatchWithin runs them.
func (t ValueTest) Match(v any, ok bool, b *jsre.Budget) bool { return t.l.matchValue(v, ok, b) }

// IsExists reports whether t is the test of `_exists_:P`, which is
// Exists: a caller may call that directly, where it is inlined.
func (t ValueTest) IsExists() bool {
	_, ok := t.l.(*pathExists)
	return ok
}

// Exists is the test of `_exists_:P` on what P.Get read (v, ok): a
// present value other than null, or an array with one.
func Exists(v any, ok bool) bool { return existsIn(v, ok) }

// pathValueLeaf is a leaf on a dotted path whose match is its test of
// what the path read.
type pathValueLeaf interface {
	node
	leafPath() record.Path
	matchValue(v any, ok bool, b *jsre.Budget) bool
}

func (l *pathLeaf) leafPath() record.Path    { return l.path }
func (l *pathPattern) leafPath() record.Path { return l.path }
func (l *pathExists) leafPath() record.Path  { return l.path }

func (l *pathLeaf) matchValue(v any, ok bool, b *jsre.Budget) bool   { return expand(l.p, v, ok, b) }
func (l *pathExists) matchValue(v any, ok bool, _ *jsre.Budget) bool { return existsIn(v, ok) }

func (l *pathPattern) matchValue(v any, ok bool, b *jsre.Budget) bool {
	if s, isStr := v.(string); isStr {
		m, _ := l.re.MatchStringIn(s, b)
		return m
	}
	return l.test(v, ok, b)
}
