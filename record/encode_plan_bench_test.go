package record_test

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// planOutputs runs a benchmark rule set of testdata over its 2k sample
// and keeps the outputs as the plan built them: top-level members copied
// lazily from the input, nested objects decoded with their shapes,
// objects parseJSON built, rule targets as keys.
func planOutputs(b *testing.B, rules, types, data string) []any {
	var tc map[string]string
	raw, err := os.ReadFile(types)
	if err != nil {
		b.Fatal(err)
	}
	if err := json.Unmarshal(raw, &tc); err != nil {
		b.Fatal(err)
	}
	p, diags := compiler.CompileFiles([]string{rules}, compiler.Config{Types: tc})
	if p == nil {
		b.Fatalf("compile: %v", diags)
	}
	f, err := os.Open(data)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	st := new(plan.State) // a new output record for each input, all kept
	var outs []any
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		v, err := st.Decoder.ParseRecord(sc.Text())
		if err != nil {
			b.Fatal(err)
		}
		if r, _ := p.RunOne(record.New(v.(*record.Object)), st); r != nil {
			outs = append(outs, r.Data)
		}
	}
	for _, o := range outs { // once, as rulec writes each: lazy members it decodes stay decoded
		record.AppendJSON(nil, o)
	}
	return outs
}

// BenchmarkEncodePlanOutput encodes the outputs of the web-log and orders
// rule sets as rulec run writes them.
func BenchmarkEncodePlanOutput(b *testing.B) {
	sets := []struct{ name, rules, types, data string }{
		{"weblog", "../testdata/weblog/weblog-rules.txt", "../testdata/weblog/weblog-types.json", "../testdata/weblog/weblogs-2k.ndjson"},
		{"orders", "../testdata/orders/orders-rules.txt", "../testdata/orders/orders-types.json", "../testdata/orders/orders-2k.ndjson"},
	}
	for _, set := range sets {
		b.Run(set.name, func(b *testing.B) {
			outs := planOutputs(b, set.rules, set.types, set.data)
			buf := make([]byte, 0, 4096)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				buf = record.AppendJSON(buf[:0], outs[i%len(outs)])
			}
		})
	}
}

// BenchmarkAppendStrings writes the strings of the outputs of both rule
// sets (values and keys), one after another.
func BenchmarkAppendStrings(b *testing.B) {
	var strs []string
	var collect func(v any)
	collect = func(v any) {
		switch x := v.(type) {
		case string:
			strs = append(strs, x)
		case *record.Object:
			for i := 0; i < x.Len(); i++ {
				k, e := x.At(i)
				strs = append(strs, k)
				collect(e)
			}
		case []any:
			for _, e := range x {
				collect(e)
			}
		}
	}
	for _, o := range planOutputs(b, "../testdata/weblog/weblog-rules.txt", "../testdata/weblog/weblog-types.json", "../testdata/weblog/weblogs-2k.ndjson") {
		collect(o)
	}
	for _, o := range planOutputs(b, "../testdata/orders/orders-rules.txt", "../testdata/orders/orders-types.json", "../testdata/orders/orders-2k.ndjson") {
		collect(o)
	}
	buf := make([]byte, 0, 4096)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = record.AppendString(buf[:0], strs[i%len(strs)])
	}
}
