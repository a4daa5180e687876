package search_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/job/jobtest"
	_ "github.com/sluice-dev/sluice/ops/builtin"
	"github.com/sluice-dev/sluice/ops/search"
	"github.com/sluice-dev/sluice/record"
)

func TestMain(m *testing.M) {
	// Three attempts per read, as the reference, without its 1-3 s waits.
	search.SetFetchWaits(10*time.Millisecond, 10*time.Millisecond)
	m.Run()
}

// samplerCase is the input/expected shape of the sampler's reference cases.
type samplerCase struct {
	Input struct {
		Doc      *esDoc `json:"es_doc"`
		Always   *esDoc `json:"es_get_returns_3_times"`
		Sequence []any  `json:"es_doc_percent_sequence"`
		Records  string `json:"records"`
		Slices   []string
	}
	Expected struct {
		Length    *int   `json:"output_length"`
		Lengths   []int  `json:"output_lengths"`
		InitError string `json:"initialize_error"`
	}
}

type esDoc struct {
	Found  bool           `json:"found"`
	Source map[string]any `json:"_source"`
}

// dataSize reads n of "makeData(n)" (after an optional "(wait ...) ").
func dataSize(t *testing.T, s string) int {
	t.Helper()
	_, s, _ = strings.Cut(s, "makeData(")
	var n int
	if err := json.Unmarshal([]byte(strings.TrimSuffix(s, ")")), &n); err != nil {
		t.Fatalf("bad makeData %q", s)
	}
	return n
}

// The sampler cases of processors-cases.json, against the real search
// server. Each case gets its own index (the name replaces "my-index" in the
// config and the expected message); the stored document stands for what
// the reference's mocked client returned.
func TestReferenceCases(t *testing.T) {
	conns := searchConns(t)
	for _, c := range jobtest.Cases(t, "testdata/reference-cases.jsonl", "sample_exact_es_percent") {
		t.Run(c.Name(), func(t *testing.T) {
			var sc samplerCase
			if err := json.Unmarshal(c.Input, &sc.Input); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(c.Expected, &sc.Expected); err != nil {
				t.Fatal(err)
			}
			index := uniqueIndex("my-index")
			config := strings.Replace(string(c.Config), `"my-index"`, `"`+index+`"`, 1)
			config = strings.Replace(config, "{", `{"_op": "sample_exact_es_percent", `, 1)
			runSamplerCase(t, conns, index, config, sc)
		})
	}
}

func runSamplerCase(t *testing.T, conns *job.Connections, index, config string, sc samplerCase) {
	ctx := context.Background()
	store := func(percent any) {
		t.Helper()
		if err := search.StoreDocument(ctx, conns, "default", index, "abc123", map[string]any{"percent": percent}); err != nil {
			t.Fatal(err)
		}
	}
	switch {
	case sc.Expected.InitError != "":
		if sc.Input.Always.Found {
			store(sc.Input.Always.Source["percent"])
		}
		_, err := harness(t, config, "", conns)
		want := strings.ReplaceAll(sc.Expected.InitError, "my-index", index)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("initialize error:\n got %v\nwant %s", err, want)
		}
	case sc.Input.Doc != nil:
		store(sc.Input.Doc.Source["percent"])
		h, err := harness(t, config, "", conns)
		if err != nil {
			t.Fatal(err)
		}
		out, err := h.RunSlice(makeData(dataSize(t, sc.Input.Records)))
		if err != nil || len(out) != *sc.Expected.Length {
			t.Fatalf("kept %d (%v), want %d", len(out), err, *sc.Expected.Length)
		}
	default:
		runSequence(t, conns, config, sc, store)
	}
}

