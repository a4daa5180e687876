package selector

import "github.com/sluice-dev/sluice/record"

// ExistsPath reports whether t is `_exists_:P` alone, on a dotted path P
// without wildcards, and returns P. Such a test is Exists of the value
// P.Get reads: a caller that reads P anyway (an extraction of the same
// rule) can test it so and keep the value it read.
func (t Test) ExistsPath() (record.Path, bool) {
	l, ok := t.root.(*pathExists)
	if !ok {
		return record.Path{}, false
	}
	return l.path, true
}

// Exists is the test of `_exists_:P` on what P.Get read (v, ok): a
// present value other than null, or an array with one.
func Exists(v any, ok bool) bool { return existsIn(v, ok) }
