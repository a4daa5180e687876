package record

import (
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"testing"
)

// freshShapeTree starts new shape trees, so a test finds room in them
// whatever the tests before it decoded. Objects of the old trees keep
// their shapes (still right); caches holding their nodes miss once.
func freshShapeTree() {
	recordShapes, nestedShapes = newShapeTree(), newShapeTree()
}

// checkShape fails unless o's shape, when it has one, lists exactly o's
// keys and their bits.
func checkShape(o *Object) string {
	if o.shape == nil {
		return ""
	}
	if got, want := strings.Join(o.shape.Keys(), ","), strings.Join(o.Keys(), ","); got != want {
		return fmt.Sprintf("shape %q, keys %q", got, want)
	}
	if o.shape.bits != o.keyBits {
		return fmt.Sprintf("shape bits %x, object bits %x", o.shape.bits, o.keyBits)
	}
	return ""
}

// sameAsModelCached is sameAsModel through lookup sites with caches,
// shared by all objects of the test: Keys, and Paths read whole (GetKey)
// and as paths.
func sameAsModelCached(o *Object, m *model, keys []Key, paths []Path) string {
	if msg := checkShape(o); msg != "" {
		return msg
	}
	for i, k := range keys {
		v, ok := k.Get(o)
		w, wok := m.vals[k.String()]
		if ok != wok || JSON(v) != JSON(w) || k.Has(o) != wok {
			return fmt.Sprintf("Key(%q).Get = %s %v, want %s %v", k, JSON(v), ok, JSON(w), wok)
		}
		if v, ok := paths[i].GetKey(o); ok != wok || JSON(v) != JSON(w) {
			return fmt.Sprintf("Path(%q).GetKey = %s %v, want %s %v", k, JSON(v), ok, JSON(w), wok)
		}
		pv, pok := paths[i].Get(o)
		wv, wpok := ParsePath(k.String()).Get(o.uncachedCopy())
		if pok != wpok || JSON(pv) != JSON(wv) {
			return fmt.Sprintf("Path(%q).Get = %s %v, want %s %v", k, JSON(pv), pok, JSON(wv), wpok)
		}
	}
	return ""
}

// uncachedCopy is a copy of o without a shape: lookups scan it.
func (o *Object) uncachedCopy() *Object {
	c := o.Clone()
	c.shape = nil
	return c
}

// TestShapesMatchModel: random Set, Append, Delete, Reset, Clone,
// Compact, SetAt, path writes and fresh decodes (by every decoder, of
// texts with escaped, non-ASCII and invalid UTF-8 keys) on objects with
// and without shapes, checked after each step against the ordered-map
// model through lookup sites whose caches all the objects share.
func TestShapesMatchModel(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var dec Decoder
	pool := append(append([]string{}, objectKeys...), "é", "\uFFFD", "q\"uote", "back\\slash", "\x01", "w1", "x3")
	keys := make([]Key, len(pool))
	paths := make([]Path, len(pool))
	for i, k := range pool {
		keys[i], paths[i] = NewKey(k), ParsePath(k)
	}
	freshShapeTree()
	defer func() {
		if n := recordShapes.count + nestedShapes.count; n > maxTreeNodes/4 {
			t.Errorf("the test made %d shapes: later tests may find the trees full", n)
		}
	}()
	fresh := func() (*Object, *model) { return randomShapedObject(rng, &dec, pool) }
	editRandomly(t, rng, 600, 30, allEdits, pool, fresh, func(o *Object, m *model) string {
		if msg := sameAsModelCached(o, m, keys, paths); msg != "" {
			return msg
		}
		return sameAsModel(o, m)
	})
}