// runSequence stores each percentage in turn and checks that a slice after
// it keeps the expected share, no later than a few refresh windows.
func runSequence(t *testing.T, conns *job.Connections, config string, sc samplerCase, store func(any)) {
	store(sc.Input.Sequence[0])
	h, err := harness(t, config, "", conns)
	if err != nil {
		t.Fatal(err)
	}
	for i, slice := range sc.Input.Slices {
		if i > 0 {
			store(sc.Input.Sequence[i])
		}
		want := sc.Expected.Lengths[i]
		n := dataSize(t, slice)
		deadline := time.Now().Add(3 * time.Second)
		for {
			out, err := h.RunSlice(makeData(n))
			if err != nil {
				t.Fatal(err)
			}
			if len(out) == want {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("slice %d: kept %d, want %d (percent %v stored)", i, len(out), want, sc.Input.Sequence[i])
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// Every read is attempted 3 times before initialisation fails; the
// attempts are counted at a proxy in front of the server.
func TestInitReadsThreeTimesThenFails(t *testing.T) {
	p, conns := proxied(t)
	index := uniqueIndex("missing")
	_, err := harness(t, `{"_op": "sample_exact_es_percent", "index": "`+index+`", "document_id": "nope"}`, "", conns)
	want := "SampleExactESPercentage failed to retrieve percentage from index " + index + " of elasticsearch-next connection default: TSError: The document with id nope was not found in index " + index + " of elasticsearch-next connection default."
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	searches := 0
	for _, r := range p.Requests() {
		if strings.HasSuffix(strings.SplitN(r.Path, "?", 2)[0], "/_search") {
			searches++
		}
	}
	if searches != 3 {
		t.Fatalf("%d searches, want 3", searches)
	}
}

// An index that exists without the document is "not found" too.
func TestDocumentMissingFromExistingIndex(t *testing.T) {
	conns := searchConns(t)
	index := uniqueIndex("pct")
	if err := search.StoreDocument(context.Background(), conns, "default", index, "other", map[string]any{"percent": 10}); err != nil {
		t.Fatal(err)
	}
	_, err := harness(t, `{"_op": "sample_exact_es_percent", "_connection": "default", "index": "`+index+`", "document_id": "abc"}`, "", conns)
	if err == nil || !strings.Contains(err.Error(), "The document with id abc was not found in index "+index) {
		t.Fatalf("got %v", err)
	}
}

// An unreachable server fails initialisation naming index, document and
// connection.
func TestInitFailsClearlyWhenTheServerIsDown(t *testing.T) {
	conns := job.DefaultConnections()
	conns.Set(job.ConnSearch, "down", record.FromMap(map[string]any{"node": "http://127.0.0.1:1"}))
	_, err := harness(t, `{"_op": "sample_exact_es_percent", "connection": "down", "index": "pcts", "document_id": "rate"}`, "", conns)
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	for _, want := range []string{"index pcts", "connection down", "http://127.0.0.1:1"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not name %q", msg, want)
		}
	}
}

// The percent field may be mapped as text (the seed's usage example) and
// hold a number or a string; strings convert as JavaScript Number().
func TestPercentConversions(t *testing.T) {
	conns := searchConns(t)
	for _, c := range []struct {
		percent any
		keep    int // of 200
		err     string
	}{
		{"25", 50, ""}, {" 1e1 ", 20, ""}, {"0x10", 32, ""}, {"", 0, ""}, {12.5, 25, ""}, {"100", 200, ""},
		{"hi", 0, "Percent could not be converted from a string to a number:_id: rate, percent: hi"},
		{true, 0, "Expected percent to be of type number or string, found Boolean. _id: rate, percent: true"},
		{"101", 0, "Percent must be a number between 0 and 100, received 101."},
		{"-0.5", 0, "Percent must be a number between 0 and 100, received -0.5."},
	} {
		index := uniqueIndex("text-mapped")
		createTextMapped(t, index)
		if err := search.StoreDocument(context.Background(), conns, "default", index, "rate", map[string]any{"percent": c.percent}); err != nil {
			t.Fatal(err)
		}
		h, err := harness(t, `{"_op": "sample_exact_es_percent", "index": "`+index+`", "document_id": "rate"}`, "", conns)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), "TSError: "+c.err) {
				t.Errorf("percent %#v: got %v, want %s", c.percent, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("percent %#v: %v", c.percent, err)
			continue
		}
		if out, err := h.RunSlice(makeData(200)); err != nil || len(out) != c.keep {
			t.Errorf("percent %#v: kept %d (%v), want %d", c.percent, len(out), err, c.keep)
		}
	}
}

func TestSchemaMessages(t *testing.T) {
	for _, c := range []struct{ config, want string }{
		{`"index": "A", "document_id": "x"`, "must be lowercase"},
		{`"index": "", "document_id": "x"`, "must not be an empty string"},
		{`"index": 3, "document_id": "x"`, "must be of type string"},
		{`"index": "a", "document_id": "  "`, "must be a non-empty string"},
		{`"index": "a", "document_id": "x", "window_ms": 99`, "must be a number between 100 and 3,600,000 milliseconds (1 hour)."},
		{`"index": "a", "document_id": "x", "window_ms": 3600001`, "must be a number between 100 and 3,600,000 milliseconds (1 hour)."},
		{`"index": "a", "document_id": "x", "_connection": "nope"`, `refers to connection "nope" which is unavailable`},
		{`"index": "a", "document_id": "x", "connection": "nope"`, `refers to connection "nope" which is unavailable`},
	} {
		_, err := job.ProcessorHarness(`{"_op": "sample_exact_es_percent", `+c.config+`}`, "", job.HarnessOptions{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.config, err, c.want)
		}
	}
}
