package compiler

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// compileBench compiles one of the benchmark rule sets of testdata.
func compileBench(t testing.TB, rules, types string) *plan.Plan {
	t.Helper()
	var tc map[string]string
	raw, err := os.ReadFile(types)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &tc); err != nil {
		t.Fatal(err)
	}
	p, diags := CompileFiles([]string{rules}, Config{Types: tc})
	if p == nil {
		t.Fatalf("compile: %v", diags)
	}
	return p
}

// readLines returns the non-empty lines of a file.
func readLines(t testing.TB, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		if len(sc.Bytes()) > 0 {
			lines = append(lines, sc.Text())
		}
	}
	return lines
}

// parseModes are the ways records are decoded: whole (pipelines, tests),
// lazily (nested values decoded on first read), and lazily by one Decoder
// that boxes the values of successive records in shared chunks, recycled
// or not (rulec run recycles).
func parseModes() map[string]func(string) (*record.Object, error) {
	var dec record.Decoder
	object := func(v any, err error) (*record.Object, error) {
		if err != nil {
			return nil, err
		}
		return v.(*record.Object), nil
	}
	var recycled record.Decoder
	n := 0
	return map[string]func(string) (*record.Object, error){
		"whole":   func(s string) (*record.Object, error) { return record.ParseObject([]byte(s)) },
		"lazy":    func(s string) (*record.Object, error) { return object(record.ParseRecordString(s)) },
		"decoder": func(s string) (*record.Object, error) { return object(dec.ParseRecord(s)) },
		// as a rulec run worker, whose Decoder hands out the memory of the
		// records before once they are written (every 7 records here)
		"recycled": func(s string) (*record.Object, error) {
			if n++; n%7 == 0 {
				recycled.Recycle()
			}
			return object(recycled.ParseRecord(s))
		},
	}
}

// runLines runs every line through p and returns the outputs as NDJSON.
func runLines(t testing.TB, p *plan.Plan, lines []string, parse func(string) (*record.Object, error), st *plan.State) string {
	t.Helper()
	var out []byte
	for i, l := range lines {
		o, err := parse(l)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		r, dl := p.RunOne(record.New(o), st)
		if dl != nil {
			t.Fatalf("line %d: dead letter %s: %s", i+1, dl.Code, dl.Message)
		}
		if r != nil {
			out = append(record.AppendJSON(out, r.Data), '\n')
		}
	}
	return string(out)
}

// TestOrdersGolden: the second benchmark rule set (nested objects, arrays,
// base64 and JSON-in-string fields, 30 term selectors on one field, long
// validation chains) gives the recorded output on its 2k sample, with the
// selector index and with the index-free oracle, whole and lazily decoded,
// with a record per output and with one reused (plan.State.ReuseOutput).
func TestOrdersGolden(t *testing.T) {
	p := compileBench(t, "../testdata/orders/orders-rules.txt", "../testdata/orders/orders-types.json")
	lines := readLines(t, "../testdata/orders/orders-2k.ndjson")
	raw, err := os.ReadFile("../testdata/orders/orders-out-2k.ndjson")
	if err != nil {
		t.Fatal(err)
	}
	want := string(raw)
	for mode, parse := range parseModes() {
		for _, st := range stateModes() {
			got := runLines(t, p, lines, parse, &st)
			if got != want {
				g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
				for i := 0; i < len(g) && i < len(w); i++ {
					if g[i] != w[i] {
						t.Fatalf("%s, noIndex=%v, reuse=%v: output line %d\n got  %s\n want %s", mode, st.NoIndex, st.ReuseOutput, i+1, g[i], w[i])
					}
				}
				t.Fatalf("%s, noIndex=%v, reuse=%v: %d output lines, want %d", mode, st.NoIndex, st.ReuseOutput, len(g), len(w))
			}
		}
	}
}

// stateModes are the ways a plan runs: with the selector index or the
// index-free oracle, each with a record per output and with one record
// reused for every output (encoded before the next record, as rulec run
// does).
func stateModes() []plan.State {
	var out []plan.State
	for _, noIndex := range []bool{false, true} {
		for _, reuse := range []bool{false, true} {
			out = append(out, plan.State{NoIndex: noIndex, ReuseOutput: reuse})
		}
	}
	return out
}

// TestWeblogDecodeModes: the benchmark rules give the same output on the 2k
// sample whether records are decoded whole (TestWeblogReference checks that
// output against the reference) or lazily as rulec run decodes them, with
// the index and with the oracle, with and without a reused output record.
func TestWeblogDecodeModes(t *testing.T) {
	p := compileBench(t, "../testdata/weblog/weblog-rules.txt", "../testdata/weblog/weblog-types.json")
	lines := readLines(t, "../testdata/weblog/weblogs-2k.ndjson")
	want := runLines(t, p, lines, parseModes()["whole"], &plan.State{NoIndex: true})
	for mode, parse := range parseModes() {
		for _, st := range stateModes() {
			if got := runLines(t, p, lines, parse, &st); got != want {
				t.Errorf("%s, noIndex=%v, reuse=%v: output differs from the whole-decoded oracle", mode, st.NoIndex, st.ReuseOutput)
			}
		}
	}
}

// linesPerBatch is about how many lines a rulec run batch holds (64 KiB:
// ~120 web-log lines, ~100 orders lines); BenchmarkLines recycles the
// record memory as often.
const linesPerBatch = 100

// BenchmarkLines measures what rulec run does per input line, on one core:
// decode (lazily, with the worker's Decoder), run the plan, encode the
// output.
func BenchmarkLines(b *testing.B) {
	sets := []struct{ name, rules, types, data string }{
		{"weblog", "../testdata/weblog/weblog-rules.txt", "../testdata/weblog/weblog-types.json", "../testdata/weblog/weblogs-2k.ndjson"},
		{"orders", "../testdata/orders/orders-rules.txt", "../testdata/orders/orders-types.json", "../testdata/orders/orders-2k.ndjson"},
	}
	for _, set := range sets {
		b.Run(set.name, func(b *testing.B) {
			p := compileBench(b, set.rules, set.types)
			lines := readLines(b, set.data)
			st := &plan.State{ReuseOutput: true} // as rulec run: each output is encoded before the next record
			var out []byte
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				v, _ := st.Decoder.ParseRecord(lines[i%len(lines)])
				o := v.(*record.Object)
				if r, _ := p.RunOne(record.New(o), st); r != nil {
					out = append(record.AppendJSON(out[:0], r.Data), '\n')
				}
				if i%linesPerBatch == linesPerBatch-1 {
					st.Recycle() // as a rulec run worker after each batch
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "records/s")
		})
	}
}
