package compiler

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

func loadWeblog(t testing.TB) (*plan.Plan, []*record.Record) {
	t.Helper()
	var types map[string]string
	raw, err := os.ReadFile("../testdata/weblog/weblog-types.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &types); err != nil {
		t.Fatal(err)
	}
	p, diags := CompileFiles([]string{"../testdata/weblog/weblog-rules.txt"}, Config{Types: types})
	if p == nil {
		t.Fatalf("compile: %v", diags)
	}
	data, err := os.ReadFile("../testdata/weblog/weblogs-2k.ndjson")
	if err != nil {
		t.Fatal(err)
	}
	var recs []*record.Record
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		o, err := record.ParseObject(sc.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, record.New(o))
	}
	return p, recs
}

// TestWeblogReference checks the benchmark rules against the reference's
// output for the 2k sample, record by record.
func TestWeblogReference(t *testing.T) {
	p, recs := loadWeblog(t)
	raw, err := os.ReadFile("../testdata/weblog/out-2k.json")
	if err != nil {
		t.Fatal(err)
	}
	wantV, err := record.ParseJSON(raw)
	if err != nil {
		t.Fatal(err)
	}
	want := wantV.([]any)
	for _, useIndex := range []bool{true, false} {
		st := &plan.State{NoIndex: !useIndex}
		var got []*record.Record
		for _, r := range recs {
			c := record.New(r.Data.DeepClone())
			out, dl := p.RunOne(c, st)
			if dl != nil {
				t.Fatalf("dead letter: %+v", dl)
			}
			if out != nil {
				got = append(got, out)
			}
		}
		if len(got) != len(want) {
			t.Errorf("index=%v: %d records, want %d", useIndex, len(got), len(want))
		}
		bad := 0
		for i := 0; i < len(got) && i < len(want); i++ {
			if !record.DeepEqual(got[i].Data, want[i]) {
				bad++
				if bad <= 5 {
					t.Errorf("index=%v record %d:\n got  %s\n want %s", useIndex, i, record.JSON(got[i].Data), record.JSON(want[i]))
				}
			}
		}
		if bad > 0 {
			t.Errorf("index=%v: %d of %d records differ", useIndex, bad, len(want))
		}
	}
}

// BenchmarkWeblogPlan measures the transform alone (records already parsed)
// on the benchmark sample; the reference's figure is 50–77k records/s.
func BenchmarkWeblogPlan(b *testing.B) {
	p, recs := loadWeblog(b)
	st := &plan.State{}
	copies := make([]*record.Record, len(recs))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i % len(recs)
		if j == 0 {
			b.StopTimer()
			for k, r := range recs {
				copies[k] = record.New(r.Data.DeepClone())
			}
			b.StartTimer()
		}
		p.RunOne(copies[j], st)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "records/s")
}
