package datamate

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/record"
)

// dedupe of a long array of distinct scalars is linear (it scanned the
// values kept so far for each one: 200,000 numbers took minutes), and keeps
// SameValueZero semantics: -0 equals 0, NaN equals NaN, arrays by identity.
func TestDedupeIsLinear(t *testing.T) {
	arr := make([]any, 200000)
	for i := range arr {
		arr[i] = float64(i % 150000)
	}
	start := time.Now()
	out, err := dedupe(arr)
	if took := time.Since(start); err != nil || len(out.([]any)) != 150000 || took > 2*time.Second {
		t.Fatalf("%d values, %v, took %v", len(out.([]any)), err, took)
	}
	inner := []any{1.0}
	got, _ := dedupe([]any{0.0, math.Copysign(0, -1), math.NaN(), math.NaN(), "a", "a", true, true, inner, inner, []any{1.0}, nil})
	if s := record.JSON(got); s != `[0,null,"a",true,[1],[1]]` {
		t.Errorf("semantics: %s", s)
	}
}

// TestDedupeAgreesWithDefinition: dedupe keeps the first of every
// SameValueZero class in order, whether the distinct values are few or
// many, as the quadratic definition does: random arrays of
// numbers (0 and -0), strings, booleans, NaN, null, objects (equal by
// value, the empty one by identity) and arrays (by identity).
func TestDedupeAgreesWithDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	empty, inner := record.NewObject(0), []any{1.0}
	obj := func(k string) *record.Object { o := record.NewObject(1); o.Set(k, 1.0); return o }
	pool := []any{0.0, math.Copysign(0, -1), 1.0, math.NaN(), "a", "b", "", true, false, nil, record.Undefined,
		empty, record.NewObject(0), obj("x"), obj("x"), obj("y"), inner, []any{1.0}}
	for n := 0; n < 2000; n++ {
		arr := make([]any, rng.IntN(60))
		for i := range arr {
			if rng.IntN(3) == 0 {
				arr[i] = float64(rng.IntN(40)) // many distinct numbers: past the scan
			} else {
				arr[i] = pool[rng.IntN(len(pool))]
			}
		}
		got, _ := dedupe(arr)
		if want := dedupeOracle(arr); !sameIdentity(got.([]any), want) {
			t.Fatalf("dedupe(%s) = %s, want %s", record.JSON(arr), record.JSON(got), record.JSON(want))
		}
	}
}

// TestDedupeOfShortScalarListsAgreesWithDefinition: short arrays of
// scalars (tag lists), which dedupe scans instead of hashing, keep the
// first of every SameValueZero class in order as the definition does; so
// do the arrays just past the scan's length.
func TestDedupeOfShortScalarListsAgreesWithDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	pool := []any{0.0, math.Copysign(0, -1), 1.0, 2.5, math.NaN(), math.Inf(1), "a", "b", "A", "", "é", true, false, nil, record.Undefined}
	for n := 0; n < 5000; n++ {
		arr := make([]any, rng.IntN(smallDedupe+3))
		for i := range arr {
			arr[i] = pool[rng.IntN(len(pool))]
		}
		got, _ := dedupe(arr)
		if want := dedupeOracle(arr); !sameIdentity(got.([]any), want) {
			t.Fatalf("dedupe(%s) = %s, want %s", record.JSON(arr), record.JSON(got), record.JSON(want))
		}
	}
}

// dedupeOracle is dedupe by its definition: keep each value that is not
// null or undefined and equals none kept before it, objects with keys by
// value, everything else by SameValueZero.
func dedupeOracle(arr []any) []any {
	out := []any{}
	for _, e := range arr {
		if !record.IsNil(e) && !slices.ContainsFunc(out, func(k any) bool { return dedupeEqual(k, e) }) {
			out = append(out, e)
		}
	}
	return out
}

func dedupeEqual(a, b any) bool {
	x, xObj := a.(*record.Object)
	y, yObj := b.(*record.Object)
	if xObj && yObj && x.Len() > 0 && y.Len() > 0 {
		return record.SortedJSON(x) == record.SortedJSON(y)
	}
	return record.SameValueZero(a, b)
}

// sameIdentity compares two arrays element by element: the same value,
// and the very same object or array.
func sameIdentity(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		switch x := a[i].(type) {
		case []any:
			y, ok := b[i].([]any)
			if !ok || len(x) != len(y) || len(x) > 0 && &x[0] != &y[0] {
				return false
			}
		case float64:
			y, ok := b[i].(float64)
			if !ok || !(x == y && math.Signbit(x) == math.Signbit(y) || math.IsNaN(x) && math.IsNaN(y)) {
				return false
			}
		default:
			if a[i] != b[i] {
				return false
			}
		}
	}
	return true
}
