package record

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// pathKeys are the keys of the random records: plain ones, and ones that
// are a dotted path's whole text or look like an index.
var pathKeys = []string{"a", "b", "c", "0", "1", "a.b", "b.c", "a[0]", "a.0"}

// pathTexts are the paths read from them.
var pathTexts = []string{"a", "b", "a.b", "b.c", "a.b.c", "c.a.b", "a[0]", "a.0", "a[0].b", "a.1.b", "b.a.0", "a.b.c.a", "x.y", "c.0.a", "a..b", ".a"}

// randomPathValue writes a random JSON value, nested up to depth.
func randomPathValue(r *rand.Rand, b *strings.Builder, depth int) {
	switch n := r.IntN(10); {
	case n < 4 && depth > 0:
		b.WriteByte('{')
		for i, k := range r.Perm(len(pathKeys))[:r.IntN(5)] {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(pathKeys[k]) + ":")
			randomPathValue(r, b, depth-1)
		}
		b.WriteByte('}')
	case n < 6 && depth > 0:
		b.WriteByte('[')
		for i := range r.IntN(3) {
			if i > 0 {
				b.WriteByte(',')
			}
			randomPathValue(r, b, depth-1)
		}
		b.WriteByte(']')
	case n < 7:
		b.WriteString("null")
	case n < 8:
		b.WriteString(strconv.Itoa(r.IntN(3)))
	default:
		b.WriteString(strconv.Quote(pathKeys[r.IntN(len(pathKeys))]))
	}
}

// randomPathRecord is a random record of pathKeys.
func randomPathRecord(r *rand.Rand) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range r.Perm(len(pathKeys))[:1+r.IntN(len(pathKeys))] {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(pathKeys[k]) + ":")
		randomPathValue(r, &b, 3)
	}
	b.WriteByte('}')
	return b.String()
}

// TestPathGetAgreesWithPlainGet pins Path.Get, with its lookup caches and
// its walk of a usual record, against plainGet, on random records decoded
// every way a record is (whole, lazily with a Decoder, unloaded), read
// in random orders so that the caches meet every shape, with keys added
// and deleted between reads (objects that lose their shape).
func TestPathGetAgreesWithPlainGet(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 8))
	paths := make([]Path, len(pathTexts))
	for i, s := range pathTexts {
		paths[i] = ParsePath(s)
	}
	var dec Decoder
	for range 3000 {
		text := randomPathRecord(r)
		for mode := range 3 {
			o := decodeForPaths(t, &dec, text, mode)
			want := decodeForPaths(t, &dec, text, 0)
			switch r.IntN(6) {
			case 0: // an object that is no longer its shape's
				k := pathKeys[r.IntN(len(pathKeys))]
				o.Set(k, "set")
				want.Set(k, "set")
			case 1: // an undefined member or array hole on the way
				p := paths[r.IntN(len(paths))]
				p.Set(o, Undefined)
				p.Set(want, Undefined)
			}
			for _, i := range r.Perm(len(paths)) {
				p := paths[i]
				got, gok := p.Get(o)
				exp, eok := plainGet(want, p)
				if gok != eok || JSON(got) != JSON(exp) {
					t.Fatalf("%s, mode %d: Get(%q) = %s, %v; want %s, %v", text, mode, p, JSON(got), gok, JSON(exp), eok)
				}
			}
		}
		if r.IntN(100) == 0 {
			dec.Recycle()
		}
	}
}

func decodeForPaths(t *testing.T, dec *Decoder, text string, mode int) *Object {
	t.Helper()
	var v any
	var err error
	switch mode {
	case 0:
		v, err = ParseObject([]byte(text))
	case 1:
		v, err = dec.ParseRecord(text)
	default:
		v, err = ParseRecordRaw(text)
	}
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return v.(*Object)
}

// BenchmarkPathGetNestedWeblog reads the nested paths the web-log rules
// read (selectors and extractions) from decoded records, some of which
// lack the user member.
func BenchmarkPathGetNestedWeblog(b *testing.B) {
	var objs []*Object
	for _, l := range weblogStrings(b)[:128] {
		o, _ := ParseObject([]byte(l))
		objs = append(objs, o)
	}
	benchPathGets(b, objs, "user.email", "user.name.first", "user.name.last")
}
