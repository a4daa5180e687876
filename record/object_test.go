package record

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// model is an ordered list of keys and values, the oracle of Object.
type model struct {
	keys []string
	vals map[string]any
}

func (m *model) set(k string, v any) {
	if _, ok := m.vals[k]; !ok {
		m.keys = append(m.keys, k)
	}
	m.vals[k] = v
}

func (m *model) del(k string) bool {
	if _, ok := m.vals[k]; !ok {
		return false
	}
	delete(m.vals, k)
	for i, x := range m.keys {
		if x == k {
			m.keys = append(m.keys[:i], m.keys[i+1:]...)
			break
		}
	}
	return true
}

// objectKeys are keys whose one-bit hashes collide a lot (same length,
// first and last byte) and keys that differ in one of those only.
var objectKeys = []string{"a", "b", "ab", "ba", "aXb", "aYb", "aZb", "a.b", "", "status", "stXtus", "method", "user", "usEr", "k63", "k64"}

// TestObjectMatchesModel: random Set, Append (of new keys), Delete,
// Clone, Compact and path writes on objects made every way (NewObject,
// decoded whole, decoded by a Decoder, kept as text), checked after each
// step with Get and Has of every key, present or not, and Keys.
func TestObjectMatchesModel(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	var dec Decoder
	fresh := func() (*Object, *model) { return randomObject(rng, &dec) }
	editRandomly(t, rng, 400, 40, basicEdits, objectKeys, fresh, sameAsModel)
}

// editRandomly makes n objects with fresh and edits each steps times
// with random edits (the first ops) of keys, checking each step.
func editRandomly(t *testing.T, rng *rand.Rand, n, steps, ops int, keys []string, fresh func() (*Object, *model), check func(*Object, *model) string) {
	t.Helper()
	for i := 0; i < n; i++ {
		o, m := fresh()
		for step := 0; step < steps; step++ {
			k := keys[rng.Intn(len(keys))]
			op := rng.Intn(ops)
			var msg string
			if o, m, msg = edit(op, o, m, k, step, fresh); msg != "" {
				t.Fatal(msg)
			}
			if msg := check(o, m); msg != "" {
				t.Fatalf("object %d step %d (op %d, key %q): %s", i, step, op, k, msg)
			}
		}
	}
}

// The edits of an object and its model: the first basicEdits are Set,
// Append (of a new key), Delete, Clone, Compact and a path write; then
// SetAt, Reset, DeepClone and replacing both by fresh ones.
const (
	basicEdits = 7
	allEdits   = 11
)

// edit applies edit op of key k to o and m; msg reports a wrong result.
func edit(op int, o *Object, m *model, k string, step int, fresh func() (*Object, *model)) (_ *Object, _ *model, msg string) {
	switch op {
	case 0, 1:
		o.Set(k, float64(step))
		m.set(k, float64(step))
	case 2:
		if _, ok := m.vals[k]; !ok {
			o.Append(k, "app")
			m.set(k, "app")
		}
	case 3:
		if g, w := o.Delete(k), m.del(k); g != w {
			msg = fmt.Sprintf("Delete(%q) = %v, want %v", k, g, w)
		}
	case 4:
		o = o.Clone()
	case 5:
		o.Compact()
	case 6:
		quoted := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(k)
		ParsePath(`["`+quoted+`"]`).Set(o, true)
		m.set(k, true)
	case 7:
		if o.Len() > 0 {
			i := step % o.Len()
			key, _ := o.At(i)
			o.SetAt(i, "at")
			m.set(key, "at")
		}
	case 8:
		o.Reset()
		m = &model{vals: map[string]any{}}
	case 9:
		o = o.DeepClone()
	case 10:
		o, m = fresh()
	}
	return o, m, msg
}

func randomObject(rng *rand.Rand, dec *Decoder) (*Object, *model) {
	m := &model{vals: map[string]any{}}
	text := "{"
	for i := rng.Intn(12); i > 0; i-- {
		k := objectKeys[rng.Intn(len(objectKeys))]
		if rng.Intn(8) == 0 {
			k = fmt.Sprintf("w%d", rng.Intn(100)) // some objects are wide
		}
		if len(text) > 1 {
			text += ","
		}
		text += fmt.Sprintf("%q:%d", k, i)
		m.set(k, float64(i)) // a duplicate: the last value wins
	}
	for i := 0; rng.Intn(3) == 0 && i < 80; i++ {
		k := fmt.Sprintf("x%d", i)
		if len(text) > 1 {
			text += ","
		}
		text += fmt.Sprintf("%q:0", k)
		m.set(k, 0.0)
	}
	text += "}"
	var v any
	if by := rng.Intn(len(decoders) + 1); by < len(decoders) {
		v, _ = decoders[by](dec, text)
	} else {
		o := NewObject(rng.Intn(20))
		for _, k := range m.keys {
			o.Set(k, m.vals[k])
		}
		v = o
	}
	return v.(*Object), m
}

// decoders are the ways to decode a record.
var decoders = []func(*Decoder, string) (any, error){
	func(_ *Decoder, s string) (any, error) { return ParseJSONString(s) },
	(*Decoder).ParseRecord,
	func(_ *Decoder, s string) (any, error) { return ParseRecordRaw(s) },
}

