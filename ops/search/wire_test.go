package search_test

import (
	"context"
	"testing"

	"github.com/sluice-dev/sluice/record"
)

// The bulk bodies of every verb, as recorded at a proxy in front of the
// test server (which applies update wrongly: it replaces the document, so
// only the request is checked; see README "Servers in tests").
func TestBulkWireFormat(t *testing.T) {
	rec := func() []*record.Record {
		o := record.NewObject(3)
		o.Set("a", 1.0)
		o.Set("b", "x")
		o.Set("c", true)
		r := record.New(o)
		r.SetMeta("_key", "k1")
		r.SetMeta("_delete_id", "old")
		return []*record.Record{r}
	}
	for _, c := range []struct{ config, want string }{
		{`"index": "w"`,
			`{"index":{"_index":"w","_id":"k1"}}` + "\n" + `{"a":1,"b":"x","c":true}` + "\n" + `{"delete":{"_index":"w","_id":"old"}}` + "\n"},
		{`"index": "w", "create": true`,
			`{"create":{"_index":"w","_id":"k1"}}` + "\n" + `{"a":1,"b":"x","c":true}` + "\n" + `{"delete":{"_index":"w","_id":"old"}}` + "\n"},
		{`"index": "w", "update": true, "update_retry_on_conflict": 3`,
			`{"update":{"_index":"w","_id":"k1","retry_on_conflict":3}}` + "\n" + `{"doc":{"a":1,"b":"x","c":true}}` + "\n" + `{"delete":{"_index":"w","_id":"old"}}` + "\n"},
		{`"index": "w", "update": true, "update_fields": ["b"]`,
			`{"update":{"_index":"w","_id":"k1"}}` + "\n" + `{"doc":{"b":"x"}}` + "\n" + `{"delete":{"_index":"w","_id":"old"}}` + "\n"},
		{`"index": "w", "upsert": true`,
			`{"update":{"_index":"w","_id":"k1"}}` + "\n" + `{"doc":{"a":1,"b":"x","c":true},"upsert":{"a":1,"b":"x","c":true}}` + "\n" + `{"delete":{"_index":"w","_id":"old"}}` + "\n"},
		{`"index": "w", "update": true, "script": "ctx._source.a += params.inc", "script_params": {"inc": "a", "none": "missing"}`,
			`{"update":{"_index":"w","_id":"k1"}}` + "\n" + `{"script":{"source":"ctx._source.a += params.inc","params":{"inc":1}}}` + "\n" + `{"delete":{"_index":"w","_id":"old"}}` + "\n"},
		{`"index": "w", "upsert": true, "script_file": "bump"`,
			`{"update":{"_index":"w","_id":"k1"}}` + "\n" + `{"script":{"file":"bump","params":{}},"upsert":{"a":1,"b":"x","c":true}}` + "\n" + `{"delete":{"_index":"w","_id":"old"}}` + "\n"},
		{`"index": "w", "delete": true`,
			`{"delete":{"_index":"w","_id":"k1"}}` + "\n" + `{"delete":{"_index":"w","_id":"old"}}` + "\n"},
	} {
		p, conns := proxied(t)
		s := newSender(t, conns, "{"+c.config+"}", func(*record.Record, error) error { return nil })
		if _, err := s.Send(context.Background(), rec()); err != nil {
			t.Errorf("%s: %v", c.config, err)
			continue
		}
		reqs := bulks(p)
		if len(reqs) != 1 || string(reqs[0].Body) != c.want {
			t.Errorf("%s: body\n%s\nwant\n%s", c.config, reqs[0].Body, c.want)
		}
	}
}
