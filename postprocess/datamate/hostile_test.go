package datamate

import (
	"math"
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
