package compiler

import (
	"bytes"
	"testing"

	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// TestMarshalLoad: a plan written with Marshal and read back with Load gives
// the same output records and the same explanation.
func TestMarshalLoad(t *testing.T) {
	p, recs := loadWeblog(t)
	data, err := p.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	q, err := plan.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	p.Dump(&a)
	q.Dump(&b)
	if a.String() != b.String() {
		t.Errorf("explanations differ:\n%s\n---\n%s", a.String(), b.String())
	}
	sa, sb := &plan.State{}, &plan.State{}
	for i, r := range recs {
		x, _ := p.RunOne(record.New(r.Data.DeepClone()), sa)
		y, _ := q.RunOne(record.New(r.Data.DeepClone()), sb)
		if (x == nil) != (y == nil) || x != nil && !record.DeepEqual(x.Data, y.Data) {
			t.Fatalf("record %d differs: %v vs %v", i, x, y)
		}
	}
	if _, err := plan.Load([]byte(`{"version":99}`)); err == nil {
		t.Error("expected a version error")
	}
}
