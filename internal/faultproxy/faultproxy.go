package faultproxy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Fault is one injected failure.
type Fault struct {
	Path   string        // substring of the request path it applies to; "" = every request
	Times  int           // how many matching requests it applies to; 0 = all of them
	Delay  time.Duration // wait this long first (cut short when the client gives up)
	Reset  bool          // close the connection without an answer
	Status int           // answer this status without forwarding (Body, or an Elasticsearch-style error)
	Body   string
	Items  []ItemFault // forward, then make these items of a _bulk response fail
}

// ItemFault makes one item of a `_bulk` response fail. It names the item by
// its `_id`; with ID empty it names the item at Position (0-based).
type ItemFault struct {
	ID       string
	Position int
	Status   int
	Type     string
	Reason   string
}

// Rejected is the item failure of an overloaded node (429).
func Rejected(id string) ItemFault {
	return ItemFault{ID: id, Status: http.StatusTooManyRequests, Type: "es_rejected_execution_exception",
		Reason: "rejected execution of coordinating operation"}
}

// Conflict is a version conflict (409), e.g. a create of an existing id.
func Conflict(id string) ItemFault {
	return ItemFault{ID: id, Status: http.StatusConflict, Type: "version_conflict_engine_exception",
		Reason: "[" + id + "]: version conflict, document already exists"}
}

// MapperParsing is a document the index mapping cannot take (400).
func MapperParsing(id string) ItemFault {
	return ItemFault{ID: id, Status: http.StatusBadRequest, Type: "mapper_parsing_exception",
		Reason: "failed to parse field [n] of type [long] in document with id '" + id + "'"}
}

// Request is a request the proxy received.
type Request struct {
	Method string
	Path   string // path and query
	Body   []byte
	Fault  bool // a fault applied to it
}

// Proxy is an http.Handler forwarding to one server.
type Proxy struct {
	rp *httputil.ReverseProxy

	mu       sync.Mutex
	faults   []*rule
	requests []Request
}

type rule struct {
	Fault
	used int
}

// New returns a proxy to target (scheme://host[:port], optionally with a
// path prefix that is kept, as in http://127.0.0.1:4080/es).
func New(target string) (*Proxy, error) {
	u, err := url.Parse(target)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("faultproxy: target %q is not an absolute URL", target)
	}
	p := &Proxy{}
	p.rp = &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(u)
			r.Out.Host = u.Host
		},
		ModifyResponse: p.rewriteBulk,
	}
	return p, nil
}

// Add queues a fault.
func (p *Proxy) Add(f Fault) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.faults = append(p.faults, &rule{Fault: f})
}

// Clear removes every fault that is left.
func (p *Proxy) Clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.faults = nil
}

// Requests returns the requests received so far, in order.
func (p *Proxy) Requests() []Request {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Request(nil), p.requests...)
}

// ServeHTTP applies the first matching fault, or forwards.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	f := p.take(r, body)
	if f == nil {
		p.rp.ServeHTTP(w, r)
		return
	}
	if f.Delay > 0 {
		select {
		case <-time.After(f.Delay):
		case <-r.Context().Done():
			return
		}
	}
	switch {
	case f.Reset:
		reset(w)
	case f.Status != 0:
		answer(w, f.Status, f.Body)
	default:
		if len(f.Items) > 0 {
			r = r.WithContext(withItems(r.Context(), f.Items))
		}
		p.rp.ServeHTTP(w, r)
	}
}

// take records the request and returns the fault that applies to it.
func (p *Proxy) take(r *http.Request, body []byte) *Fault {
	p.mu.Lock()
	defer p.mu.Unlock()
	rec := Request{Method: r.Method, Path: r.URL.RequestURI(), Body: body}
	var hit *Fault
	for _, f := range p.faults {
		if (f.Times == 0 || f.used < f.Times) && strings.Contains(r.URL.Path, f.Path) {
			f.used++
			hit = &f.Fault
			rec.Fault = true
			break
		}
	}
	p.requests = append(p.requests, rec)
	return hit
}

// reset closes the client's connection without answering.
func reset(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic(http.ErrAbortHandler)
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	if tcp, ok := conn.(interface{ SetLinger(int) error }); ok {
		_ = tcp.SetLinger(0) // RST instead of FIN
	}
	conn.Close()
}

func answer(w http.ResponseWriter, status int, body string) {
	if body == "" {
		body = errorBody(status)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Elastic-Product", "Elasticsearch")
	if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "0")
	}
	w.WriteHeader(status)
	io.WriteString(w, body)
}

// errorBody is an Elasticsearch-style error document for status.
func errorBody(status int) string {
	typ := "status_exception"
	if status == http.StatusTooManyRequests {
		typ = "es_rejected_execution_exception"
	}
	reason := "injected by faultproxy: " + strconv.Itoa(status) + " " + http.StatusText(status)
	b, _ := json.Marshal(map[string]any{
		"error":  map[string]any{"type": typ, "reason": reason, "root_cause": []any{map[string]any{"type": typ, "reason": reason}}},
		"status": status,
	})
	return string(b)
}