func sameAsModel(o *Object, m *model) string {
	if fmt.Sprint(o.Keys()) != fmt.Sprint(m.keys) {
		return fmt.Sprintf("keys %v, want %v", o.Keys(), m.keys)
	}
	for _, k := range append(objectKeys, m.keys...) {
		v, ok := o.Get(k)
		w, wok := m.vals[k]
		if ok != wok || JSON(v) != JSON(w) || o.Has(k) != wok {
			return fmt.Sprintf("Get(%q) = %s %v, want %s %v", k, JSON(v), ok, JSON(w), wok)
		}
	}
	return ""
}

// Reset empties an object and forgets its key hints; the room stays.
func TestObjectReset(t *testing.T) {
	o := NewObject(8)
	for i, k := range []string{"a", "bb", "ccc", "dddd"} {
		o.Set(k, float64(i))
	}
	room := cap(o.fields)
	o.Reset()
	if o.Len() != 0 || o.keyBits != 0 || cap(o.fields) != room {
		t.Fatalf("after Reset: %d keys, bits %x, room %d (was %d)", o.Len(), o.keyBits, cap(o.fields), room)
	}
	if o.Has("a") {
		t.Error("a key survived Reset")
	}
	o.Set("x", "y")
	if v, ok := o.Get("x"); !ok || v != "y" || JSON(o) != `{"x":"y"}` {
		t.Errorf("after Reset and Set: %s", JSON(o))
	}
	if f := o.fields[:room][1]; f.key != "" || f.val != nil {
		t.Errorf("Reset kept a value reachable: %+v", f)
	}
}

// DeleteKeys in one pass leaves what Delete of each key leaves: the same
// keys in the same order, lookups that agree, on random objects and key
// sets (absent keys, repeated keys, everything removed).
func TestDeleteKeysAgreesWithDelete(t *testing.T) {
	rnd := rand.New(rand.NewSource(21))
	names := []string{"a", "b", "cc", "dd", "first_name", "last_name", "search_raw", "x", "request_id"}
	for n := 0; n < 20000; n++ {
		one, many := NewObject(0), NewObject(0)
		for i := rnd.Intn(len(names) + 1); i > 0; i-- {
			k := names[rnd.Intn(len(names))]
			one.Set(k, float64(i))
			many.Set(k, float64(i))
		}
		if rnd.Intn(10) == 0 { // wider than the lookup path takes
			for j := 0; j < 70; j++ {
				one.Set(fmt.Sprint("w", j), true)
				many.Set(fmt.Sprint("w", j), true)
			}
		}
		var keys []string
		for i := rnd.Intn(4); i > 0; i-- {
			keys = append(keys, names[rnd.Intn(len(names))])
		}
		want := 0
		for _, k := range keys {
			if one.Delete(k) {
				want++
			}
		}
		if got := many.DeleteKeys(keys); got != want || JSON(many) != JSON(one) {
			t.Fatalf("DeleteKeys(%v): %d removed, %s; Delete each: %d, %s", keys, got, JSON(many), want, JSON(one))
		}
		for _, k := range names {
			if many.Has(k) != one.Has(k) {
				t.Fatalf("after DeleteKeys(%v): Has(%s) = %v", keys, k, many.Has(k))
			}
		}
	}
}

// Refill empties an object as Reset does, leaving the old values in its
// room unread: the same random sequences of Set, Delete, DeleteKeys and
// emptying, one object emptied with Reset and one with Refill, read alike
// after every step (keys, order, values, lookups of present and absent
// keys), and Refill keeps the room.
func TestRefillAgreesWithReset(t *testing.T) {
	rnd := rand.New(rand.NewSource(7))
	names := []string{"a", "b", "cc", "dd", "first_name", "last_name", "search_raw", "x", "request_id", ""}
	reset, refill := NewObject(8), NewObject(8)
	for step := 0; step < 50000; step++ {
		k := names[rnd.Intn(len(names))]
		switch op := rnd.Intn(10); {
		case op < 5:
			v := any(float64(step))
			if rnd.Intn(3) == 0 {
				v = FromMap(map[string]any{"n": float64(step)})
			}
			reset.Set(k, v)
			refill.Set(k, v)
		case op < 7:
			if a, b := reset.Delete(k), refill.Delete(k); a != b {
				t.Fatalf("step %d: Delete(%q) %v and %v", step, k, a, b)
			}
		case op < 9:
			keys := []string{k, names[rnd.Intn(len(names))]}
			if a, b := reset.DeleteKeys(keys), refill.DeleteKeys(keys); a != b {
				t.Fatalf("step %d: DeleteKeys(%q) %d and %d", step, keys, a, b)
			}
		default:
			room := cap(refill.fields)
			reset.Reset()
			refill.Refill()
			if refill.Len() != 0 || cap(refill.fields) != room {
				t.Fatalf("step %d: after Refill %d keys, room %d (was %d)", step, refill.Len(), cap(refill.fields), room)
			}
		}
		if JSON(reset) != JSON(refill) {
			t.Fatalf("step %d: %s after Reset, %s after Refill", step, JSON(reset), JSON(refill))
		}
		for _, n := range names {
			a, aok := reset.Get(n)
			b, bok := refill.Get(n)
			if aok != bok || JSON(a) != JSON(b) || reset.Has(n) != refill.Has(n) {
				t.Fatalf("step %d: Get(%q) %s %v after Reset, %s %v after Refill", step, n, JSON(a), aok, JSON(b), bok)
			}
		}
	}
}
