package jobtest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
	"github.com/sluice-dev/sluice/record"
)

// Case is a case of the reference's processor tests (the shape of
// processors-cases.json), one per line of a package's testdata file.
type Case struct {
	Processor string          `json:"processor"`
	Config    json.RawMessage `json:"config"`
	Input     json.RawMessage `json:"input"`
	Expected  json.RawMessage `json:"expected"`
	Source    string          `json:"source_test"`
	Notes     string          `json:"notes"`
}

// Cases reads the cases of one processor from an NDJSON file; none is a
// test failure.
func Cases(t testing.TB, path, processor string) []Case {
	t.Helper()
	cases, err := ndjson.Read[Case](path, func(c *Case) bool { return c.Processor == processor })
	if err != nil || len(cases) == 0 {
		t.Fatalf("no %s cases in %s (%v)", processor, path, err)
	}
	return cases
}

// Name is the reference test's title.
func (c Case) Name() string {
	_, after, _ := strings.Cut(c.Source, ":: ")
	return after
}

// WithMeta makes records from data objects and, index for index, metadata
// objects.
func WithMeta(data, meta []any) []*record.Record {
	out := make([]*record.Record, len(data))
	for i, d := range data {
		o, _ := d.(*record.Object)
		out[i] = record.New(o)
		if i >= len(meta) {
			continue
		}
		m, _ := meta[i].(*record.Object)
		for j := 0; m != nil && j < m.Len(); j++ {
			k, v := m.At(j)
			out[i].SetMeta(k, v)
		}
	}
	return out
}