// randomShapedObject decodes an object of keys from pool, often in one of
// a few orders (so objects share shapes), written plainly or escaped.
func randomShapedObject(rng *rand.Rand, dec *Decoder, pool []string) (*Object, *model) {
	m := &model{vals: map[string]any{}}
	var b strings.Builder
	b.WriteByte('{')
	// a few common orders, or a prefix of them (objects share shapes),
	// and now and then a random one (not too often: the tree is the
	// process's)
	orders := [][]int{{8, 9, 10, 11, 12, 2, 3}, {8, 9, 10, 11, 13, 14}, {16, 17, 18, 19, 20, 21, 22}}
	order := orders[rng.Intn(len(orders))]
	order = order[:rng.Intn(len(order)+1)]
	if rng.Intn(10) == 0 {
		order = rng.Perm(len(pool))[:rng.Intn(6)]
	}
	for i, j := range order {
		k := pool[j]
		if rng.Intn(10) == 0 && len(m.keys) > 0 {
			k = m.keys[0] // a duplicate key: the first position, the last value
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(jsonKey(rng, k))
		fmt.Fprintf(&b, ":%d", i)
		m.set(k, float64(i))
	}
	b.WriteByte('}')
	text := b.String()
	v, err := decoders[rng.Intn(len(decoders))](dec, text)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", text, err))
	}
	return v.(*Object), m
}

