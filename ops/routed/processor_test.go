package routed_test

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// harness builds [test-reader, routed_sender] with test_api logging into a
// fresh log; extra api settings are merged into the api.
func harness(t *testing.T, op *record.Object, api *record.Object) (*job.Harness, *eventLog) {
	t.Helper()
	h, log, err := tryHarness(t, op, api)
	if err != nil {
		t.Fatal(err)
	}
	return h, log
}

func tryHarness(t *testing.T, op *record.Object, api *record.Object) (*job.Harness, *eventLog, error) {
	name := t.Name()
	log := freshLog(name)
	a := record.NewObject(4)
	a.Set("_name", "test_api")
	if api != nil {
		for _, k := range api.Keys() {
			v, _ := api.Get(k)
			a.Set(k, v)
		}
	}
	a.Set("log", name)
	op = op.Clone()
	op.Set("_op", "routed_sender")
	if !op.Has("_api_name") {
		op.Set("_api_name", "test_api")
	}
	h, err := job.ProcessorHarness(record.JSON(op), record.JSON([]any{a}), job.HarnessOptions{})
	if err == nil {
		t.Cleanup(h.Close)
	}
	return h, log, err
}

// keyRouted makes records routed like key_router {use: 1, from:
// beginning} does: the route is the first character of the record's _key.
func keyRouted(t *testing.T, recs any) []*record.Record {
	var out []*record.Record
	for _, e := range recs.([]any) {
		o := e.(*record.Object)
		data, _ := get(o, "data").(*record.Object)
		r := record.New(data.Clone())
		if key, ok := get(o, "meta._key").(string); ok {
			r.SetMeta("_key", key)
			r.SetMeta("standard:route", key[:1])
		}
		if route, ok := get(o, "meta.standard:route").(string); ok {
			r.SetMeta("standard:route", route)
		}
		out = append(out, r)
	}
	return out
}

func numbered(n int, route string) []*record.Record {
	out := make([]*record.Record, n)
	for i := range out {
		o := record.NewObject(1)
		o.Set("i", float64(i))
		out[i] = record.New(o)
		out[i].SetMeta("standard:route", route)
	}
	return out
}

func sends(events []event) map[string][]event {
	out := map[string][]event{}
	for _, e := range events {
		out[e.Sender] = append(out[e.Sender], e)
	}
	return out
}

func of(events []event, kind string) []event {
	var out []event
	for _, e := range events {
		if e.Event == kind {
			out = append(out, e)
		}
	}
	return out
}

