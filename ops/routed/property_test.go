package routed_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/routetest"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// route_from_field and fail_first_attempt (internal/routetest) route
// records by their route field and fail the first attempt of odd slices.
func init() { routetest.Register() }

// scenario is one random job: slices of records with random routes, a
// random routing, and senders that fail some sends.
type scenario struct {
	rng       *rand.Rand
	slices    [][]any
	routing   map[string]any
	retries   int
	failLate  bool
	unordered bool // the senders take concurrent batches
	knobs     map[string]any
}

var routePool = []any{"a", "b", "c", "x", "", nil, "a/b"}

func newScenario(seed uint64) *scenario {
	sc := &scenario{rng: rand.New(rand.NewPCG(seed, 7)), retries: int(seed % 4)}
	id := 0
	for s := 0; s < 1+sc.rng.IntN(6); s++ {
		var recs []any
		for n := sc.rng.IntN(25); n > 0; n-- {
			o := map[string]any{"id": float64(id), "slice": float64(s)}
			if r := routePool[sc.rng.IntN(len(routePool))]; r != nil {
				o["route"] = r
			}
			recs = append(recs, o)
			id++
		}
		sc.slices = append(sc.slices, recs)
	}
	sc.routing = sc.randomRouting()
	sc.failLate = sc.rng.IntN(3) == 0
	sc.unordered = sc.rng.IntN(2) == 0
	sc.knobs = map[string]any{"size": float64(1 + sc.rng.IntN(5)), "concurrency": float64(1 + sc.rng.IntN(4)),
		"fail_first": float64(sc.rng.IntN(3)), "partial": sc.rng.IntN(2) == 0, "workers": float64(1 + sc.rng.IntN(2))}
	return sc
}

func (sc *scenario) randomRouting() map[string]any {
	routing := map[string]any{}
	switch sc.rng.IntN(4) {
	case 0:
		routing["a, b"] = "c1"
	case 1:
		routing["a"] = "c1"
		routing["c"] = "c2"
	case 2:
		routing["b"] = "c1"
	}
	switch sc.rng.IntN(3) {
	case 0:
		routing["*"] = "c3"
	case 1:
		routing["**"] = "c3"
	}
	if len(routing) == 0 {
		routing["a"] = "c1"
	}
	return routing
}

func (sc *scenario) jobDoc(dir, log string) string {
	op := map[string]any{"_op": "routed_sender", "_api_name": "test_api", "routing": sc.routing,
		"size": sc.knobs["size"], "concurrency": sc.knobs["concurrency"], "_dead_letter_action": "dead_letter_file"}
	ops := []any{map[string]any{"_op": "test-reader", "passthrough_slice": true, "slicer_data_file_path": filepath.Join(dir, "slices.json")},
		map[string]any{"_op": "route_from_field"}, op}
	if sc.failLate {
		ops = append(ops, map[string]any{"_op": "fail_first_attempt"})
	}
	apis := []any{
		map[string]any{"_name": "test_api", "log": log, "fail_first": sc.knobs["fail_first"],
			"partial": sc.knobs["partial"], "unordered": sc.unordered},
		map[string]any{"_name": "dead_letter_file", "path": filepath.Join(dir, "dead.ndjson")},
	}
	doc := map[string]any{"name": "property", "workers": sc.knobs["workers"], "max_retries": float64(sc.retries),
		"apis": apis, "operations": ops}
	b, _ := json.Marshal(doc)
	return string(b)
}

// TestEveryRecordIsSentOnceOrReported runs random jobs whose sends fail
// (wholly or in part) and whose slices are retried, and checks that every
// record is delivered at most once, and exactly once (or dead-lettered)
// unless its slice finally failed; and that a route's records of a slice
// are delivered in input order by ordered senders.
func TestEveryRecordIsSentOnceOrReported(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 15
	}
	for seed := uint64(0); seed < uint64(n); seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { runScenario(t, newScenario(seed)) })
	}
}

func runScenario(t *testing.T, sc *scenario) {
	dir := t.TempDir()
	b, _ := json.Marshal(sc.slices)
	if err := os.WriteFile(filepath.Join(dir, "slices.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	log := freshLog(t.Name())
	j, l := job.Validate(diag.NewSource("job.json", []byte(sc.jobDoc(dir, t.Name()))), job.Options{})
	if j == nil {
		t.Fatalf("%v", &job.DiagError{List: l})
	}
	failed := map[int]bool{}
	var mu sync.Mutex
	_, _ = job.Run(context.Background(), j, job.RunOptions{
		Backoff: func(time.Duration) time.Duration { return time.Millisecond },
		OnSliceDone: func(s *job.Slice, _ []*record.Record, err error) {
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failed[s.Order-1] = true
			}
		},
	})
	delivered, order := deliveries(log.all())
	dead := deadLettered(t, filepath.Join(dir, "dead.ndjson"))
	checkOnce(t, sc, delivered, dead, failed)
	if !sc.unordered {
		checkOrder(t, order)
	}
}

// deliveries counts each record id's deliveries and lists, per sender and
// slice, the ids delivered by ordered senders in delivery order.
func deliveries(events []event) (map[int]int, map[string][]int) {
	count := map[int]int{}
	order := map[string][]int{}
	for _, e := range events {
		if e.Event != "send" {
			continue
		}
		recs := e.Records
		if e.Err != nil {
			recs = partialOf(e)
		}
		for _, r := range recs {
			id, slice := idOf(r)
			count[id]++
			key := fmt.Sprintf("%s/%d", e.Sender, slice)
			order[key] = append(order[key], id)
		}
	}
	return count, order
}

// partialOf is what a failed send still delivered: the fake reports its
// first record as sent when `partial` is on.
func partialOf(e event) []*record.Record {
	var pe *job.PartialSendError
	if errors.As(e.Err, &pe) {
		return e.Records[:1]
	}
	return nil
}

func idOf(r *record.Record) (int, int) {
	id, _ := r.Data.Get("id")
	slice, _ := r.Data.Get("slice")
	return int(id.(float64)), int(slice.(float64))
}

func deadLettered(t *testing.T, path string) map[int]int {
	out := map[int]int{}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var dl struct{ Record struct{ ID int } }
		if err := json.Unmarshal(sc.Bytes(), &dl); err != nil {
			t.Fatal(err)
		}
		out[dl.Record.ID]++
	}
	return out
}

func checkOnce(t *testing.T, sc *scenario, delivered, dead map[int]int, failed map[int]bool) {
	for s, recs := range sc.slices {
		for _, e := range recs {
			id := int(e.(map[string]any)["id"].(float64))
			n := delivered[id] + dead[id]
			switch {
			case n > 1:
				t.Errorf("record %d (slice %d) delivered %d times, dead-lettered %d times", id, s, delivered[id], dead[id])
			case n == 0 && !failed[s]:
				t.Errorf("record %d of slice %d, which succeeded, was neither delivered nor reported", id, s)
			}
		}
	}
}

func checkOrder(t *testing.T, order map[string][]int) {
	for key, ids := range order {
		for i := 1; i < len(ids); i++ {
			if ids[i] <= ids[i-1] {
				t.Errorf("%s delivered out of order: %v", key, ids)
				break
			}
		}
	}
}
