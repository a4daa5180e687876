package route_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// The differential cases were produced by the reference processors
// (/work/shared/reference/processors, run-processor.sh) on invented inputs;
// testdata/differential.jsonl holds each job with the reference's answer.

type diffJob struct {
	ID       string              `json:"id"`
	Op       map[string]any      `json:"op"`
	Router   string              `json:"router"`
	Config   map[string]any      `json:"config"`
	Slices   [][]json.RawMessage `json:"slices"`
	Metadata [][]map[string]any  `json:"metadata"`
}

type refAnswer struct {
	OK      bool        `json:"ok"`
	Phase   string      `json:"phase"`
	Error   string      `json:"error"`
	Outputs [][]refItem `json:"outputs"`
}

type refItem struct {
	Record json.RawMessage `json:"record"`
	Route  any             `json:"route"`
}

type diffLine struct {
	Job     diffJob    `json:"job"`
	Answer  refAnswer  `json:"answer"`
	Settled *refAnswer `json:"settled"` // the answer sluice must give where it deliberately differs
}

// classDeviations are router-class configurations the processors' schemas
// reject before a router is built, where sluice's constructor reports the
// problem instead of failing later at lookup (docs/compat.md, Routers).
var classDeviations = map[string]string{
	"fieldc3": "FieldRouter requires that at least one field", // fields: "f" (reference: this.fields.map is not a function, at lookup)
	"datec3":  `Unsupported date resolution "minutely"`,       // reference: at lookup
}

var routerNames = map[string]string{"KeyRouter": "key_router", "HashRouter": "hash_router", "FieldRouter": "field_router", "DateRouter": "date_router"}

func TestDifferential(t *testing.T) {
	for _, l := range readJSONL[diffLine](t, "testdata/differential.jsonl") {
		t.Run(l.Job.ID, func(t *testing.T) {
			if l.Job.Router != "" {
				diffClass(t, l)
				return
			}
			diffProcessor(t, l)
		})
	}
}

// slices builds the job's input records with their metadata.
func (j diffJob) slices(t *testing.T) [][]*record.Record {
	var out [][]*record.Record
	for i, s := range j.Slices {
		var recs []*record.Record
		for k, raw := range s {
			var meta map[string]any
			if i < len(j.Metadata) && k < len(j.Metadata[i]) {
				meta = j.Metadata[i][k]
			}
			recs = append(recs, rec(t, json.RawMessage(raw), meta))
		}
		out = append(out, recs)
	}
	return out
}

func diffClass(t *testing.T, l diffLine) {
	rt, err := builders[routerNames[l.Job.Router]](obj(t, l.Job.Config))
	want := l.Answer
	if msg, ok := classDeviations[l.Job.ID]; ok {
		want = refAnswer{Phase: "init", Error: msg}
	}
	if want.Phase == "init" {
		if err == nil || err.(*job.ParamError).Msg != want.Error {
			t.Fatalf("constructor error %v, want %q", err, want.Error)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	var got [][]*record.Record
	for _, s := range l.Job.slices(t) {
		for _, r := range s {
			route, err := rt.Lookup(r)
			if err != nil {
				t.Fatal(err)
			}
			r.SetMeta("standard:route", route)
		}
		got = append(got, s)
	}
	compareOutputs(t, got, want.Outputs)
}

func diffProcessor(t *testing.T, l diffLine) {
	outs, err := runOp(t, opJSON(t, l.Job.Op["_op"].(string), l.Job.Op), job.HarnessOptions{}, l.Job.slices(t)...)
	want := l.Answer
	if l.Settled != nil {
		want = *l.Settled
	}
	if !want.OK {
		checkRefError(t, err, want)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	compareOutputs(t, outs, withoutEmptied(want.Outputs))
}

// withoutEmptied drops the empty records the reference's date_router makes
// of records it cannot route under `log`/`none` (processors.md §12 row 16):
// sluice leaves them out.
func withoutEmptied(outs [][]refItem) [][]refItem {
	res := make([][]refItem, len(outs))
	for i, s := range outs {
		res[i] = []refItem{}
		for _, it := range s {
			if it.Route != nil || string(it.Record) != "{}" {
				res[i] = append(res[i], it)
			}
		}
	}
	return res
}

func compareOutputs(t *testing.T, got [][]*record.Record, want [][]refItem) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d slices, want %d", len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("slice %d: %d records, want %d", i, len(got[i]), len(want[i]))
		}
		for k, it := range want[i] {
			wantRec, _ := record.ParseJSON(it.Record)
			route, _ := got[i][k].GetMeta("standard:route")
			if !record.DeepEqual(got[i][k].Data, wantRec) || fmt.Sprint(route) != fmt.Sprint(value(t, it.Route)) {
				t.Errorf("slice %d record %d: %s route %v, want %s route %v", i, k, record.JSON(got[i][k].Data), route, it.Record, it.Route)
			}
		}
	}
}

// checkRefError checks that sluice fails where the reference fails, with
// the reference's own message: every custom message of a schema error, the
// parameter of zod's built-in type and enum errors, the cause of a slice
// error.
func checkRefError(t *testing.T, err error, want refAnswer) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %q", want.Error)
	}
	for _, frag := range refFragments(want.Error) {
		if !strings.Contains(err.Error(), frag) {
			t.Errorf("error %q lacks %q (reference: %s)", err, frag, want.Error)
		}
	}
}

var zodIssues = regexp.MustCompile(`(?s)Zod parse error: (\[.*\])`)

func refFragments(msg string) []string {
	m := zodIssues.FindStringSubmatch(msg)
	if m == nil {
		return []string{strings.SplitN(msg, ", caused by", 2)[0]}
	}
	var issues []struct {
		Code    string   `json:"code"`
		Message string   `json:"message"`
		Path    []string `json:"path"`
	}
	if err := json.Unmarshal([]byte(m[1]), &issues); err != nil {
		return []string{msg}
	}
	var out []string
	for _, is := range issues {
		if is.Code == "custom" {
			out = append(out, is.Message)
		} else {
			out = append(out, fmt.Sprintf("parameter %q", is.Path[0]))
		}
	}
	return out
}