func TestRoutedSenderProcessorCases(t *testing.T) {
	for i, c := range casesOf(t, "routed_sender") {
		t.Run(fmt.Sprint(i, c.Name()), func(t *testing.T) {
			cfg, in, want := parseObj(t, c.Config), parseObj(t, c.Input), parseObj(t, c.Expected)
			op := record.NewObject(4)
			for _, k := range []string{"routing", "size", "concurrency"} {
				if v, ok := cfg.Get(k); ok {
					op.Set(k, v)
				}
			}
			api, _ := get(cfg, "api").(*record.Object)
			h, log, err := tryHarness(t, op, api)
			if msg, ok := get(want, "error").(string); ok {
				if err == nil || !strings.Contains(err.Error(), msg) {
					t.Fatalf("error %v, want %q", err, msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var recs []*record.Record
			if n, ok := get(in, "records").(float64); ok {
				recs = numbered(int(n), "a")
			} else {
				recs = keyRouted(t, get(in, "records"))
			}
			out, err := h.RunSlice(recs)
			if err != nil {
				t.Fatal(err)
			}
			if len(out) != number(get(want, "output_length")) {
				t.Errorf("output %d records", len(out))
			}
			checkProcessorCase(t, want, log.all())
		})
	}
}

func checkProcessorCase(t *testing.T, want *record.Object, events []event) {
	bySender := sends(events)
	if n, ok := want.Get(`sender["*"].send_first_batch_length`); ok && len(of(bySender["*"], "send")[0].Records) != number(n) {
		t.Errorf("* first batch %v", of(bySender["*"], "send")[0].Records)
	}
	if n, ok := want.Get(`sender["**"].first_send_length`); ok && len(of(bySender["**"], "send")[0].Records) != number(n) {
		t.Errorf("** first send %v", of(bySender["**"], "send"))
	}
	if sizes, ok := want.Get("batch_sizes"); ok {
		for _, route := range sizes.(*record.Object).Keys() {
			n, _ := sizes.(*record.Object).Get(route)
			if s := of(bySender[route], "send"); len(s) != 1 || len(s[0].Records) != number(n) {
				t.Errorf("route %s sends %v", route, s)
			}
		}
	}
	var names []string
	for k := range bySender {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, key := range []string{"sender_keys_include", "sender_keys"} {
		if v, ok := want.Get(key); ok {
			checkNames(t, names, v.([]any), key == "sender_keys")
		}
	}
	if v, ok := want.Get("verify_routes_contain"); ok {
		var got []string
		for _, e := range of(events, "verify") {
			got = append(got, e.Route)
		}
		checkNames(t, got, v.([]any), false)
	}
	checkSenderConfig(t, want, of(events, "create"))
}

func checkNames(t *testing.T, got []string, want []any, exact bool) {
	t.Helper()
	for _, w := range want {
		if !contains(got, w.(string)) {
			t.Errorf("%v lacks %v", got, w)
		}
	}
	if exact && len(got) != len(want) {
		t.Errorf("%v, want exactly %v", got, want)
	}
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

func checkSenderConfig(t *testing.T, want *record.Object, creates []event) {
	for _, k := range []string{"size", "_key"} {
		w, ok := want.Get("sender_config." + k)
		if !ok {
			continue
		}
		cfg, _ := record.ParseJSON([]byte(creates[0].Config))
		if got := get(cfg.(*record.Object), k); !record.DeepEqual(got, w) {
			t.Errorf("sender config %s = %v, want %v (%s)", k, got, w, creates[0].Config)
		}
	}
}

// TestSchemaCases validates each configuration of the reference's schema
// test: the rejected ones fail validation, the accepted ones pass.
func TestSchemaCases(t *testing.T) {
	c := casesOf(t, "routed_sender.schema")[0]
	cfg := parseObj(t, c.Config)
	for _, list := range []string{"each_rejected", "accepted"} {
		for i, e := range get(cfg, list).([]any) {
			_, _, err := tryHarness(t, e.(*record.Object), nil)
			if (err == nil) == (list == "each_rejected") {
				t.Errorf("%s[%d] %s: error %v", list, i, record.JSON(e), err)
			}
		}
	}
}

// TestValidationMessages checks the reference's message for each problem.
func TestValidationMessages(t *testing.T) {
	for _, c := range []struct{ op, want string }{
		{`{}`, "Invalid parameter routing, it must be an object"},
		{`{"routing": "hello"}`, "Invalid parameter routing, it must be an object"},
		{`{"routing": {}}`, "Invalid parameter routing, it must have keys and values set"},
		{`{"routing": {"b": null, "c": ""}}`, "Invalid parameter routing, it must have keys and values set"},
		{`{"routing": {"a": "x"}, "size": "big"}`, "Invalid size parameter for routed_sender opConfig, it must be a number"},
		{`{"routing": {"a": "x"}, "size": 0}`, "Invalid size parameter for routed_sender, it must be greater than zero"},
		{`{"routing": {"a": "x"}, "concurrency": "many"}`, "Invalid parameter concurrency, must be a number, was given String"},
		{`{"routing": {"a": "x"}, "concurrency": 0}`, "Invalid parameter concurrency, it must be a positive integer greater than zero"},
		{`{"routing": {"a": "x"}, "concurrency": 1.5}`, "Invalid parameter concurrency, it must be a positive integer greater than zero"},
		{`{"routing": {"*": "x", "**": "y"}}`, `routing cannot specify "*" and "**"`},
		{`{"routing": {"a,*": "x", "**": "y"}}`, `routing cannot specify "*" and "**"`},
		{`{"routing": {"a": "x", "b": ""}}`, `the route "b" has no connection`},
		{`{"routing": {"a": 5}}`, `the route "a" has no connection`},
		{`{"routing": {"a": "x"}, "_api_name": "hello"}`, "Could not find the associated api for hello"},
	} {
		_, _, err := tryHarness(t, parseObj(t, []byte(c.op)), nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.op, err, c.want)
		}
	}
}

// TestDocsCases are the two examples of the reference's docs, with the
// routes key_router would set (a, b, a): only route a is sent (b is
// dropped under `none`), and `**` sends every route dynamically.
func TestDocsCases(t *testing.T) {
	for i, c := range casesOf(t, "routed_sender.docs") {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			cfg := parseObj(t, c.Config)
			op := record.NewObject(2)
			op.Set("routing", get(cfg, "routing"))
			if a, ok := cfg.Get("_dead_letter_action"); ok {
				op.Set("_dead_letter_action", a)
			}
			h, log := harness(t, op, nil)
			recs := docsRecords(t)
			out, err := h.RunSlice(recs)
			if err != nil || len(out) != 3 {
				t.Fatalf("%d records, %v", len(out), err)
			}
			checkDocsCase(t, parseObj(t, c.Expected), log.all())
		})
	}
}

func docsRecords(t *testing.T) []*record.Record {
	recs := keyRouted(t, record.FromGo([]any{
		map[string]any{"data": map[string]any{"some": "data"}, "meta": map[string]any{"standard:route": "a"}},
		map[string]any{"data": map[string]any{"other": "data"}, "meta": map[string]any{"standard:route": "b"}},
		map[string]any{"data": map[string]any{"last": "data"}, "meta": map[string]any{"standard:route": "a"}},
	}))
	return recs
}

func checkDocsCase(t *testing.T, want *record.Object, events []event) {
	bySender := sends(events)
	if w, ok := want.Get("sent_to_someConnection"); ok {
		s := of(bySender["a"], "send")
		if len(s) != 1 || s[0].Conn != "someConnection" || record.JSON(recordData(s[0].Records)) != record.JSON(w) {
			t.Errorf("sends to a: %v", s)
		}
		if len(bySender) != 1 {
			t.Errorf("senders %v", bySender)
		}
		return
	}
	// the search sender writes <index>-<route>: here, the records of the
	// one dynamic send grouped by route
	got := record.NewObject(2)
	for _, r := range of(bySender["**"], "send")[0].Records {
		route, _ := r.GetMeta("standard:route")
		name := "dynamic_elastic-" + route.(string)
		list, _ := got.Get(name)
		l, _ := list.([]any)
		got.Set(name, append(l, r.Data))
	}
	if w, _ := want.Get("indices"); !record.DeepEqual(got, w) {
		t.Errorf("indices %s, want %s", record.JSON(got), record.JSON(w))
	}
}

func recordData(recs []*record.Record) []any {
	out := make([]any, len(recs))
	for i, r := range recs {
		out[i] = r.Data
	}
	return out
}

func TestUnmatchedRouteErrorsNameTheRoute(t *testing.T) {
	h, log := harness(t, parseObj(t, []byte(`{"routing": {"a": "x"}}`)), nil)
	_, err := h.RunSlice(append(numbered(1, "a"), numbered(1, "zz")...))
	var rej *job.RejectedError
	if !errors.As(err, &rej) || !strings.Contains(err.Error(), "Invalid connection route: zz was not found in routing") {
		t.Fatalf("error %v", err)
	}
	if s := of(log.all(), "send"); len(s) != 0 {
		t.Errorf("a failed routing sent %v", s)
	}
	out, err := h.RunSlice(numbered(2, "a"))
	if err != nil || len(out) != 2 {
		t.Fatal(err)
	}
	if s := of(log.all(), "send"); len(s) != 1 || len(s[0].Records) != 2 {
		t.Errorf("the next slice sent %v (the failed slice's queue must be gone)", s)
	}
}

// TestFailedVerifyIsRetried: a `**` route whose verify failed is verified
// again by the next attempt (the reference never retries it).
func TestFailedVerifyIsRetried(t *testing.T) {
	h, log := harness(t, parseObj(t, []byte(`{"routing": {"**": "x"}}`)), parseObj(t, []byte(`{"fail_verify": 1}`)))
	if _, err := h.RunSlice(numbered(2, "a")); err == nil || !strings.Contains(err.Error(), `cannot prepare route "a": injected verify failure`) {
		t.Fatalf("error %v", err)
	}
	if _, err := h.RunSlice(numbered(2, "a")); err != nil {
		t.Fatal(err)
	}
	events := log.all()
	if v, s := of(events, "verify"), of(events, "send"); len(v) != 2 || len(s) != 1 || len(s[0].Records) != 2 {
		t.Errorf("verifies %v, sends %v", v, s)
	}
}

// TestUnusableDynamicRouteIsADeadLetter: file_sender_api refuses a route
// that leaves its path; the record goes to the dead-letter action.
func TestUnusableDynamicRouteIsADeadLetter(t *testing.T) {
	dir := t.TempDir()
	op := `{"_op": "routed_sender", "_api_name": "file_sender_api", "routing": {"**": "d"}, "_dead_letter_action": "dead_letter_file"}`
	apis := fmt.Sprintf(`[{"_name": "file_sender_api", "path": %q, "format": "ldjson", "file_per_slice": true},
		{"_name": "dead_letter_file", "path": %q}]`, dir+"/out", dir+"/dead.ndjson")
	h, err := job.ProcessorHarness(op, apis, job.HarnessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	recs := append(numbered(1, "../escape"), numbered(1, "ok")...)
	if _, err := h.RunSlice(recs); err != nil {
		t.Fatal(err)
	}
	dead, _ := os.ReadFile(dir + "/dead.ndjson")
	if !strings.Contains(string(dead), `the route \"../escape\" does not name a directory inside`) {
		t.Errorf("dead letters %s", dead)
	}
	if got := readRouteFiles(t, dir+"/out"); fmt.Sprint(got) != "map[ok:map[0:1]]" {
		t.Errorf("files %v", got)
	}
}

func init() {
	// emit_on_flush emits one record {"flushed": true}, routed "a", at every
	// flush pass (as a window does with the windows it holds).
	job.Register(&job.Spec{Name: "emit_on_flush", Kind: job.KindProcessor, Summary: "test: emit at flush",
		NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return emitOnFlush{}, nil }})
}

type emitOnFlush struct{}

func (emitOnFlush) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	if !s.Flushing {
		return in, nil
	}
	o := record.NewObject(1)
	o.Set("flushed", true)
	r := record.New(o)
	r.SetMeta("standard:route", "a")
	return append(in, r), nil
}

// TestFlushOutputIsAlwaysSent: records emitted at flush are sent every
// time (the flush pass is not a retry of anything).
func TestFlushOutputIsAlwaysSent(t *testing.T) {
	log := freshLog(t.Name())
	doc := fmt.Sprintf(`{"max_retries": 3, "apis": [{"_name": "test_api", "log": %q}], "operations": [
		{"_op": "test-reader", "passthrough_slice": true}, {"_op": "emit_on_flush"},
		{"_op": "routed_sender", "_api_name": "test_api", "routing": {"a": "x"}}]}`, t.Name())
	h, err := job.NewHarness(doc, job.HarnessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for i := 0; i < 2; i++ {
		if _, err := h.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if s := of(log.all(), "send"); len(s) != 2 {
		t.Errorf("sends %v", s)
	}
}
