package search_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/fsys/s3fs"
	"github.com/sluice-dev/sluice/internal/faultproxy"
	"github.com/sluice-dev/sluice/internal/testservers"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	_ "github.com/sluice-dev/sluice/ops/fileout"
	_ "github.com/sluice-dev/sluice/ops/generator"
	_ "github.com/sluice-dev/sluice/ops/objstore"
	_ "github.com/sluice-dev/sluice/ops/route"
	"github.com/sluice-dev/sluice/ops/search"
	_ "github.com/sluice-dev/sluice/ops/stream"
	"github.com/sluice-dev/sluice/record"
)

// sliceDone is what the test saw of a finished slice: when its records
// were sampled and how many were kept.
type sliceDone struct {
	at   time.Time
	kept int
}

// sampledAt is a test operation placed right after the sampler: it stamps
// the slice's records with the time they were sampled.
type sampledAt struct{}

func (sampledAt) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	now := time.Now()
	for _, r := range in {
		r.SetMeta("test:sampled_at", now)
	}
	return in, nil
}

func init() {
	job.Register(&job.Spec{Name: "test_sampled_at", Kind: job.KindProcessor, Summary: "test: stamps records with the time",
		NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return sampledAt{}, nil }})
}

// TestEndToEnd runs data_generator -> delay -> sample_exact_es_percent ->
// set_key -> key_router -> routed_sender ×4 (search index, object store,
// stream broker, files) against the real servers. Mid-job the stored percentage changes from 50
// to 20: slices after one refresh window keep 20 %. Later the search server
// the sampler reads from goes away (its proxy is closed): the job goes on
// at 20 % and completes. Every record a slice kept is found exactly once
// where its route sent it, and nothing else is there.
func TestEndToEnd(t *testing.T) {
	ctx := context.Background()
	conns := testservers.Connections(t, job.ConnSearch, job.ConnS3, job.ConnKafka)
	es := testservers.Elasticsearch(t)
	p, err := faultproxy.New(es.URL)
	if err != nil {
		t.Fatal(err)
	}
	percentSrv := httptest.NewServer(p)
	defer percentSrv.Close()
	conns.Set(job.ConnSearch, "percent", record.FromMap(map[string]any{
		"node": percentSrv.URL, "username": es.Username, "password": es.Password, "requestTimeout": 1000.0}))

	pctIndex, index := uniqueIndex("e2e-percent"), uniqueIndex("e2e-sent")
	if err := search.StoreDocument(ctx, conns, "default", pctIndex, "rate", map[string]any{"percent": 50}); err != nil {
		t.Fatal(err)
	}
	bucket := strings.ReplaceAll(uniqueIndex("sluice-e2e"), "--", "-")
	topic := uniqueIndex("sluice-e2e")
	dir := t.TempDir()
	const window = 300 * time.Millisecond
	doc := fmt.Sprintf(`{"name": "e2e", "lifecycle": "once", "workers": 1, "max_retries": 0,
		"apis": [
			{"_name": "search_sender_api", "index": %q, "size": 50},
			{"_name": "object_sender_api", "path": %q, "format": "ldjson"},
			{"_name": "stream_sender_api", "topic": %q},
			{"_name": "file_sender_api", "path": %q, "format": "ldjson", "file_per_slice": true}],
		"operations": [
			{"_op": "data_generator", "size": 6000, "set_id": "hexadecimal"},
			{"_op": "delay", "ms": 120},
			{"_op": "sample_exact_es_percent", "_connection": "percent", "index": %q, "document_id": "rate", "window_ms": %d},
			{"_op": "test_sampled_at"},
			{"_op": "set_key", "field": "id"},
			{"_op": "key_router", "use": 1, "from": "beginning", "case": "lower"},
			{"_op": "routed_sender", "_api_name": "search_sender_api", "routing": {"0,1,2,3": "default"}, "_dead_letter_action": "none"},
			{"_op": "routed_sender", "_api_name": "object_sender_api", "routing": {"4,5,6,7": "default"}, "_dead_letter_action": "none"},
			{"_op": "routed_sender", "_api_name": "stream_sender_api", "routing": {"8,9,a,b": "default"}, "_dead_letter_action": "none"},
			{"_op": "routed_sender", "_api_name": "file_sender_api", "routing": {"c,d,e,f": "default"}, "size": 100, "_dead_letter_action": "none"}]}`,
		index, bucket+"/e2e", topic, filepath.Join(dir, "files"), pctIndex, window.Milliseconds())
	j, diags := job.Validate(diag.NewSource("e2e.json", []byte(doc)), job.Options{Conns: conns, Dir: dir})
	if j == nil {
		t.Fatal(diags)
	}

	var mu sync.Mutex
	var done []sliceDone
	want := map[string]map[string]int{} // route -> id -> count
	progress := make(chan int, 100)
	opt := job.RunOptions{OnSliceDone: func(s *job.Slice, out []*record.Record, err error) {
		if err != nil || s.Flushing {
			return
		}
		mu.Lock()
		at := time.Now()
		if len(out) > 0 {
			v, _ := out[0].GetMeta("test:sampled_at")
			at = v.(time.Time)
		}
		done = append(done, sliceDone{at: at, kept: len(out)})
		for _, r := range out {
			route, _ := r.GetMeta("standard:route")
			id, _ := r.Data.Get("id")
			if want[route.(string)] == nil {
				want[route.(string)] = map[string]int{}
			}
			want[route.(string)][id.(string)]++
		}
		n := len(done)
		mu.Unlock()
		progress <- n
	}}
	type result struct {
		sum *job.Summary
		err error
	}
	finished := make(chan result, 1)
	go func() {
		sum, err := job.Run(ctx, j, opt)
		finished <- result{sum, err}
	}()

	var storeAt, visibleAt, stopAt time.Time
	var res result
wait:
	for {
		select {
		case n := <-progress:
			switch {
			case n == 8 && storeAt.IsZero():
				storeAt = time.Now()
				if err := search.StoreDocument(ctx, conns, "default", pctIndex, "rate", map[string]any{"percent": 20}); err != nil {
					t.Fatal(err)
				}
				visibleAt = time.Now()
			case n == 28 && stopAt.IsZero():
				stopAt = time.Now()
				percentSrv.CloseClientConnections()
				percentSrv.Listener.Close() // the sampler's search server is gone
			}
		case res = <-finished:
			break wait
		}
	}
	if res.err != nil || res.sum.SlicesFailed != 0 || res.sum.SlicesDone != 60 {
		t.Fatalf("job: %v, summary %+v", res.err, res.sum)
	}

	// The sample sizes: 50 % before the change, 20 % from one window after it became visible.
	slack := 100 * time.Millisecond // the refresh's own request, on a loaded machine
	applied, afterStop := 0, 0
	var firstNew time.Duration = -1
	for i, d := range done {
		if d.kept == 20 && firstNew < 0 {
			firstNew = d.at.Sub(visibleAt)
		}
		switch {
		case d.at.Before(storeAt) && d.kept != 50:
			t.Errorf("slice %d sampled before the change kept %d of 100, want 50", i+1, d.kept)
		case d.at.After(visibleAt.Add(window+slack)) && d.kept != 20:
			t.Errorf("slice %d sampled %v after the change was visible kept %d of 100, want 20 (window_ms %v)", i+1, d.at.Sub(visibleAt), d.kept, window)
		case d.at.After(visibleAt.Add(window + slack)):
			applied++
			if d.at.After(stopAt) {
				afterStop++
			}
		}
	}
	t.Logf("%d slices; the change was visible %v after slice 8, the first slice at 20 %% sampled %v after that (window_ms %v); %d slices at 20 %% before the server stopped, %d after",
		len(done), visibleAt.Sub(storeAt), firstNew, window, applied-afterStop, afterStop)
	if applied-afterStop < 3 || afterStop < 10 {
		t.Errorf("too few slices to judge: %d at 20 %% before the server stopped, %d after", applied-afterStop, afterStop)
	}

	t.Logf("%d routes sampled", len(want))
	checkSearchRoutes(t, conns, index, want, "0123")
	checkObjectRoutes(t, conns, bucket+"/e2e", want, "4567")
	checkStreamRoutes(t, topic, want, "89ab")
	checkFileRoutes(t, filepath.Join(dir, "files"), want, "cdef")
}

