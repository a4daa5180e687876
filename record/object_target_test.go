package record

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// AddFromTarget into an object without the key stores and reports what
// SetFrom does; AddTarget appends what Set appends.
func TestAddTargetAgreesWithSet(t *testing.T) {
	k := freshKey()
	key := NewKey(k)
	for round := 0; round < 2; round++ { // the second with the key's cache set
		for _, text := range setFromTexts {
			text = strings.ReplaceAll(text, `"m"`, strconv.Quote(k))
			a, b := parseObj(t, ParseRecordString, text), parseObj(t, ParseRecordString, text)
			add, set := NewObject(2), NewObject(2)
			add.AddTarget(NewTarget("x"), 1.0)
			set.Set("x", 1.0)
			got, want := add.AddFromTarget(NewTarget("t"), a, key), set.SetFrom("t", b, key)
			if got != want || JSON(add) != JSON(set) || JSON(a) != JSON(b) || add.Has("t") != set.Has("t") {
				t.Errorf("%s: AddFromTarget %v %s, SetFrom %v %s", text, got, JSON(add), want, JSON(set))
			}
		}
	}
}

// AddTarget refuses a record not decoded yet rather than append to keys
// its decoding would then replace.
func TestAddTargetRefusesRaw(t *testing.T) {
	o := parseObj(t, ParseRecordRaw, `{"a":1}`)
	defer func() {
		if recover() == nil {
			t.Fatal("AddTarget appended to a raw record")
		}
	}()
	o.AddTarget(NewTarget("b"), 2.0)
}

// DeleteAt removes what Delete of the keys at its positions removes: the
// same keys left in the same order, lookups that agree, on random objects
// and position sets (none, the first, the last, all).
func TestDeleteAtAgreesWithDelete(t *testing.T) {
	rnd := rand.New(rand.NewSource(5))
	for n := 0; n < 20000; n++ {
		at, one := NewObject(0), NewObject(0)
		size := rnd.Intn(12)
		if rnd.Intn(20) == 0 {
			size = 64 + rnd.Intn(6) // positions the mask cannot name
		}
		for i := 0; i < size; i++ {
			k := fmt.Sprint("k", i)
			at.AddTarget(NewTarget(k), float64(i))
			one.Set(k, float64(i))
		}
		var mask uint64
		var gone []string
		for i := 0; i < size && i < 64; i++ {
			if rnd.Intn(3) == 0 {
				mask |= 1 << i
				k, _ := at.At(i)
				gone = append(gone, k)
			}
		}
		for _, k := range gone {
			one.Delete(k)
		}
		at.DeleteAt(mask)
		if JSON(at) != JSON(one) {
			t.Fatalf("DeleteAt(%b): %s, Delete of %q: %s", mask, JSON(at), gone, JSON(one))
		}
		for i := 0; i < size; i++ {
			k := fmt.Sprint("k", i)
			if at.Has(k) != one.Has(k) {
				t.Fatalf("after DeleteAt(%b): Has(%s) = %v", mask, k, at.Has(k))
			}
		}
	}
}

// DeleteTargetsAt, given positions that are right, stale or wrong,
// either removes what DeleteKeys removes or reports false and changes
// nothing; with every position right it always removes.
func TestDeleteTargetsAtAgreesWithDeleteKeys(t *testing.T) {
	rnd := rand.New(rand.NewSource(9))
	names := []string{"a", "b", "first_name", "last_name", "search_raw", "x", "request_id"}
	removed := 0
	for n := 0; n < 20000; n++ {
		noted, keys := NewObject(0), NewObject(0)
		for i := rnd.Intn(len(names) + 1); i > 0; i-- {
			k := names[rnd.Intn(len(names))]
			noted.Set(k, float64(i))
			keys.Set(k, float64(i))
		}
		var ts []Target
		var restrict []string
		var at uint64
		allRight := true
		for j, k := range names[rnd.Intn(3):][:2+rnd.Intn(3)] {
			ts, restrict = append(ts, NewTarget(k)), append(restrict, k)
			pos := noted.index(k) + 1 // right
			switch rnd.Intn(6) {
			case 0: // stale: moved
				pos = rnd.Intn(noted.Len() + 2)
			case 1: // not noted
				pos = 0
			}
			allRight = allRight && pos == noted.index(k)+1
			at |= uint64(pos) << (8 * j)
		}
		before := JSON(noted)
		ok := noted.DeleteTargetsAt(ts, at)
		keys.DeleteKeys(restrict)
		switch {
		case ok && JSON(noted) != JSON(keys):
			t.Fatalf("DeleteTargetsAt(%q, %v) on %s: %s, DeleteKeys: %s", restrict, at, before, JSON(noted), JSON(keys))
		case !ok && JSON(noted) != before:
			t.Fatalf("DeleteTargetsAt(%q, %v) on %s refused and left %s", restrict, at, before, JSON(noted))
		case !ok && allRight:
			t.Fatalf("DeleteTargetsAt(%q, %v) on %s refused right positions", restrict, at, before)
		case ok:
			removed++
		}
	}
	if removed < 5000 {
		t.Fatalf("only %d removals", removed)
	}
}
