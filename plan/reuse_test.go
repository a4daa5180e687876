package plan_test

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// The benchmark rule sets of testdata (web logs; orders: nested objects,
// arrays, base64 and JSON-in-string fields, long validation chains).
var ruleSets = []struct{ name, rules, types, data string }{
	{"weblog", "../testdata/weblog/weblog-rules.txt", "../testdata/weblog/weblog-types.json", "../testdata/weblog/weblogs-2k.ndjson"},
	{"orders", "../testdata/orders/orders-rules.txt", "../testdata/orders/orders-types.json", "../testdata/orders/orders-2k.ndjson"},
}

func compileSet(t testing.TB, rules, types string) *plan.Plan {
	t.Helper()
	raw, err := os.ReadFile(types)
	if err != nil {
		t.Fatal(err)
	}
	var tc map[string]string
	if err := json.Unmarshal(raw, &tc); err != nil {
		t.Fatal(err)
	}
	p, diags := compiler.CompileFiles([]string{rules}, compiler.Config{Types: tc})
	if p == nil {
		t.Fatalf("compile: %v", diags)
	}
	return p
}

func lines(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		if len(sc.Bytes()) > 0 {
			out = append(out, sc.Text())
		}
	}
	return out
}

// run encodes each output as soon as RunOne returns it (as rulec run does)
// and returns the outputs and the dead letters' codes.
func run(t testing.TB, p *plan.Plan, in []string, st *plan.State) (string, []string) {
	t.Helper()
	var out []byte
	var dead []string
	for i, l := range in {
		v, err := st.Decoder.ParseRecord(l)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		r, dl := p.RunOne(record.New(v.(*record.Object)), st)
		if dl != nil {
			dead = append(dead, dl.Code)
		}
		if r != nil {
			out = append(record.AppendJSON(out, r.Data), '\n')
		}
	}
	return string(out), dead
}

// TestReuseOutputChangesNothing: with ReuseOutput (one output record
// emptied and reused) every output of both benchmark rule sets is the same
// as with a new record per output.
func TestReuseOutputChangesNothing(t *testing.T) {
	for _, set := range ruleSets {
		p := compileSet(t, set.rules, set.types)
		in := lines(t, set.data)
		want, wantDead := run(t, p, in, &plan.State{})
		got, gotDead := run(t, p, in, &plan.State{ReuseOutput: true})
		if got != want || len(gotDead) != len(wantDead) {
			t.Errorf("%s: outputs differ with ReuseOutput (%d vs %d bytes, %d vs %d dead letters)", set.name, len(got), len(want), len(gotDead), len(wantDead))
		}
		if want == "" {
			t.Errorf("%s: no output", set.name)
		}
	}
}

// TestReuseOutputKeepsWhatItMust: the output record is reused from one
// RunOne to the next, but never for a record with metadata, under a
// tracer, or when the input is the previous output.
func TestReuseOutputKeepsWhatItMust(t *testing.T) {
	p := compileSet(t, ruleSets[0].rules, ruleSets[0].types)
	in := lines(t, ruleSets[0].data)
	parse := func(i int) *record.Record {
		o, err := record.ParseObject([]byte(in[i]))
		if err != nil {
			t.Fatal(err)
		}
		return record.New(o)
	}
	st := &plan.State{ReuseOutput: true}
	first, _ := p.RunOne(parse(0), st)
	second, _ := p.RunOne(parse(1), st)
	if first == nil || second != first {
		t.Fatalf("outputs %p, %p: want one reused record", first, second)
	}
	withMeta := parse(0)
	withMeta.SetMeta("_key", "k")
	if out, _ := p.RunOne(withMeta, st); out == first || out == nil {
		t.Errorf("a record with metadata got the reused record")
	} else if k, _ := out.GetMeta("_key"); k != "k" {
		t.Errorf("metadata of the fork: %v", out.Meta)
	}
	for _, wrap := range []bool{false, true} {
		again, _ := p.RunOne(parse(0), st)
		want := record.JSON(again.Data)
		in := again
		if wrap {
			in = record.New(again.Data) // the same data in another record
		}
		if out, _ := p.RunOne(in, st); out != nil && out.Data == again.Data {
			t.Errorf("the previous output (wrapped: %v), run again, was emptied to be its own output", wrap)
		}
		if record.JSON(again.Data) != want {
			t.Errorf("the previous output (wrapped: %v) changed while it was the input: %s, was %s", wrap, record.JSON(again.Data), want)
		}
	}
}
