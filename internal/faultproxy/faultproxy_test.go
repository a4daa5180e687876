package faultproxy

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// backend is a stand-in search server: it answers every _bulk item with
// 201 created and everything else with 200 and the path it saw.
func backend(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if !strings.HasSuffix(r.URL.Path, "/_bulk") {
			io.WriteString(w, `{"path":"`+r.URL.Path+`"}`)
			return
		}
		var items []any
		for i, line := range strings.Split(strings.TrimSpace(string(body)), "\n") {
			if i%2 == 1 {
				continue
			}
			var action map[string]map[string]any
			if err := json.Unmarshal([]byte(line), &action); err != nil {
				t.Errorf("bad action line %q", line)
			}
			for name, meta := range action {
				items = append(items, map[string]any{name: map[string]any{"_id": meta["_id"], "status": 201, "result": "created"}})
			}
		}
		json.NewEncoder(w).Encode(map[string]any{"took": 1, "errors": false, "items": items})
	}))
	t.Cleanup(srv.Close)
	return srv
}

func start(t *testing.T) (*Proxy, *httptest.Server) {
	t.Helper()
	p, err := New(backend(t).URL + "/es")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(p)
	t.Cleanup(srv.Close)
	return p, srv
}

func get(t *testing.T, c *http.Client, url string) (int, string, error) {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), nil
}

func TestForwardsKeepingThePathPrefix(t *testing.T) {
	p, srv := start(t)
	code, body, err := get(t, srv.Client(), srv.URL+"/idx/_search?q=1")
	if err != nil || code != 200 || body != `{"path":"/es/idx/_search"}` {
		t.Fatalf("got %d %q %v", code, body, err)
	}
	reqs := p.Requests()
	if len(reqs) != 1 || reqs[0].Method != "GET" || reqs[0].Path != "/idx/_search?q=1" || reqs[0].Fault {
		t.Fatalf("recorded %+v", reqs)
	}
}

func TestStatusForTheNextNMatchingRequests(t *testing.T) {
	p, srv := start(t)
	p.Add(Fault{Path: "_bulk", Times: 2, Status: 429})
	var codes []int
	for _, path := range []string{"/a/_search", "/_bulk", "/_bulk", "/_bulk"} {
		resp, err := srv.Client().Post(srv.URL+path, "application/x-ndjson", strings.NewReader(`{"index":{"_id":"1"}}`+"\n{}\n"))
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode == 429 {
			var e struct {
				Error struct{ Type string } `json:"error"`
			}
			json.NewDecoder(resp.Body).Decode(&e)
			if e.Error.Type != "es_rejected_execution_exception" {
				t.Errorf("429 body error type %q", e.Error.Type)
			}
		}
		resp.Body.Close()
		codes = append(codes, resp.StatusCode)
	}
	if want := []int{200, 429, 429, 200}; !equal(codes, want) {
		t.Fatalf("status codes %v, want %v", codes, want)
	}
}

func TestBulkItemsFailByIDAndPosition(t *testing.T) {
	p, srv := start(t)
	p.Add(Fault{Path: "_bulk", Times: 1, Items: []ItemFault{Rejected("b"), Conflict("c"), {Position: 0, Status: 400, Type: "mapper_parsing_exception", Reason: "bad"}}})
	bulk := `{"index":{"_id":"a"}}` + "\n{}\n" + `{"create":{"_id":"b"}}` + "\n{}\n" + `{"create":{"_id":"c"}}` + "\n{}\n" + `{"index":{"_id":"d"}}` + "\n{}\n"
	statuses := func() ([]int, bool) {
		resp, err := srv.Client().Post(srv.URL+"/_bulk", "application/x-ndjson", strings.NewReader(bulk))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var doc struct {
			Errors bool
			Items  []map[string]struct {
				Status int
				Error  *struct{ Type string }
			}
		}
		if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
			t.Fatal(err)
		}
		var out []int
		for _, it := range doc.Items {
			for _, r := range it {
				out = append(out, r.Status)
				if (r.Status >= 300) != (r.Error != nil) {
					t.Errorf("status %d with error %v", r.Status, r.Error)
				}
			}
		}
		return out, doc.Errors
	}
	got, errs := statuses()
	if want := []int{400, 429, 409, 201}; !equal(got, want) || !errs {
		t.Fatalf("first bulk statuses %v errors=%v, want %v errors=true", got, errs, want)
	}
	got, errs = statuses()
	if want := []int{201, 201, 201, 201}; !equal(got, want) || errs {
		t.Fatalf("second bulk (fault used up) statuses %v errors=%v", got, errs)
	}
}

func TestDelayMakesAClientTimeOut(t *testing.T) {
	p, srv := start(t)
	p.Add(Fault{Times: 1, Delay: 2 * time.Second})
	c := &http.Client{Timeout: 100 * time.Millisecond}
	began := time.Now()
	_, _, err := get(t, c, srv.URL+"/x")
	if err == nil || !errors.Is(err, context.DeadlineExceeded) && !strings.Contains(err.Error(), "Timeout") {
		t.Fatalf("want a client time-out, got %v", err)
	}
	if time.Since(began) > time.Second {
		t.Fatalf("time-out took %v", time.Since(began))
	}
	if code, _, err := get(t, c, srv.URL+"/x"); err != nil || code != 200 {
		t.Fatalf("after the fault: %d %v", code, err)
	}
}

func TestResetClosesTheConnection(t *testing.T) {
	p, srv := start(t)
	p.Add(Fault{Path: "/boom", Reset: true})
	if _, _, err := get(t, srv.Client(), srv.URL+"/boom"); err == nil {
		t.Fatal("want a connection error")
	}
	if code, _, err := get(t, srv.Client(), srv.URL+"/fine"); err != nil || code != 200 {
		t.Fatalf("other paths still forward: %d %v", code, err)
	}
	p.Clear()
	if code, _, err := get(t, srv.Client(), srv.URL+"/boom"); err != nil || code != 200 {
		t.Fatalf("after Clear: %d %v", code, err)
	}
}

func TestNewRejectsARelativeTarget(t *testing.T) {
	if _, err := New("127.0.0.1:9200"); err == nil {
		t.Fatal("want an error for a target without scheme")
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
