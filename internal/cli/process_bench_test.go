package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/plan"
)

// BenchmarkProcess runs batches of the web-log and orders samples through a
// worker as rulec run does (parse, run, encode per line; memory recycled
// per batch), without reading or writing: what process adds around the
// plan is the difference to compiler's BenchmarkLines.
func BenchmarkProcess(b *testing.B) {
	for _, set := range []struct{ name, rules, types, data string }{
		{"weblog", "../../testdata/weblog/weblog-rules.txt", "../../testdata/weblog/weblog-types.json", "../../testdata/weblog/weblogs-2k.ndjson"},
		{"orders", "../../testdata/orders/orders-rules.txt", "../../testdata/orders/orders-types.json", "../../testdata/orders/orders-2k.ndjson"},
	} {
		b.Run(set.name, func(b *testing.B) {
			p := benchPlan(b, set.rules, set.types)
			batches := benchBatches(b, set.data)
			s := &stream{plan: p, out: newChecked("output", io.Discard), dead: newChecked("dead", io.Discard), maxRecord: DefaultMaxRecord, spareOut: make(chan []byte, 1)}
			w := &worker{st: plan.State{ReuseOutput: true}}
			records := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				data := batches[i%len(batches)]
				bt := &batch{data: data, line: 1}
				s.process(bt, w)
				records += bytes.Count(data, []byte{'\n'})
				w.st.Recycle()
				s.spare(bt.out)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(records), "ns/record")
		})
	}
}

func benchPlan(b *testing.B, rules, types string) *plan.Plan {
	tb, err := os.ReadFile(types)
	if err != nil {
		b.Fatal(err)
	}
	var ty map[string]string
	if err := json.Unmarshal(tb, &ty); err != nil {
		b.Fatal(err)
	}
	p, diags := compiler.CompileFiles([]string{rules}, compiler.Config{Types: ty})
	if p == nil {
		b.Fatal(diags)
	}
	return p
}

// benchBatches cuts a sample into batches of whole lines of about
// batchBytes, as the line framer does.
func benchBatches(b *testing.B, path string) [][]byte {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var out [][]byte
	for len(data) > 0 {
		n := min(len(data), batchBytes)
		if i := bytes.LastIndexByte(data[:n], '\n'); i >= 0 && n < len(data) {
			n = i + 1
		}
		out = append(out, data[:n])
		data = data[n:]
	}
	return out
}
