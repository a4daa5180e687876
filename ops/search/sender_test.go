package search_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/faultproxy"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/search"
	"github.com/sluice-dev/sluice/record"
)

// newSender builds a sender from a search_sender_api configuration.
func newSender(t *testing.T, conns *job.Connections, cfgJSON string, reject func(*record.Record, error) error) *search.Sender {
	t.Helper()
	return newSenderWith(t, conns, cfgJSON, reject)
}

func newSenderTB(tb testing.TB, conns *job.Connections, cfgJSON string) *search.Sender {
	tb.Helper()
	return newSenderWith(tb, conns, cfgJSON, nil)
}

func newSenderWith(t testing.TB, conns *job.Connections, cfgJSON string, reject func(*record.Record, error) error) *search.Sender {
	t.Helper()
	spec, _ := job.Lookup("search_sender_api")
	v, err := record.ParseJSON([]byte(cfgJSON))
	if err != nil {
		t.Fatal(err)
	}
	cfg, errs := job.NewConfig(spec, v.(*record.Object))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	s, err := search.NewSender(context.Background(), conns, cfg, reject)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// keyed makes n records {"n": i, "name": "<prefix>-<i>"} with _key <prefix>-<i>.
func keyed(prefix string, n int) []*record.Record {
	out := make([]*record.Record, n)
	for i := range out {
		o := record.NewObject(2)
		o.Set("n", float64(i))
		o.Set("name", fmt.Sprintf("%s-%d", prefix, i))
		out[i] = record.New(o)
		out[i].SetMeta("_key", fmt.Sprintf("%s-%d", prefix, i))
	}
	return out
}

func bulks(p *faultproxy.Proxy) []faultproxy.Request {
	var out []faultproxy.Request
	for _, r := range p.Requests() {
		if strings.Contains(r.Path, "_bulk") {
			out = append(out, r)
		}
	}
	return out
}

// visible waits until every record is in the index with its name.
func visible(t *testing.T, conns *job.Connections, index string, recs []*record.Record) {
	t.Helper()
	for _, r := range recs {
		id, _ := r.GetMeta("_key")
		name, _ := r.Data.Get("name")
		err := search.WaitForDocument(context.Background(), conns, "default", index, id.(string), func(src map[string]any) bool {
			return src["name"] == name
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestBulkIndexInRequestsOfSize(t *testing.T) {
	p, conns := proxied(t)
	index := uniqueIndex("sent")
	s := newSender(t, conns, `{"index": "`+index+`", "size": 3}`, nil)
	recs := keyed("doc", 10)
	n, err := s.Send(context.Background(), recs)
	if err != nil || n != 10 {
		t.Fatalf("Send = %d, %v", n, err)
	}
	reqs := bulks(p)
	if len(reqs) != 4 {
		t.Fatalf("%d bulk requests for 10 records of size 3, want 4", len(reqs))
	}
	lines := 0
	for _, r := range reqs {
		lines += strings.Count(string(r.Body), "\n")
	}
	if lines != 20 {
		t.Fatalf("%d lines in all, want 20 (action + source per record)", lines)
	}
	if want := `{"index":{"_index":"` + index + `","_id":"doc-0"}}` + "\n" + `{"n":0,"name":"doc-0"}` + "\n"; !strings.HasPrefix(string(reqs[0].Body)+string(reqs[1].Body), want) && !anyHasPrefix(reqs, want) {
		t.Fatalf("no request starts with %q", want)
	}
	visible(t, searchConns(t), index, recs)
}

func anyHasPrefix(reqs []faultproxy.Request, prefix string) bool {
	for _, r := range reqs {
		if strings.HasPrefix(string(r.Body), prefix) {
			return true
		}
	}
	return false
}

func TestCreateAndDynamicRouteIndex(t *testing.T) {
	p, conns := proxied(t)
	index := uniqueIndex("routed")
	s := newSender(t, conns, `{"index": "`+index+`", "create": true, "_key": "**"}`, nil)
	recs := keyed("r", 3)
	recs[0].SetMeta("standard:route", "a")
	recs[1].SetMeta("standard:route", "b")
	if n, err := s.Send(context.Background(), recs); err != nil || n != 3 {
		t.Fatalf("Send = %d, %v", n, err)
	}
	body := string(bulks(p)[0].Body)
	for _, want := range []string{`{"create":{"_index":"` + index + `-a","_id":"r-0"}}`, `{"create":{"_index":"` + index + `-b","_id":"r-1"}}`, `{"create":{"_index":"` + index + `","_id":"r-2"}}`} {
		if !strings.Contains(body, want) {
			t.Errorf("body lacks %s:\n%s", want, body)
		}
	}
	direct := searchConns(t)
	visible(t, direct, index+"-a", recs[:1])
	visible(t, direct, index+"-b", recs[1:2])
	visible(t, direct, index, recs[2:])
}

// Item outcomes (spec 6): 409 skipped, 429 retried, other errors to the
// dead-letter action with the server's reason; the rest is written.
func TestItemOutcomes(t *testing.T) {
	p, conns := proxied(t)
	index := uniqueIndex("outcomes")
	var mu sync.Mutex
	var dead []string
	reject := func(r *record.Record, err error) error {
		mu.Lock()
		defer mu.Unlock()
		id, _ := r.GetMeta("_key")
		dead = append(dead, fmt.Sprint(id, ": ", err))
		return nil
	}
	s := newSender(t, conns, `{"index": "`+index+`", "retry_wait_ms": 10}`, reject)
	p.Add(faultproxy.Fault{Path: "_bulk", Times: 1, Items: []faultproxy.ItemFault{
		faultproxy.Conflict("o-1"), faultproxy.Rejected("o-2"), faultproxy.MapperParsing("o-3"),
	}})
	p.Add(faultproxy.Fault{Path: "_bulk", Times: 1, Items: []faultproxy.ItemFault{faultproxy.Rejected("o-2")}})
	recs := keyed("o", 5)
	n, err := s.Send(context.Background(), recs)
	if err != nil || n != 3 {
		t.Fatalf("Send = %d, %v; want 3 written (o-0, o-2 after 2 retries, o-4), no error", n, err)
	}
	reqs := bulks(p)
	if len(reqs) != 3 || strings.Count(string(reqs[1].Body), "\n") != 2 || !strings.Contains(string(reqs[2].Body), `"_id":"o-2"`) {
		t.Fatalf("want the full request then o-2 alone twice; got %d requests", len(reqs))
	}
	want := "o-3: bulk send error: mapper_parsing_exception--failed to parse field [n] of type [long] in document with id 'o-3'"
	if len(dead) != 1 || dead[0] != want {
		t.Fatalf("dead letters %q, want [%q]", dead, want)
	}
}

func TestRejectionsPastTheRetryLimitFailOnlyTheirRecords(t *testing.T) {
	p, conns := proxied(t)
	s := newSender(t, conns, `{"index": "`+uniqueIndex("limit")+`", "retry_limit": 2, "retry_wait_ms": 5}`, nil)
	p.Add(faultproxy.Fault{Path: "_bulk", Items: []faultproxy.ItemFault{faultproxy.Rejected("l-1")}})
	n, err := s.Send(context.Background(), keyed("l", 3))
	var pe *job.PartialSendError
	if !errors.As(err, &pe) || n != 2 || fmt.Sprint(pe.Sent) != "[0 2]" {
		t.Fatalf("Send = %d, %v; want 2 and a PartialSendError sent [0 2]", n, err)
	}
	if !strings.Contains(err.Error(), "after 2 retries") || !strings.Contains(err.Error(), "es_rejected_execution_exception") {
		t.Fatalf("error %q does not explain the rejection", err)
	}
	if got := len(bulks(p)); got != 3 {
		t.Fatalf("%d requests, want 1 + 2 retries", got)
	}
}

// A dead-letter action that throws fails the send for that record only.
func TestThrowingDeadLetterActionFailsOnlyThatRecord(t *testing.T) {
	p, conns := proxied(t)
	s := newSender(t, conns, `{"index": "`+uniqueIndex("throw")+`"}`, nil)
	p.Add(faultproxy.Fault{Path: "_bulk", Times: 1, Items: []faultproxy.ItemFault{faultproxy.MapperParsing("t-0")}})
	_, err := s.Send(context.Background(), keyed("t", 2))
	var pe *job.PartialSendError
	if !errors.As(err, &pe) || fmt.Sprint(pe.Sent) != "[1]" || !strings.Contains(err.Error(), "mapper_parsing_exception") {
		t.Fatalf("got %v", err)
	}
}

func TestWholeRequestFailures(t *testing.T) {
	for _, c := range []struct {
		name     string
		fault    faultproxy.Fault
		keyed    bool
		requests int
		ok       bool
	}{
		{"429 twice, then written", faultproxy.Fault{Path: "_bulk", Times: 2, Status: 429}, true, 3, true},
		{"503, then written", faultproxy.Fault{Path: "_bulk", Times: 1, Status: 503}, false, 2, true},
		{"reset with ids: sent again", faultproxy.Fault{Path: "_bulk", Times: 1, Reset: true}, true, 2, true},
		{"reset without ids: not sent again (it could duplicate)", faultproxy.Fault{Path: "_bulk", Times: 1, Reset: true}, false, 1, false},
		{"time-out with ids: sent again", faultproxy.Fault{Path: "_bulk", Times: 1, Delay: 3 * time.Second}, true, 2, true},
		{"400: not sent again", faultproxy.Fault{Path: "_bulk", Times: 1, Status: 400}, true, 1, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, conns := proxied(t) // requestTimeout 2 s
			s := newSender(t, conns, `{"index": "`+uniqueIndex("whole")+`", "retry_wait_ms": 10}`, nil)
			p.Add(c.fault)
			recs := keyed("w", 4)
			if !c.keyed {
				for _, r := range recs {
					delete(r.Meta, "_key")
				}
			}
			n, err := s.Send(context.Background(), recs)
			if c.ok && (err != nil || n != 4) || !c.ok && (err == nil || n != 0) {
				t.Fatalf("Send = %d, %v", n, err)
			}
			var pe *job.PartialSendError
			if errors.As(err, &pe) {
				t.Fatalf("a failed request wrote nothing, but got %v", err)
			}
			if got := len(bulks(p)); got != c.requests {
				t.Fatalf("%d requests, want %d", got, c.requests)
			}
		})
	}
}

func TestSenderValidation(t *testing.T) {
	for _, c := range []struct{ api, want string }{
		{`"index": "x", "create": true, "update": true`, `Invalid parameters, only one of "create, update" may be set at a time`},
		{`"index": "x", "delete": true, "upsert": true`, `Invalid parameters, only one of "delete, upsert" may be set at a time`},
		{`"index": "X"`, "must be lowercase"},
		{`"index": "x", "size": 0`, "Invalid size parameter, it must be a number greater than zero"},
		{`"index": "x", "_connection": "elsewhere"`, `refers to connection "elsewhere" which is unavailable`},
		{`"index": "x", "script": "a", "script_file": "b"`, "give script or script_file, not both"},
	} {
		_, err := job.ProcessorHarness(`{"_op": "routed_sender", "_api_name": "search_sender_api", "routing": {"*": "default"}}`,
			`[{"_name": "search_sender_api", `+c.api+`}]`, job.HarnessOptions{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.api, err, c.want)
		}
	}
}

// Items written before a request failed are reported as written: a retry
// of the rejected item without an id is reset, and is not sent a third time.
func TestPartialWriteThenResetReportsWhatWasWritten(t *testing.T) {
	p, conns := proxied(t)
	s := newSender(t, conns, `{"index": "`+uniqueIndex("partial")+`", "retry_wait_ms": 5}`, nil)
	p.Add(faultproxy.Fault{Path: "_bulk", Times: 1, Items: []faultproxy.ItemFault{{Position: 1, Status: 429, Type: "es_rejected_execution_exception", Reason: "busy"}}})
	p.Add(faultproxy.Fault{Path: "_bulk", Times: 1, Reset: true})
	recs := keyed("p", 3)
	for _, r := range recs {
		delete(r.Meta, "_key")
	}
	n, err := s.Send(context.Background(), recs)
	var pe *job.PartialSendError
	if !errors.As(err, &pe) || n != 2 || fmt.Sprint(pe.Sent) != "[0 2]" {
		t.Fatalf("Send = %d, %v; want 2 written and a PartialSendError sent [0 2]", n, err)
	}
	if got := len(bulks(p)); got != 2 {
		t.Fatalf("%d requests, want 2 (no retry of an id-less item after a reset)", got)
	}
}

// Through routed_sender: the `**` route writes <index>-<route>, an explicit
// route writes index (spec row 15 is not reproduced).
func TestRoutedSenderIndexNames(t *testing.T) {
	conns := searchConns(t)
	for _, c := range []struct {
		routing string
		index   func(base, route string) string
	}{
		{`{"**": "default"}`, func(base, route string) string { return base + "-" + route }},
		{`{"a,b": "default"}`, func(base, _ string) string { return base }},
	} {
		base := uniqueIndex("routing")
		h, err := harness(t, `{"_op": "routed_sender", "_api_name": "search_sender_api", "routing": `+c.routing+`}`,
			`[{"_name": "search_sender_api", "index": "`+base+`"}]`, conns)
		if err != nil {
			t.Fatal(err)
		}
		recs := keyed("x", 2)
		recs[0].SetMeta("standard:route", "a")
		recs[1].SetMeta("standard:route", "b")
		if _, err := h.RunSlice(recs); err != nil {
			t.Fatal(err)
		}
		visible(t, conns, c.index(base, "a"), recs[:1])
		visible(t, conns, c.index(base, "b"), recs[1:])
	}
}
