package routed_test

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/job/jobtest"
	"github.com/sluice-dev/sluice/ops/routed"
	"github.com/sluice-dev/sluice/record"
)

type refCase = jobtest.Case

func casesOf(t *testing.T, processor string) []refCase {
	return jobtest.Cases(t, "testdata/cases.jsonl", processor)
}

func parseObj(t *testing.T, raw []byte) *record.Object {
	t.Helper()
	v, err := record.ParseJSON(raw)
	o, ok := v.(*record.Object)
	if err != nil || !ok {
		t.Fatalf("not a JSON object: %s (%v)", raw, err)
	}
	return o
}

func get(o *record.Object, path string) any {
	v, _ := record.ParsePath(path).Get(o)
	return v
}

// memSender is a sender for core tests: it records its sends and verifies.
type memSender struct {
	mu       sync.Mutex
	route    string
	conn     string
	sends    [][]*record.Record
	verifies []string
}

func (m *memSender) Send(_ context.Context, recs []*record.Record) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sends = append(m.sends, recs)
	return len(recs), nil
}

func (m *memSender) Verify(_ context.Context, route string) error {
	m.verifies = append(m.verifies, route)
	return nil
}

// core builds a RoutedSender over memSenders and returns it with the
// senders it creates, by route.
func core(t *testing.T, routing string, batch int, opt routed.Options) (*routed.RoutedSender, map[string]*memSender) {
	t.Helper()
	routes, err := routed.ParseRouting(parseObj(t, []byte(routing)))
	if err != nil {
		t.Fatal(err)
	}
	made := map[string]*memSender{}
	opt.BatchSize = batch
	opt.Create = func(route, conn string) (job.RouteSender, error) {
		if made[route] != nil {
			t.Errorf("sender %q created twice", route)
		}
		made[route] = &memSender{route: route, conn: conn}
		return made[route], nil
	}
	opt.Reject = func(r *record.Record, err error) error { return err }
	rs, err := routed.New(routes, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := rs.Initialize(); err != nil {
		t.Fatal(err)
	}
	return rs, made
}

func withRoutes(routes ...string) []*record.Record {
	out := make([]*record.Record, len(routes))
	for i, r := range routes {
		o := record.NewObject(1)
		o.Set("i", float64(i))
		out[i] = record.New(o)
		out[i].SetMeta(routed.RouteMeta, r)
	}
	return out
}

func routeAll(t *testing.T, rs *routed.RoutedSender, recs []*record.Record) {
	t.Helper()
	if err := rs.Route(context.Background(), recs); err != nil {
		t.Fatal(err)
	}
}

func sendAll(t *testing.T, rs *routed.RoutedSender, min int) {
	t.Helper()
	if _, err := rs.Send(context.Background(), min); err != nil {
		t.Fatal(err)
	}
}

// caseRoutes is the case's records as routes: a list of route strings or
// of {meta: {standard:route}}.
func caseRoutes(v any) []string {
	var out []string
	for _, e := range v.([]any) {
		if s, ok := e.(string); ok {
			out = append(out, s)
			continue
		}
		out = append(out, get(e.(*record.Object), "meta.standard:route").(string))
	}
	return out
}

func number(v any) int { f, _ := v.(float64); return int(f) }

func TestRoutedSenderCases(t *testing.T) {
	for i, c := range casesOf(t, "RoutedSender") {
		t.Run(fmt.Sprint(i, c.Name()), func(t *testing.T) {
			cfg, in, want := parseObj(t, c.Config), parseObj(t, c.Input), parseObj(t, c.Expected)
			routing := record.JSON(get(cfg, "routes"))
			h := &hookLog{}
			rs, made := core(t, routing, number(get(cfg, "batchSize")), h.options())
			if steps, ok := get(in, "steps").([]any); ok {
				runSteps(t, rs, steps, want)
			} else {
				routeAll(t, rs, withRoutes(caseRoutes(get(in, "route"))...))
				checkQueued(t, rs, want, "queuedRecordCount_after_route", "queued_after_route")
				sendAll(t, rs, 0)
				checkQueued(t, rs, want, "queuedRecordCount_after_send")
			}
			dyn := made[routed.Dynamic]
			if dyn == nil || dyn.conn != "default" || len(made) != 1 {
				t.Fatalf("senders %v", made)
			}
			sends := number(get(want, "send_calls")) + number(get(want, "total_send_calls"))
			if len(dyn.sends) != sends {
				t.Errorf("%d sends, want %d", len(dyn.sends), sends)
			}
			if fmt.Sprint(dyn.verifies) != fmt.Sprint(get(want, "verify_calls")) {
				t.Errorf("verifies %v, want %v", dyn.verifies, get(want, "verify_calls"))
			}
			h.check(t, want)
		})
	}
}

func checkQueued(t *testing.T, rs *routed.RoutedSender, want *record.Object, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if v, ok := want.Get(k); ok && rs.QueuedRecordCount() != number(v) {
			t.Errorf("%s: %d, want %v", k, rs.QueuedRecordCount(), v)
		}
	}
}

