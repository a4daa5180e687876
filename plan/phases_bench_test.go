package plan_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// The benchmarks below time one phase of rulec run at a time on the two
// benchmark rule sets (compiler's BenchmarkLines times them all together,
// with decoding): selection alone, and the encoding of the outputs. ns/op
// is per record.

type benchSet struct{ name, rules, types, data string }

var benchSets = []benchSet{
	{"weblog", "../testdata/weblog/weblog-rules.txt", "../testdata/weblog/weblog-types.json", "../testdata/weblog/weblogs-2k.ndjson"},
	{"orders", "../testdata/orders/orders-rules.txt", "../testdata/orders/orders-types.json", "../testdata/orders/orders-2k.ndjson"},
}

func compileSet(b *testing.B, set benchSet, mode plan.Mode) *plan.Plan {
	b.Helper()
	var types map[string]string
	raw, err := os.ReadFile(set.types)
	if err != nil {
		b.Fatal(err)
	}
	if err := json.Unmarshal(raw, &types); err != nil {
		b.Fatal(err)
	}
	p, diags := compiler.CompileFiles([]string{set.rules}, compiler.Config{Types: types, Mode: mode})
	if p == nil {
		b.Fatalf("compile: %v", diags)
	}
	return p
}

// readRecords decodes the first n lines of a set's data, each record into
// memory of its own.
func readRecords(b *testing.B, path string, n int) []*record.Object {
	b.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	lines := bytes.SplitN(data, []byte("\n"), n+1)
	out := make([]*record.Object, n)
	for i := range out {
		if out[i], err = record.ParseObject(lines[i]); err != nil {
			b.Fatal(err)
		}
	}
	return out
}

// benchRecords is how many records of a set the benchmarks cycle through:
// few enough to stay in the processor's caches, as the record rulec run
// has just decoded is.
const benchRecords = 128

// BenchmarkSelect: the selection phase alone (a Matcher-mode plan of the
// rules: index, selectors, nothing else). The records are decoded once;
// after the first round their nested values are decoded too.
func BenchmarkSelect(b *testing.B) { benchSelect(b, 0) }

// BenchmarkEncodeOutputs: the encoding of the rules' output records
// (record.AppendJSON), as rulec run writes them.
func BenchmarkEncodeOutputs(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			p := compileSet(b, set, plan.Transform)
			var outs []*record.Object
			for _, o := range readRecords(b, set.data, benchRecords) {
				if r, _ := p.RunOne(record.New(o), &plan.State{}); r != nil {
					outs = append(outs, r.Data)
				}
			}
			var buf []byte
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				buf = append(record.AppendJSON(buf[:0], outs[i%len(outs)]), '\n')
			}
		})
	}
}

// BenchmarkTransform: the whole plan (selection, extraction, post-process,
// output) without decoding or encoding, as rulec run runs it: the output
// record reused, the values the rules box recycled every 100 records. The
// records are decoded once; after the first round their nested values are
// decoded too.
func BenchmarkTransform(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			b.ReportAllocs()
			runTransform(b, compileSet(b, set, plan.Transform), set)
		})
	}
}

// runTransform times p on the first benchRecords records of set, as
// BenchmarkTransform says.
func runTransform(b *testing.B, p *plan.Plan, set benchSet) {
	recs := readRecords(b, set.data, benchRecords)
	st := &plan.State{ReuseOutput: true}
	r := new(record.Record)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		*r = record.Record{Data: recs[i%len(recs)]}
		p.RunOne(r, st)
		if i%100 == 99 {
			st.Recycle()
		}
	}
}

// BenchmarkSeen: BenchmarkTransform with the extractions that take the
// value their selector's check read (seen), and without (walk), in one
// process, so that -count interleaves the two.
func BenchmarkSeen(b *testing.B) {
	for _, set := range benchSets {
		for _, seen := range []bool{true, false} {
			name := set.name + "/walk"
			if seen {
				name = set.name + "/seen"
			}
			b.Run(name, func(b *testing.B) {
				p := compileSet(b, set, plan.Transform)
				if !seen {
					plan.WithoutSeen(p)
				}
				runTransform(b, p, set)
			})
		}
	}
}
