package record

import (
	"fmt"
	"math/rand"
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
	for n := 0; n < 400; n++ {
		o, m := randomObject(rng, &dec)
		for step := 0; step < 40; step++ {
			k := objectKeys[rng.Intn(len(objectKeys))]
			op := rng.Intn(7)
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
					t.Fatalf("Delete(%q) = %v, want %v", k, g, w)
				}
			case 4:
				o = o.Clone()
			case 5:
				o.Compact()
			case 6:
				ParsePath(`["`+k+`"]`).Set(o, true)
				m.set(k, true)
			}
			if msg := sameAsModel(o, m); msg != "" {
				t.Fatalf("object %d step %d (op %d, key %q): %s", n, step, op, k, msg)
			}
		}
	}
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
	switch rng.Intn(4) {
	case 0:
		v, _ = ParseJSONString(text)
	case 1:
		v, _ = dec.ParseRecord(text)
	case 2:
		v, _ = ParseRecordRaw(text)
	default:
		o := NewObject(rng.Intn(20))
		for _, k := range m.keys {
			o.Set(k, m.vals[k])
		}
		v = o
	}
	return v.(*Object), m
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
