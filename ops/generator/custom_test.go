package generator_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/ops/generator"
	"github.com/sluice-dev/sluice/record"
)

// writeSchema writes a schema file into a new directory.
func writeSchema(t *testing.T, text string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "schema.json"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func customFetch(t *testing.T, schema string, params map[string]any, r any) []*record.Record {
	t.Helper()
	if params == nil {
		params = map[string]any{}
	}
	params["json_schema"] = "schema.json"
	return fetch(t, params, writeSchema(t, schema), r)
}

// Spec 12 row 4 fixed: a custom schema generates its fields, in order,
// nested objects and arrays included.
func TestCustomSchema(t *testing.T) {
	schema := `{
  "user": {"name": {"faker": "person.fullName"}, "email": {"faker": "internet.email"}},
  "score": {"chance": "floating({\"min\": 0, \"max\": 1, \"fixed\": 2})"},
  "code": {"randexp": "[A-Z]{3}-\\d{4}"},
  "kind": {"static": "event"},
  "level": {"values": ["low", "high"]},
  "n": {"incrementalId": 10},
  "words": [{"faker": "lorem.word", "length": 3}],
  "flags": [{"chance": "bool", "length": 4, "fixedLength": true}],
  "empty": {}
}`
	out := customFetch(t, schema, nil, req(50, 150))
	code := regexp.MustCompile(`^[A-Z]{3}-\d{4}$`)
	for i, r := range out {
		if k := strings.Join(r.Data.Keys(), ","); k != "user,score,code,kind,level,n,words,flags,empty,created" {
			t.Fatalf("keys %s", k)
		}
		user, _ := r.Data.Get("user")
		if k := strings.Join(user.(*record.Object).Keys(), ","); k != "name,email" {
			t.Fatalf("user keys %s", k)
		}
		score, _ := r.Data.Get("score")
		n, _ := r.Data.Get("n")
		words, _ := r.Data.Get("words")
		flags, _ := r.Data.Get("flags")
		empty, _ := r.Data.Get("empty")
		if s := score.(float64); s < 0 || s > 1 || !regexp.MustCompile(`^(0|1)(\.\d{1,2})?$`).MatchString(record.FormatNumber(s)) {
			t.Errorf("score %v", s)
		}
		if !code.MatchString(str(r, "code")) || str(r, "kind") != "event" || (str(r, "level") != "low" && str(r, "level") != "high") {
			t.Errorf("record %s", record.JSON(r.Data))
		}
		// incrementalId numbers by position in the job: this slice holds
		// records 100..149
		if n != float64(110+i) {
			t.Errorf("record %d: n %v, want %d", i, n, 110+i)
		}
		if w := len(words.([]any)); w < 1 || w > 3 || len(flags.([]any)) != 4 || empty.(*record.Object).Len() != 0 {
			t.Errorf("words %v, flags %v, empty %v", words, flags, empty)
		}
	}
}

// date_key, format and set_id apply to custom schemas (the issue's
// decision): the date field is appended unless the schema has it; a format
// replaces the schema's own generator in place; set_id sets `id`.
func TestCustomSchemaShaping(t *testing.T) {
	schema := `{"a": {"static": 1}, "when": {"static": "never"}, "id": {"static": "x"}}`
	out := customFetch(t, schema, map[string]any{"date_key": "when"}, req(1, 1))
	if got := record.JSON(out[0].Data); got != `{"a":1,"when":"never","id":"x"}` {
		t.Errorf("own date field kept without a format: %s", got)
	}
	out = customFetch(t, schema, map[string]any{"date_key": "when", "format": "utcBetween", "start": "2020-01-01", "end": "2020-01-02", "set_id": "HEXADECIMAL"}, req(1, 1))
	if k := strings.Join(out[0].Data.Keys(), ","); k != "a,when,id" || !strings.HasPrefix(str(out[0], "when"), "2020-01-01T") || !regexp.MustCompile(`^[0-9A-F]{8}$`).MatchString(str(out[0], "id")) {
		t.Errorf("format and set_id: %s", record.JSON(out[0].Data))
	}
	out = customFetch(t, `{"a": {"static": [1, 2]}}`, map[string]any{"date_key": "ts"}, req(2, 2))
	if k := strings.Join(out[0].Data.Keys(), ","); k != "a,ts" || !strings.HasSuffix(str(out[0], "ts"), ":00") {
		t.Errorf("date field appended: %s", record.JSON(out[0].Data))
	}
	a0, _ := out[0].Data.Get("a")
	a0.([]any)[0] = 99.0
	if a1, _ := out[1].Data.Get("a"); a1.([]any)[0] != 1.0 {
		t.Error("static values are shared between records")
	}
}

// Every documented generator name compiles and generates a JSON value.
func TestEveryGeneratorName(t *testing.T) {
	var b strings.Builder
	names := generator.GeneratorNames()
	b.WriteString("{")
	for i, n := range names {
		key, name, _ := strings.Cut(n, ":")
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(record.JSON(n) + `: {"` + key + `": ` + record.JSON(name) + `}`)
	}
	b.WriteString("}")
	out := customFetch(t, b.String(), nil, req(20, 20))
	for _, r := range out {
		for _, n := range names {
			v, ok := r.Data.Get(n)
			if s, isStr := v.(string); !ok || v == nil || (isStr && s == "" && !strings.HasPrefix(n, "faker:string.")) {
				t.Fatalf("%s gave %s", n, record.JSON(v))
			}
		}
	}
}

// Arguments in the reference's forms.
func TestGeneratorArguments(t *testing.T) {
	schema := `{
  "int": {"chance": "integer({\"min\": 7850, \"max\": 7852})"},
  "nat": {"chance": "natural({\"max\": 3})"},
  "words": {"faker": "lorem.words(5)"},
  "alpha": {"faker": "string.alpha({\"length\": 7})"},
  "num": {"faker": "number.int(3)"},
  "between": {"faker": "number.int({\"min\": 5, \"max\": 6})"},
  "country": {"chance": "country({\"full\": true})"},
  "lat": {"chance": "latitude({\"min\": 10, \"max\": 11, \"fixed\": 2})"},
  "hash": {"chance": "hash({\"length\": 12})"},
  "price": {"faker": "commerce.price({\"min\": 5, \"max\": 5})"},
  "pool": {"chance": "string({\"length\": 6, \"pool\": \"ab\"})"}
}`
	for _, r := range customFetch(t, schema, nil, req(100, 100)) {
		get := func(k string) any { v, _ := r.Data.Get(k); return v }
		checks := map[string]bool{
			"int":     get("int").(float64) >= 7850 && get("int").(float64) <= 7852,
			"nat":     get("nat").(float64) >= 0 && get("nat").(float64) <= 3,
			"words":   len(strings.Fields(str(r, "words"))) == 5,
			"alpha":   regexp.MustCompile(`^[a-zA-Z]{7}$`).MatchString(str(r, "alpha")),
			"num":     get("num").(float64) >= 0 && get("num").(float64) <= 3,
			"between": get("between").(float64) >= 5 && get("between").(float64) <= 6,
			"country": len(str(r, "country")) > 2,
			"lat":     get("lat").(float64) >= 10 && get("lat").(float64) <= 11,
			"hash":    regexp.MustCompile(`^[0-9a-f]{12}$`).MatchString(str(r, "hash")),
			"price":   str(r, "price") == "5.00",
			"pool":    regexp.MustCompile(`^[ab]{6}$`).MatchString(str(r, "pool")),
		}
		for k, ok := range checks {
			if !ok {
				t.Fatalf("%s = %s", k, record.JSON(get(k)))
			}
		}
	}
}

// A bad schema file gets every problem in one run, each with file:line:col
// into the schema file.
func TestSchemaDiagnostics(t *testing.T) {
	schema := `{
  "a": {"faker": "name.fist"},
  "b": {"chance": "integer({\"min\": 5, \"max\": 1})"},
  "c": {"fakr": "person.firstName"},
  "d": {"function": "() => 1"},
  "e": "plain",
  "f": {"length": 3},
  "g": {"randexp": "[z-a]"},
  "h": {"faker": "lorem.words(1, 2)"},
  "i": {"chance": "integer({\"low\": 1})"},
  "j": [{"faker": "lorem.word"}],
  "k": {"values": []},
  "l": {"faker": "lorem.word", "chance": "word"},
  "m": {"incrementalId": "x"}
}`
	dir := writeSchema(t, schema)
	_, l := job.Validate(diag.NewSource("job.json", []byte(`{"operations": [{"_op": "data_generator", "json_schema": "schema.json"}, {"_op": "noop"}]}`)), job.Options{Dir: dir})
	want := []string{
		`schema.json:2:18: GEN002 field "a": unknown faker generator "name.fist"`,
		`schema.json:3:19: GEN003 field "b": integer: min (5) cannot be greater than max (1)`,
		`schema.json:4:9: GEN002 field "c": unknown generator key "fakr"`,
		`schema.json:4:8: GEN002 field "c" has no generator`,
		`schema.json:5:9: GEN002 field "d": the "function" generator is not supported: it would run JavaScript`,
		`schema.json:6:8: GEN001 field "e": expected a generator object`,
		`schema.json:7:9: GEN001 field "f": "length" applies to array fields`,
		`schema.json:7:8: GEN002 field "f" has no generator`,
		`schema.json:8:20: GEN003 field "g": invalid regular expression "[z-a]": invalid character class range`,
		`schema.json:9:18: GEN003 field "h": lorem.words: takes at most 1 argument(s), got 2`,
		`schema.json:10:19: GEN003 field "i": integer: unknown option "low" (options: max, min)`,
		`schema.json:11:9: GEN003 field "j": "length" must be a whole number from 1 to 1000000, got null`,
		`schema.json:12:19: GEN003 field "k": values must be a non-empty array`,
		`schema.json:13:8: GEN002 field "l" has more than one generator (faker, chance)`,
		`schema.json:14:26: GEN003 field "m": incrementalId takes the first id`,
	}
	var got []string
	for _, d := range l.Items {
		if d.Severity == diag.Error {
			got = append(got, d.Error())
		}
	}
	for _, w := range want {
		if !hasPrefix(got, filepath.Join(dir, w)) {
			t.Errorf("missing %s", w)
		}
	}
	if t.Failed() || len(got) != len(want) {
		t.Errorf("%d diagnostics, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
}

func hasPrefix(list []string, prefix string) bool {
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
}

func TestSchemaFileShape(t *testing.T) {
	for text, want := range map[string]string{
		`module.exports = {a: {faker: 'x'}}`: "JOB002 invalid JSON",
		`[1, 2]`:                             "GEN001 a json_schema must be a JSON object",
		`{"faker": "person.firstName"}`:      "GEN001 the top level maps field names to generators",
	} {
		dir := writeSchema(t, text)
		_, l := job.Validate(diag.NewSource("job.json", []byte(`{"operations": [{"_op": "data_generator", "json_schema": "schema.json"}, {"_op": "noop"}]}`)), job.Options{Dir: dir})
		if errs := errorsOf(l); !containsAll(errs, want) {
			t.Errorf("%s: %q, want %q", text, errs, want)
		}
	}
}

// `pipeline docs data_generator` lists every generator name.
func TestDocsListEveryGenerator(t *testing.T) {
	var b bytes.Buffer
	job.Markdown(&b, []*job.Spec{generator.Spec()})
	for _, n := range generator.GeneratorNames() {
		_, name, _ := strings.Cut(n, ":")
		if !strings.Contains(b.String(), "`"+name) {
			t.Errorf("docs do not list %s", n)
		}
	}
}

// Two workers share one compiled schema; incrementalId numbers every
// record of the job exactly once across slices and workers.
func TestCustomSchemaAcrossWorkers(t *testing.T) {
	dir := writeSchema(t, `{"n": {"incrementalId": 0}, "w": {"faker": "lorem.word"}, "c": {"randexp": "[a-z]{4}"}}`)
	j, l := job.Validate(diag.NewSource("job.json", []byte(`{"workers": 2, "operations": [
		{"_op": "data_generator", "size": 200, "json_schema": "schema.json"}, {"_op": "noop", "size": 10}]}`)), job.Options{Dir: dir})
	if j == nil {
		t.Fatal(l.Error())
	}
	seen := make([]int, 200)
	var mu sync.Mutex
	_, err := job.Run(context.Background(), j, job.RunOptions{OnSliceDone: func(_ *job.Slice, out []*record.Record, _ error) {
		mu.Lock()
		defer mu.Unlock()
		for _, r := range out {
			n, _ := r.Data.Get("n")
			seen[int(n.(float64))]++
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range seen {
		if c != 1 {
			t.Fatalf("id %d generated %d times", i, c)
		}
	}
}

// A slice larger than the worker's run (job.RunSize) is made a run at a
// time: the records keep their order and their numbering across runs.
func TestSliceMadeInRuns(t *testing.T) {
	dir := writeSchema(t, `{"n": {"incrementalId": 0}, "w": {"faker": "lorem.word"}}`)
	j, l := job.Validate(diag.NewSource("job.json", []byte(`{"workers": 1, "operations": [
		{"_op": "data_generator", "size": 1200, "json_schema": "schema.json"}, {"_op": "noop", "size": 600}]}`)), job.Options{Dir: dir})
	if j == nil {
		t.Fatal(l.Error())
	}
	var slices [][]*record.Record
	_, err := job.Run(context.Background(), j, job.RunOptions{OnSliceDone: func(_ *job.Slice, out []*record.Record, _ error) {
		if len(out) > 0 {
			slices = append(slices, out)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(slices) != 2 || 600 <= job.RunSize {
		t.Fatalf("%d slices (run size %d)", len(slices), job.RunSize)
	}
	for s, out := range slices {
		for i, r := range out {
			if n, _ := r.Data.Get("n"); n != float64(s*600+i) {
				t.Fatalf("slice %d record %d: n = %v", s, i, n)
			}
		}
	}
}

// stress_test repeats one record through every run of a slice.
func TestStressTestRepeatsOneRecordAcrossRuns(t *testing.T) {
	j := mustValidate(t, genJob(map[string]any{"stress_test": true}))
	f, err := generator.NewFetcher(j, j.Operations[0], time.Now)
	if err != nil {
		t.Fatal(err)
	}
	next, err := f.FetchRuns(nil, req(600, 600))
	if err != nil {
		t.Fatal(err)
	}
	var all []*record.Record
	for run, _ := next(256); len(run) > 0; run, _ = next(256) {
		all = append(all, run...)
	}
	if len(all) != 600 {
		t.Fatalf("%d records", len(all))
	}
	for _, r := range all[1:] {
		if !record.DeepEqual(r.Data, all[0].Data) || r.Data == all[0].Data {
			t.Fatal("stress_test records differ or share one object")
		}
	}
}
