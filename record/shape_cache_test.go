package record

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// TestLookupCacheLongShapes pins the lookup cache's check (cached) against
// a scan on records long enough that keys sit both among a shape's first
// headLen nodes (Shape.head) and past them (Shape.nodes): records of a few
// key lists that share long prefixes and differ after them, the same keys
// at other positions, duplicate keys, and objects whose shapes edits took
// away, all read through Keys and Paths every object shares.
func TestLookupCacheLongShapes(t *testing.T) {
	freshShapeTree()
	rng := rand.New(rand.NewSource(13))
	pool := numberedKeys("k", 48)
	keys := make([]Key, len(pool))
	paths := make([]Path, len(pool))
	for i, k := range pool {
		keys[i], paths[i] = NewKey(k), ParsePath(k)
	}
	orders := longKeyOrders(rng, len(pool))
	var dec Decoder
	hits := 0
	for n := 0; n < 3000; n++ {
		order := orders[rng.Intn(len(orders))]
		if rng.Intn(10) == 0 { // a duplicate key: the first position, the last value
			order = append(order[:len(order):len(order)], order[rng.Intn(len(order))])
		}
		text := longRecord(rng, pool, order)
		v, err := dec.ParseRecord(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		o := v.(*Object)
		if rng.Intn(8) == 0 { // an edit: the object loses its shape or keeps a right one
			o.Set(pool[rng.Intn(len(pool))], "set")
			o.Delete(pool[rng.Intn(len(pool))])
		}
		if msg := checkShape(o); msg != "" {
			t.Fatalf("%s: %s", text, msg)
		}
		plain := o.uncachedCopy()
		for _, i := range rng.Perm(len(pool)) {
			want, wok := plain.Get(pool[i])
			if hv, hok := keys[i].Hit(o); hok { // what Hit answers, it answers right
				hits++
				if !wok || hv != want {
					t.Fatalf("%s: Hit of %s = %v, want %v %v", text, pool[i], hv, want, wok)
				}
			}
			got, ok := keys[i].Get(o)
			pv, pok := paths[i].Get(o)
			if ok != wok || got != want || pok != wok || pv != want || keys[i].Has(o) != wok ||
				(keys[i].Index(o) >= 0) != wok {
				t.Fatalf("%s: %s = %v %v (path %v %v), want %v %v", text, pool[i], got, ok, pv, pok, want, wok)
			}
		}
	}
	if hits < 3000 {
		t.Errorf("Key.Hit answered only %d lookups", hits)
	}
}

// numberedKeys are n keys: prefix and a number.
func numberedKeys(prefix string, n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("%s%02d", prefix, i)
	}
	return keys
}

// longKeyOrders are lists of 12 to 40 distinct keys of n: pairs that
// share all but their last few keys, whose other keys are elsewhere in
// the other list or in none.
func longKeyOrders(rng *rand.Rand, n int) [][]int {
	var orders [][]int
	for len(orders) < 16 {
		perm := rng.Perm(n)
		size := 12 + rng.Intn(min(29, n-12)) // n > size: keys to add
		base := perm[:size]
		alt := append([]int{}, base...)
		for i := size - 1 - rng.Intn(4); i < size; i++ {
			if rng.Intn(2) == 0 {
				alt[i] = perm[size+rng.Intn(n-size)] // a key base lacks (maybe twice: see below)
			} else {
				j := rng.Intn(size)
				alt[i], alt[j] = alt[j], alt[i] // a key of base elsewhere
			}
		}
		orders = append(orders, base, distinct(alt))
	}
	return orders
}

// distinct is keys without the repeats.
func distinct(keys []int) []int {
	var out []int
	for _, k := range keys {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// longRecord is a record of the keys of order with distinct values.
func longRecord(rng *rand.Rand, pool []string, order []int) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, j := range order {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:\"v%d-%d\"", pool[j], i, rng.Intn(1000))
	}
	b.WriteByte('}')
	return b.String()
}

// TestLookupCacheTornPair: a cache's node and position are stored apart,
// so a lookup may read a node with another node's position (a goroutine
// stored between the loads). Every such pair must read as a miss or as
// the node's own position, whatever the object's shape.
func TestLookupCacheTornPair(t *testing.T) {
	freshShapeTree()
	rng := rand.New(rand.NewSource(5))
	pool := numberedKeys("t", 40)
	var dec Decoder
	var objs []*Object
	orders := longKeyOrders(rng, len(pool))
	orders = append(orders, nil) // {}: the root shape, no nodes
	for _, order := range orders {
		v, err := dec.ParseRecord(longRecord(rng, pool, order))
		if err != nil {
			t.Fatal(err)
		}
		if o := v.(*Object); o.shape != nil {
			objs = append(objs, o)
		}
	}
	if len(objs) != len(orders) {
		t.Fatalf("%d records of %d have shapes", len(objs), len(orders))
	}
	for _, from := range objs {
		for _, n := range from.shape.nodes {
			for _, o := range objs {
				for pos := int64(-1); pos < int64(len(o.fields))+2; pos++ {
					var c lookupCache
					c.node.Store(n)
					c.pos.Store(pos)
					got := o.cached(&c)
					want := -1
					if n.pos < len(o.shape.nodes) && o.shape.nodes[n.pos] == n && pos == int64(n.pos) {
						want = n.pos
					}
					if got != want {
						t.Fatalf("node %q at %d, position %d, object %q: cached %d, want %d",
							n.key, n.pos, pos, o.Keys(), got, want)
					}
					checkHit(t, o, &c, want)
				}
			}
		}
	}
	var empty lookupCache
	for _, o := range objs {
		if got := o.cached(&empty); got != -1 {
			t.Fatalf("an empty cache reads %d", got)
		}
		checkHit(t, o, &empty, -1)
	}
}

// checkHit checks hit, getCached's inlined case, against cached's answer
// want: it answers exactly when the position is among the first headLen
// and the value there is decoded, with that value.
func checkHit(t *testing.T, o *Object, c *lookupCache, want int) {
	t.Helper()
	v, ok := o.hit(c)
	wantOK := want >= 0 && want < headLen && !isLazy(o.fields[want].val)
	if ok != wantOK || ok && v != o.fields[want].val {
		t.Fatalf("object %q, cache at %d: hit %v %v, want the value at %d (%v)", o.Keys(), c.pos.Load(), v, ok, want, wantOK)
	}
}