// runSteps runs "route([foo1,foo2])" and "send(n)" steps.
func runSteps(t *testing.T, rs *routed.RoutedSender, steps []any, want *record.Object) {
	for i, s := range steps {
		step := s.(string)
		switch {
		case strings.HasPrefix(step, "route(["):
			routeAll(t, rs, withRoutes(strings.Split(strings.Trim(step, "route([])"), ",")...))
		case step == "send()":
			sendAll(t, rs, 0)
		default:
			var n int
			fmt.Sscanf(step, "send(%d)", &n)
			sendAll(t, rs, n)
		}
		keys := map[int]string{1: "queued_after_send(2)", 2: "queued_after_second_route", 3: "queued_after_final_send"}
		checkQueued(t, rs, want, keys[i])
	}
}

// hookLog records the hook calls.
type hookLog struct {
	mu                   sync.Mutex
	start, end           []string
	storageRoute, dataRt int
}

func (h *hookLog) options() routed.Options {
	return routed.Options{
		StorageRouteHook: func(*record.Record) { h.storageRoute++ },
		DataRouteHook:    func(*record.Record) { h.dataRt++ },
		BatchStartHook:   func(id int, route string, n int) { h.start = append(h.start, fmt.Sprint([]any{id, route, n})) },
		BatchEndHook: func(id int, route string, n int) {
			h.mu.Lock()
			defer h.mu.Unlock()
			h.end = append(h.end, fmt.Sprint([]any{id, route, n}))
		},
	}
}

func (h *hookLog) check(t *testing.T, want *record.Object) {
	if v, ok := want.Get("batchStartHook_calls"); ok && fmt.Sprint(h.start) != fmt.Sprint(v) {
		t.Errorf("start hooks %v, want %v", h.start, v)
	}
	if v, ok := want.Get("batchEndHook_calls"); ok {
		sort.Strings(h.end) // the ends of concurrent batches come in any order
		if fmt.Sprint(h.end) != fmt.Sprint(v) {
			t.Errorf("end hooks %v, want %v", h.end, v)
		}
	}
	if v, ok := want.Get("dataRouteHook_calls"); ok && (h.dataRt != number(v) || h.storageRoute != number(get(want, "storageRouteHook_calls"))) {
		t.Errorf("route hooks %d, %d", h.dataRt, h.storageRoute)
	}
}

// TestMixedRoutesSpec is the fourth RoutedSender test of spec 5.5: comma
// lists, a plain route and the catch-all, batch size 2.
func TestMixedRoutesSpec(t *testing.T) {
	rs, made := core(t, `{"foo1,foo2": "foo", "bar": "bar", "*": "default"}`, 2, routed.Options{})
	routeAll(t, rs, withRoutes("foo1", "bar", "foobar", "foo2", "foobar", "foo1", "bar"))
	sendAll(t, rs, 0)
	got := map[string]string{}
	sends := 0
	for route, s := range made {
		got[route] = s.conn
		sends += len(s.sends)
		if len(s.verifies) > 0 {
			t.Errorf("%s verified %v", route, s.verifies)
		}
	}
	want := map[string]string{"foo1": "foo", "foo2": "foo", "bar": "bar", "*": "default"}
	if !reflect.DeepEqual(got, want) || sends != 4 {
		t.Errorf("senders %v, %d sends", got, sends)
	}
}

func TestNewChecks(t *testing.T) {
	routes, _ := routed.ParseRouting(parseObj(t, []byte(`{"a": "x"}`)))
	if _, err := routed.New(routes, routed.Options{BatchSize: 0}); err == nil || err.Error() != "Expect batch size to be >0, got 0" {
		t.Errorf("batch size: %v", err)
	}
	if _, err := routed.ParseRouting(record.NewObject(0)); err == nil || err.Error() != "Parameter routing must not be an empty object" {
		t.Errorf("empty routing: %v", err)
	}
	if _, err := routed.ParseRouting(parseObj(t, []byte(`{"a, *": "x", "**": "y"}`))); err == nil || err.Error() != `routing cannot specify "*" and "**"` {
		t.Errorf("both catch-alls after splitting: %v", err)
	}
	r, _ := routed.ParseRouting(parseObj(t, []byte(`{" a , b ": "x", "b": "y"}`)))
	if fmt.Sprint(r.Names()) != "[a b]" || r.Connection("b") != "y" || r.Has("A") {
		t.Errorf("routes %v, b -> %q", r.Names(), r.Connection("b"))
	}
}
