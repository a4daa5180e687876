package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

const fuzzMaxRecord = 4096

// FuzzRun runs whole `rulec run` invocations on a fuzzed rule file and
// fuzzed records. It asserts: no panic (none escapes, and none is caught
// per record: ExitInternal fails too), every NDJSON input line accounted
// for (output + dropped by the rules + dead letters == record lines, with
// "dropped" from an independent oracle: the plan run without its index),
// and memory allocated bounded by a multiple of the input. The corpus is in
// testdata/fuzz/FuzzRun.
func FuzzRun(f *testing.F) {
	seeds := [][2]string{
		{`{"selector":"a:1","source":"b","target":"c"}`, "{\"a\":1,\"b\":2}\n{\"a\":2}\n"},
		{`{"selector":"*","source":"[","target":"[["}`, "{\"a\":1}\n"},
		{`{"selector":"*","source":"a","target":"a.b"}`, "{\"a\":{\"x\":1}}\n"},
		{`{"selector":"*","source":"a","target":"x[1000000000]"}`, "{\"a\":1}\n"},
		{`{"selector":"*","source":"a","target":"t","tag":"x"}` + "\n" + `{"follow":"x","post_process":"toJSON","pretty":true,"source":"t","target":"j"}`, "{\"a\":[[[[1]]]]}\n"},
		{`{"selector":"f:/(a+)+b/","source":"f","target":"g"}`, "{\"f\":\"aaaaaaaaaaaaaaaaaaaaaaaa\"}\n"},
		{`{"selector":"*","source":"s","target":"t","regex":"(\\w+)","multivalue":true}`, "{\"s\":\"a b c\"}\n# comment\n\u00a0\n[1]\n"},
		{`a:1 AND (b:2 OR NOT c:3)`, "\xef\xbb\xbf{\"a\":1,\"b\":2}\n{\"results\":\"x\"}\n"},
		{`{"selector":"*","source":"b","target":"c"}`, "[{\"b\":1},\n{\"b\": bad},\n3]"},
		{`{"selector":"*","source":"b","target":"c"}`, "{\"results\":[{\"b\":1},2]}\n{\"b\":3}\n"},
		{`{"selector":"*","source":"b","target":"c","start":123,"end":["&"]}`, "{\"b\":\"x\"}\n"},
		{`{"selector":"*","source":"a","target":"b","tag":"t"}` + "\n" + `{"follow":"t","post_process":"replaceRegex","regex":"(a|a)*$","replace":"x","source":"b","target":"c"}`, "{\"a\":\"aaaaaaaaaaaaaaaaaaaaaab\"}\n"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, rules, input string) {
		if len(rules) > 8<<10 || len(input) > 64<<10 {
			return
		}
		dir := t.TempDir()
		rulesPath := filepath.Join(dir, "rules.txt")
		deadPath := filepath.Join(dir, "dead.ndjson")
		if err := os.WriteFile(rulesPath, []byte(rules), 0o644); err != nil {
			t.Fatal(err)
		}
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		var out, errb bytes.Buffer
		code := Rulec([]string{"run", "-r", rulesPath, "--dead-letter", deadPath, "--max-record-size", "4K", "--record-timeout", "2s"},
			Env{Stdin: strings.NewReader(input), Stdout: &out, Stderr: &errb})
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		if code == ExitInternal || code != ExitOK && code != ExitRules {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20+uint64(2000*(len(input)+len(rules))) {
			t.Fatalf("allocated %d bytes for %d bytes of input", alloc, len(input)+len(rules))
		}
		if code != ExitOK {
			return
		}
		dead, _ := os.ReadFile(deadPath)
		checkAccounting(t, rules, input, out.String(), string(dead))
	})
}

// checkAccounting checks output + dropped + dead == record lines for NDJSON
// input (array input and an unwrapped search response are skipped: one
// line is not one record there).
func checkAccounting(t *testing.T, rules, input, out, dead string) {
	lines := strings.Split(strings.TrimPrefix(input, "\xef\xbb\xbf"), "\n")
	first := ""
	var records []string
	for _, l := range lines {
		if l = trimJSONSpace(l); l != "" {
			records = append(records, l)
			if first == "" {
				first = l
			}
		}
	}
	p, _ := compiler.Compile([]*diag.Source{diag.NewSource("rules.txt", []byte(rules))}, compiler.Config{})
	if p == nil {
		t.Fatal("rulec ran rules the compiler rejects")
	}
	if strings.HasPrefix(first, "[") {
		checkArrayAccounting(t, p, input, out, dead)
		return
	}
	if unwrapsFirst(first) {
		return
	}
	st := plan.State{NoIndex: true, RecordTimeout: DefaultRecordTimeout}
	dropped := 0
	for _, l := range records {
		if len(l) > fuzzMaxRecord {
			continue
		}
		o, err := record.ParseObject([]byte(l))
		if err != nil {
			continue
		}
		if res, d := p.RunOne(record.New(o), &st); res == nil && d == nil {
			dropped++
		}
	}
	outs, deads := strings.Count(out, "\n"), strings.Count(dead, "\n")
	if outs+deads+dropped != len(records) {
		t.Fatalf("%d record lines: %d output + %d dead + %d dropped\nout:\n%s\ndead:\n%s", len(records), outs, deads, dropped, out, dead)
	}
}

// unwrapsFirst reports whether rulec reads the first line as a search
// response holding records.
func unwrapsFirst(l string) bool {
	o, err := record.ParseObject([]byte(l))
	if err != nil {
		return false
	}
	if h, ok := record.ParsePath("hits.hits").Get(o); ok && record.Truthy(h) {
		_, isArr := h.([]any)
		return isArr
	}
	r, ok := o.Get("results")
	_, isArr := r.([]any)
	return ok && record.Truthy(r) && isArr
}

// checkArrayAccounting checks output + dropped + dead == elements for an
// input that is one valid JSON array no larger than a record.
func checkArrayAccounting(t *testing.T, p *plan.Plan, input, out, dead string) {
	v, err := record.ParseJSONString(strings.TrimPrefix(input, "\xef\xbb\xbf"))
	arr, isArr := v.([]any)
	if err != nil || !isArr || len(input) > fuzzMaxRecord {
		return
	}
	if len(arr) > 0 {
		if o, ok := arr[0].(*record.Object); ok && unwrapsFirst(record.JSON(o)) {
			return
		}
	}
	st := plan.State{NoIndex: true, RecordTimeout: DefaultRecordTimeout}
	dropped := 0
	for _, e := range arr {
		o, ok := e.(*record.Object)
		if !ok {
			continue
		}
		// a fresh copy: the oracle must not see values rulec changed
		c, _ := record.ParseObject([]byte(record.JSON(o)))
		if res, d := p.RunOne(record.New(c), &st); res == nil && d == nil {
			dropped++
		}
	}
	outs, deads := strings.Count(out, "\n"), strings.Count(dead, "\n")
	if outs+deads+dropped != len(arr) {
		t.Fatalf("%d array elements: %d output + %d dead + %d dropped\nout:\n%s\ndead:\n%s", len(arr), outs, deads, dropped, out, dead)
	}
}