// routesOf keeps the routes named by the characters of routes.
func routesOf(want map[string]map[string]int, routes string) map[string]map[string]int {
	out := map[string]map[string]int{}
	for r, ids := range want {
		if strings.Contains(routes, r) {
			out[r] = ids
		}
	}
	return out
}

func checkSearchRoutes(t *testing.T, conns *job.Connections, index string, want map[string]map[string]int, routes string) {
	t.Helper()
	total := 0
	for _, ids := range routesOf(want, routes) {
		for id, n := range ids {
			total += n
			if n != 1 {
				t.Errorf("id %s was kept %d times: the generator repeated it", id, n)
			}
			err := search.WaitForDocument(context.Background(), conns, "default", index, id, func(src map[string]any) bool { return src["id"] == id })
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if got := countDocs(t, index); got != total {
		t.Errorf("index %s holds %d documents, want %d", index, got, total)
	}
}

// countDocs counts the documents of an index with a match_all search.
func countDocs(t testing.TB, index string) int {
	t.Helper()
	es := testservers.Elasticsearch(t)
	c := esClient(t, es)
	res, err := c.Search(c.Search.WithIndex(index), c.Search.WithBody(strings.NewReader(`{"size": 0, "track_total_hits": true, "query": {"match_all": {}}}`)))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		Hits struct {
			Total struct{ Value int } `json:"total"`
		} `json:"hits"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out.Hits.Total.Value
}

func checkObjectRoutes(t *testing.T, conns *job.Connections, prefix string, want map[string]map[string]int, routes string) {
	t.Helper()
	cfg, _ := conns.Get(job.ConnS3, "default")
	f, err := fsys.Open(context.Background(), s3fs.Kind, record.ToGo(cfg).(map[string]any))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]int{}
	readTree(t, context.Background(), f, "/"+prefix, got)
	compareRoutes(t, "object store", got, routesOf(want, routes))
}

func checkFileRoutes(t *testing.T, dir string, want map[string]map[string]int, routes string) {
	t.Helper()
	got := map[string]map[string]int{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		countIDs(t, got, filepath.Base(filepath.Dir(p)), b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	compareRoutes(t, "files", got, routesOf(want, routes))
}

// checkStreamRoutes reads the topic from the start until no message has
// come for a second: every message's key is its record's id.
func checkStreamRoutes(t *testing.T, topic string, want map[string]map[string]int, routes string) {
	t.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(testservers.Kafka(t)...), kgo.ConsumeTopics(topic),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	expected := routesOf(want, routes)
	total := 0
	for _, ids := range expected {
		total += len(ids)
	}
	got := map[string]map[string]int{}
	n := 0
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		fetches := cl.PollFetches(ctx)
		cancel()
		recs := fetches.Records()
		if len(recs) == 0 && n >= total {
			break
		}
		for _, r := range recs {
			var rec struct{ ID string }
			if err := json.Unmarshal(r.Value, &rec); err != nil || string(r.Key) != rec.ID {
				t.Fatalf("message key %q, value %s (%v)", r.Key, r.Value, err)
			}
			route := strings.ToLower(rec.ID[:1])
			if got[route] == nil {
				got[route] = map[string]int{}
			}
			got[route][rec.ID]++
			n++
		}
	}
	compareRoutes(t, "stream", got, expected)
}

// readTree reads every object under dir: route (its parent) -> id -> count.
func readTree(t *testing.T, ctx context.Context, f fsys.FS, dir string, got map[string]map[string]int) {
	infos, err := f.ReadDir(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, fi := range infos {
		name := dir + "/" + fi.Name
		if fi.IsDir() {
			readTree(t, ctx, f, name, got)
			continue
		}
		b, err := fsys.ReadFile(ctx, f, name)
		if err != nil {
			t.Fatal(err)
		}
		countIDs(t, got, filepath.Base(dir), b)
	}
}

func countIDs(t *testing.T, got map[string]map[string]int, route string, ldjson []byte) {
	sc := bufio.NewScanner(bytes.NewReader(ldjson))
	for sc.Scan() {
		var rec struct{ ID string }
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("route %s: %v", route, err)
		}
		if got[route] == nil {
			got[route] = map[string]int{}
		}
		got[route][rec.ID]++
	}
}

func compareRoutes(t *testing.T, where string, got, want map[string]map[string]int) {
	t.Helper()
	if len(want) == 0 {
		t.Fatalf("%s: no route was sampled", where)
	}
	if fmt.Sprint(sortedRoutes(got)) != fmt.Sprint(sortedRoutes(want)) {
		t.Errorf("%s holds routes %v, want %v", where, sortedRoutes(got), sortedRoutes(want))
	}
	for route, ids := range want {
		for id := range ids {
			if got[route][id] != 1 {
				t.Errorf("%s: route %s holds id %s %d times, want once", where, route, id, got[route][id])
			}
		}
		if len(got[route]) != len(ids) {
			t.Errorf("%s: route %s holds %d ids, want %d", where, route, len(got[route]), len(ids))
		}
	}
}

func sortedRoutes(m map[string]map[string]int) []string {
	var out []string
	for r := range m {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}