// jsonKey writes k as a JSON string: plainly or with every byte escaped
// that can be (\u escapes of ASCII letters too).
func jsonKey(rng *rand.Rand, k string) string {
	if k == "\uFFFD" && rng.Intn(2) == 0 {
		return "\"\xff\"" // invalid UTF-8 decodes to U+FFFD
	}
	if rng.Intn(3) > 0 {
		return JSON(k)
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range k {
		fmt.Fprintf(&b, `\u%04x`, r)
	}
	b.WriteByte('"')
	return b.String()
}

// TestDecodeExpectedKeys pins the decoder's fast path (expectKey) against
// its slow one: texts whose keys are those of a known shape, but written
// differently, decode as str would, and errors stay errors.
func TestDecodeExpectedKeys(t *testing.T) {
	freshShapeTree()
	for n, c := range []struct{ first, then, want string }{
		{`{"ab":1,"cd":2}`, `{"a\u0062":1,"cd":2}`, `{"ab":1,"cd":2}`},
		{`{"ab":1,"cd":2}`, `{"abc":1,"cd":2}`, `{"abc":1,"cd":2}`},
		{`{"ab":1,"cd":2}`, `{"a":1,"cd":2}`, `{"a":1,"cd":2}`},
		{`{"ab":1,"cd":2}`, `{"ab":1,"ab":3}`, `{"ab":3}`},
		{`{"ab":1,"cd":2}`, `{"ab":1,"cd":2,"ab":3}`, `{"ab":3,"cd":2}`},
		{"{\"\xff\":1}", "{\"\xef\xbf\xbd\":1}", `{"` + "\uFFFD" + `":1}`},
		{"{\"\xef\xbf\xbd\":1}", "{\"\xff\":1}", `{"` + "\uFFFD" + `":1}`},
		{`{"q\"x":1}`, `{"q\"x":2}`, `{"q\"x":2}`},
		{`{"\u0001":1}`, "{\"\x01\":1}", "error"},
		{`{"ab":1}`, `{"ab`, "error"},
		{`{"ab":1}`, `{"ab"`, "error"},
		{`{"ab":1}`, `{"ab":`, "error"},
		{`{"ab":1}`, `{"ab":}`, "error"},
		{`{"ab":1,"cd":2}`, `{"ab" :1,"cd":2}`, `{"ab":1,"cd":2}`},
		{`{"ab":1,"cd":2}`, "{\"ab\"\n:\t1 , \"cd\" : 2}", `{"ab":1,"cd":2}`},
		{`{"ab":1,"cd":2}`, `{"ab": "x","cd":"y"}`, `{"ab":"x","cd":"y"}`},
		{`{"ab":1}`, `{"ab";1}`, "error"},
		{`{"abcdefghijkl":1}`, `{"abcdefghijkm":1}`, `{"abcdefghijkm":1}`},
		{`{"abcdefghijkl":1}`, `{"abcdefghijk":1}`, `{"abcdefghijk":1}`},
		{`{"abcdefghijkl":1}`, `{"abcdefghijkl":1,"x":2}`, `{"abcdefghijkl":1,"x":2}`},
		{`{"abcdefghijklmnopqrstu":1}`, `{"abcdefghijklmnopqrstv":1}`, `{"abcdefghijklmnopqrstv":1}`},
		{`{"abcdefghijklmnopqrstu":1}`, `{"abcdefghijklmnopqrstu":2}`, `{"abcdefghijklmnopqrstu":2}`},
		{`{"abcdefg":1}`, `{"abcdefh":1}`, `{"abcdefh":1}`},
		{`{"abcdefg":1}`, `{"abcdefg"}`, "error"},
		{`{"ab":1}`, `{"ab":"x`, "error"},
		// the comma and the key read in one comparison (atCommaKey): up to
		// 13 bytes of key, white space, prefixes, the end of the input
		{`{"ab":1,"cd":2}`, `{"ab":1, "cd":2}`, `{"ab":1,"cd":2}`},
		{`{"ab":1,"cd":2}`, `{"ab":1,"cde":2}`, `{"ab":1,"cde":2}`},
		{`{"ab":1,"cde":2}`, `{"ab":1,"cd":2}`, `{"ab":1,"cd":2}`},
		{`{"ab":1,"cd":2}`, `{"ab":1,"cd":2,"cd":3}`, `{"ab":1,"cd":3}`},
		{`{"ab":1,"cd":2}`, `{"ab":1,"cd":2}`, `{"ab":1,"cd":2}`},
		{`{"ab":1,"abcdefghijklm":2}`, `{"ab":1,"abcdefghijklm":3}`, `{"ab":1,"abcdefghijklm":3}`},
		{`{"ab":1,"abcdefghijklm":2}`, `{"ab":1,"abcdefghijklz":3}`, `{"ab":1,"abcdefghijklz":3}`},
		{`{"ab":1,"abcdefghijklm":2}`, `{"ab":1,"abcdefghijklmn":3}`, `{"ab":1,"abcdefghijklmn":3}`},
		{`{"ab":1,"abcdefghijklmn":2}`, `{"ab":1,"abcdefghijklmn":3}`, `{"ab":1,"abcdefghijklmn":3}`},
		{`{"ab":1,"abcdefghijklmn":2}`, `{"ab":1,"abcdefghijklm":3}`, `{"ab":1,"abcdefghijklm":3}`},
		{`{"ab":1,"abcdefghijklmn":2}`, `{"ab":1,"abcdefghijklmn" :3}`, `{"ab":1,"abcdefghijklmn":3}`},
		{`{"ab":1,"abcdefghijklmn":2}`, `{"ab":1,"abcdefghijklmn"}`, "error"},
		{`{"ab":1,"abcdefghijklm":2}`, `{"ab":1,"abcdefghijklm" :3}`, `{"ab":1,"abcdefghijklm":3}`},
		{`{"ab":1,"cd":2}`, `{"ab":1,"cd"`, "error"},
		{`{"ab":1,"cd":2}`, `{"ab":1,"cd":`, "error"},
		{`{"ab":1,"cd":2}`, `{"ab":1,"cd" 2}`, "error"},
		{`{"ab":1,"cd":2}`, `{"ab":1,}`, "error"},
		// a nested object's first key (atKey, else expectKey): near the
		// end of the input, 16 bytes with its quotes and colon, longer
		{`{"ab":{"cd":1}}`, `{"ab":{"cd":2}}`, `{"ab":{"cd":2}}`},
		{`{"ab":{"cd":1}}`, `{"ab":{"ce":2}}`, `{"ab":{"ce":2}}`},
		{`{"ab":{"abcdefghijklm":1,"x":2}}`, `{"ab":{"abcdefghijklm":3,"x":4}}`, `{"ab":{"abcdefghijklm":3,"x":4}}`},
		{`{"ab":{"abcdefghijklm":1,"x":2}}`, `{"ab":{"abcdefghijklz":3,"x":4}}`, `{"ab":{"abcdefghijklz":3,"x":4}}`},
		{`{"ab":{"abcdefghijklmn":1,"x":2}}`, `{"ab":{"abcdefghijklmn":3,"x":4}}`, `{"ab":{"abcdefghijklmn":3,"x":4}}`},
		{`{"ab":{"abcdefghijklmn":1,"x":2}}`, `{"ab":{"abcdefghijklmz":3,"x":4}}`, `{"ab":{"abcdefghijklmz":3,"x":4}}`},
		{`{"ab":{"abcdefghijklmn":1,"x":2}}`, `{"ab":{"abcdefghijklmn":3,"abcdefghijklmn":4}}`, `{"ab":{"abcdefghijklmn":4}}`},
		{`{"ab":{"abcdefghijklmn":1}}`, `{"ab":{"abcdefghijklmn"`, "error"},
	} {
		// each case under a key of its own, so that the shape of its first
		// text is the one the decoder expects for the second
		prefix := fmt.Sprintf(`{"case%d":0,`, n)
		first, then := prefix+c.first[1:], prefix+c.then[1:]
		want := c.want
		if want != "error" {
			want = prefix + want[1:]
		}
		for _, parse := range []func(string) (any, error){ParseJSONString, ParseRecordString, new(Decoder).ParseRecord} {
			if _, err := parse(first); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 2; i++ {
				v, err := parse(then)
				got := "error"
				if err == nil {
					got = JSON(v)
					if msg := checkShape(v.(*Object)); msg != "" {
						t.Errorf("%s: %s", then, msg)
					}
				}
				if got != want {
					t.Errorf("after %s, %s decodes to %s, want %s", first, then, got, want)
				}
			}
		}
	}
}

// TestShapeTreeBounds: a point where key lists branch more than
// maxShapeKids ways ends the shapes there; objects past it have none and
// read the same.
func TestShapeTreeBounds(t *testing.T) {
	freshShapeTree()
	k := NewKey("v")
	for i := 0; i < 2*maxShapeKids; i++ {
		text := fmt.Sprintf(`{"bounds-test":0,"k%d":1,"v":%d}`, i, i)
		v, err := ParseJSONString(text)
		if err != nil {
			t.Fatal(err)
		}
		o := v.(*Object)
		if (o.shape != nil) != (i < maxShapeKids) {
			t.Errorf("object %d: shape %v", i, o.shape != nil)
		}
		if got, ok := k.Get(o); !ok || got != float64(i) {
			t.Errorf("object %d: v = %v %v", i, got, ok)
		}
		if msg := checkShape(o); msg != "" {
			t.Error(msg)
		}
	}
}

// TestShapeTreesApart: nested objects whose keys are data fill their
// tree; records, with a tree of their own, still get shapes, and the
// objects past the bound read the same.
func TestShapeTreesApart(t *testing.T) {
	freshShapeTree()
	for n := 0; !nestedShapes.full.Load(); n++ {
		var b strings.Builder
		b.WriteString(`{"id":1,"counts":{`)
		for i := 0; i < 40; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"day-%d-%d":%d`, n, i, i)
		}
		b.WriteString(`}}`)
		v, err := ParseJSONString(b.String())
		if err != nil {
			t.Fatal(err)
		}
		counts, _ := v.(*Object).Get("counts")
		if got, ok := counts.(*Object).Get(fmt.Sprintf("day-%d-39", n)); !ok || got != 39.0 {
			t.Fatalf("object %d: %v %v", n, got, ok)
		}
		if msg := checkShape(counts.(*Object)); msg != "" {
			t.Fatal(msg)
		}
	}
	v, err := ParseJSONString(`{"a new":1,"kind of":2,"record":{"x":3}}`)
	if err != nil {
		t.Fatal(err)
	}
	o := v.(*Object)
	if o.shape == nil || checkShape(o) != "" {
		t.Errorf("a record has no shape when the nested tree is full")
	}
	inner, _ := o.Get("record")
	if inner.(*Object).shape != nil {
		t.Errorf("a nested object got a shape in a full tree")
	}
	if got, ok := ParsePath("record.x").Get(o); !ok || got != 3.0 {
		t.Errorf("record.x = %v %v", got, ok)
	}
}

// TestLookupCachesShared: goroutines with Decoders of their own read
// records of several shapes through the same Keys and Paths (go test
// -race checks the caches).
func TestLookupCachesShared(t *testing.T) {
	freshShapeTree()
	shapes := [][]string{
		{"id", "host", "status", "user", "tags"},
		{"id", "host", "status", "tags"},
		{"host", "id", "user", "status"},
		{"id", "status", "host", "geo", "user", "tags"},
	}
	keys := []Key{NewKey("host"), NewKey("status"), NewKey("tags"), NewKey("nope")}
	paths := []Path{ParsePath("user.name"), ParsePath("user"), ParsePath("id")}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			var dec Decoder
			for n := 0; n < 2000; n++ {
				keysOf := shapes[(n+g)%len(shapes)]
				var b strings.Builder
				b.WriteByte('{')
				for i, k := range keysOf {
					if i > 0 {
						b.WriteByte(',')
					}
					if k == "user" {
						fmt.Fprintf(&b, `"user":{"name":"u%d","id":%d}`, n, n)
					} else {
						fmt.Fprintf(&b, `"%s":"%s%d"`, k, k, n)
					}
				}
				b.WriteByte('}')
				v, err := dec.ParseRecord(b.String())
				if err != nil {
					errs <- err.Error()
					return
				}
				o := v.(*Object)
				if o.shape == nil {
					errs <- "no shape: " + b.String()
					return
				}
				for _, k := range keys {
					got, ok := k.Get(o)
					want, wok := o.uncachedCopy().Get(k.String())
					if ok != wok || got != want {
						errs <- fmt.Sprintf("%s: %s = %v %v, want %v %v", b.String(), k, got, ok, want, wok)
						return
					}
				}
				for _, p := range paths {
					got, ok := p.Get(o)
					want, wok := ParsePath(p.String()).Get(o.uncachedCopy())
					if ok != wok || JSON(got) != JSON(want) {
						errs <- fmt.Sprintf("%s: %s = %v %v, want %v %v", b.String(), p, got, ok, want, wok)
						return
					}
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestDottedPathRawKey pins Path.Get's shortcut for the whole text of a
// path of many keys (pathCaches.rawAbsent) against reading it plainly:
// objects with and without shapes, whose keys are often such texts
// ("a.b", "a[0]") and often are not, edited at random.
func TestDottedPathRawKey(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	var dec Decoder
	pool := append(append([]string{}, objectKeys...), "a[0]", "x.y", "x", "y", "a.b.c", ".a", "w1", "x3")
	var paths []Path
	for _, p := range []string{"a.b", "a[0]", "x.y", "a.b.c", ".a", "user.a", "a.b[0]"} {
		paths = append(paths, ParsePath(p))
	}
	freshShapeTree()
	fresh := func() (*Object, *model) { return randomShapedObject(rng, &dec, pool) }
	editRandomly(t, rng, 400, 20, allEdits, pool, fresh, func(o *Object, m *model) string {
		for _, p := range paths {
			if p.caches.rawAbsent(o) && scanHas(o, p.String()) {
				return fmt.Sprintf("rawAbsent(%q) on an object with that key", p)
			}
			v, ok := p.Get(o)
			w, wok := plainGet(o, p)
			if ok != wok || JSON(v) != JSON(w) {
				return fmt.Sprintf("Path(%q).Get = %s %v, want %s %v", p, JSON(v), ok, JSON(w), wok)
			}
			if got, want := JSON(p.keys(o)), JSON(plainKeys(o, p)); got != want {
				return fmt.Sprintf("Path(%q).keys = %s, want %s", p, got, want)
			}
		}
		return ""
	})
}

// scanHas looks for k among o's keys one by one.
func scanHas(o *Object, k string) bool {
	o.load()
	for _, f := range o.fields {
		if f.key == k {
			return true
		}
	}
	return false
}

// plainGet is lodash get without shortcuts or caches.
func plainGet(o *Object, p Path) (any, bool) {
	if scanHas(o, p.String()) {
		return o.Get(p.String())
	}
	var cur any = o
	for _, k := range p.Segments() {
		var ok bool
		if cur, ok = child(cur, k); !ok {
			return nil, false
		}
	}
	return cur, cur != Undefined
}

func plainKeys(o *Object, p Path) []string {
	if scanHas(o, p.String()) {
		return []string{p.String()}
	}
	return p.Segments()
}
