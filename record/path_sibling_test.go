package record

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGetParentAndSiblingAgreeWithGet: on random records decoded every
// way (some with undefined members on the way), GetParent of a path reads
// what Get reads, and GetSibling of a path with the same keys but the
// last, given the object GetParent returned, reads what Get reads; among
// the paths, texts that are keys of the records (a.b, a.0, a[0]).
func TestGetParentAndSiblingAgreeWithGet(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	texts := append(slices.Clone(pathTexts), "a.c", "a.a", "c.a.c", "a.b.b", "a.b.a", "a.2.b", "b.b", "a.1")
	type pair struct{ p, q Path }
	var pairs []pair
	for _, s := range texts {
		for _, u := range texts {
			p, q := ParsePath(s), ParsePath(u)
			a, b := p.Segments(), q.Segments()
			if len(a) > 1 && len(a) == len(b) && slices.Equal(a[:len(a)-1], b[:len(b)-1]) {
				pairs = append(pairs, pair{p, q})
			}
		}
	}
	var dec Decoder
	withParent := 0
	for range 3000 {
		text := randomPathRecord(r)
		for mode := range 3 {
			o := decodeForPaths(t, &dec, text, mode)
			want := decodeForPaths(t, &dec, text, 0)
			if r.IntN(4) == 0 { // an undefined member or array hole on the way
				p := pairs[r.IntN(len(pairs))].p
				p.Set(o, Undefined)
				p.Set(want, Undefined)
			}
			x := pairs[r.IntN(len(pairs))]
			v, ok, parent := x.p.GetParent(o)
			exp, eok := x.p.Get(want)
			if ok != eok || JSON(v) != JSON(exp) {
				t.Fatalf("%s, mode %d: GetParent(%q) = %s, %v; Get gives %s, %v", text, mode, x.p, JSON(v), ok, JSON(exp), eok)
			}
			withParent += btoi(parent != nil)
			v, ok = x.q.GetSibling(o, parent)
			exp, eok = x.q.Get(want)
			if ok != eok || JSON(v) != JSON(exp) {
				t.Fatalf("%s, mode %d: GetSibling(%q) after GetParent(%q) = %s, %v; Get gives %s, %v", text, mode, x.q, x.p, JSON(v), ok, JSON(exp), eok)
			}
		}
	}
	if withParent < 1000 {
		t.Fatalf("only %d reads found a parent: the test must reach GetSibling's own read", withParent)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
