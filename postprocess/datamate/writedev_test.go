package datamate

import (
	"flag"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/record"
)

var deviationsOut = flag.String("datamate.deviations", "", "write the deviation table in conformance/testdata/deviations.json format to this file")

// TestWriteDeviations exports the deviation table for the repository-level
// conformance suite: go test ./postprocess/datamate -run TestWriteDeviations
// -datamate.deviations=FILE.
func TestWriteDeviations(t *testing.T) {
	if *deviationsOut == "" {
		t.Skip("no -datamate.deviations file given")
	}
	fns := map[int]string{}
	for _, c := range loadCases(t) {
		fns[c.ID] = c.Fn
	}
	ids := make([]int, 0, len(deviations))
	for id := range deviations {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	out := make([]any, 0, len(ids))
	for _, id := range ids {
		out = append(out, deviationEntry(t, id, fns[id], deviations[id]))
	}
	if err := os.WriteFile(*deviationsOut, record.AppendIndentJSON(nil, out, "  "), 0o644); err != nil {
		t.Fatal(err)
	}
}

func deviationEntry(t *testing.T, id int, fn string, d deviation) *record.Object {
	o := record.NewObject(5)
	o.Append("id", float64(id))
	o.Append("fn", fn)
	sl := record.NewObject(1)
	if d.got == "build error" {
		o.Append("policy", "param-error")
		sl.Append("compile_error", "RUL011")
	} else {
		o.Append("policy", "keep-scalar")
		sl.Append("field", mustParse(t, []byte(d.got)))
	}
	o.Append("sluice", sl)
	o.Append("reason", strings.TrimPrefix(d.reason, fn+": "))
	return o
}
