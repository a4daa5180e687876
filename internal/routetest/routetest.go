// Package routetest registers small test operations for whole-job tests of
// sender apis behind routed_sender: route_from_field routes records by
// fields, fail_first_attempt makes slices fail after the send so they are
// retried. Import it from tests only.
package routetest

import (
	"fmt"
	"sync"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

var once sync.Once

// Register registers the operations (once per process).
func Register() {
	once.Do(func() {
		job.Register(&job.Spec{Name: "route_from_field", Kind: job.KindProcessor,
			Summary:      "test: the route field becomes standard:route, the key field _key",
			NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return routeFromField{}, nil }})
		job.Register(&job.Spec{Name: "fail_first_attempt", Kind: job.KindProcessor,
			Summary:      "test: fail the first attempt of every odd slice",
			NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return failFirst{}, nil }})
	})
}

type routeFromField struct{}

func (routeFromField) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	for _, r := range in {
		if v, ok := r.Data.Get("route"); ok {
			r.SetMeta("standard:route", v)
		}
		if v, ok := r.Data.Get("key"); ok {
			r.SetMeta("_key", v)
		}
	}
	return in, nil
}

type failFirst struct{}

func (failFirst) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	if s.Attempt == 0 && s.Order%2 == 1 {
		return nil, fmt.Errorf("injected failure after routed_sender")
	}
	return in, nil
}

// Slices are n slices of per records {id, route, key, data} routed r0..r3
// (key "k<id>", data "<id>"), and per route the ids it must receive once.
func Slices(n, per int) ([][]map[string]any, map[string]map[int]int) {
	want := map[string]map[int]int{}
	var all [][]map[string]any
	id := 0
	for range n {
		var recs []map[string]any
		for range per {
			route := fmt.Sprintf("r%d", (id*7)%4)
			recs = append(recs, map[string]any{"id": id, "route": route, "key": fmt.Sprint("k", id), "data": fmt.Sprint(id)})
			if want[route] == nil {
				want[route] = map[int]int{}
			}
			want[route][id] = 1
			id++
		}
		all = append(all, recs)
	}
	return all, want
}
