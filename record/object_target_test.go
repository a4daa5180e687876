package record

import (
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
