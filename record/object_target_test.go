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
				gone = append(gone, at.KeyAt(i))
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
			k := NewTarget(fmt.Sprint("k", i))
			if at.HasTarget(k) != one.Has(k.String()) {
				t.Fatalf("after DeleteAt(%b): HasTarget(%s) = %v", mask, k, at.HasTarget(k))
			}
		}
	}
}
