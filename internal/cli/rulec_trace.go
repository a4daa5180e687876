package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/plan/provenance"
	"github.com/sluice-dev/sluice/record"
)

// cutTrace removes --trace / --trace-json from run's arguments and returns
// "text", "json" or "" (no tracing).
func cutTrace(args []string) ([]string, string) {
	args, text := cutFlag(args, "--trace")
	args, js := cutFlag(args, "--trace-json")
	switch {
	case js:
		return args, "json"
	case text:
		return args, "text"
	}
	return args, ""
}

// traceRun is rulec run --trace / --trace-json: instead of the output
// records it prints, for each input record, why each output field exists
// and what removed the others (or dropped the record). It reads the whole
// input and runs one record at a time.
func traceRun(p *plan.Plan, inputs []string, mode string, env Env) error {
	in, skipped, err := readRecords(inputs, env)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	for i, t := range provenance.Run(p, bareRecords(in)) {
		if mode == "json" {
			if err := writeTraceJSON(w, in[i].at, p, t); err != nil {
				return err
			}
			continue
		}
		writeTraceText(w, in[i].at, p, t)
	}
	if skipped > 0 {
		fmt.Fprintf(env.Stderr, "rulec: %d line(s) skipped (not JSON objects)\n", skipped)
	}
	return nil
}

func writeTraceText(w io.Writer, at string, p *plan.Plan, t *provenance.Trace) {
	fmt.Fprintf(w, "%s  %s\n", at, t.Input)
	if t.Output != nil {
		fmt.Fprintf(w, "  output  %s\n", record.JSON(t.Output))
	} else {
		fmt.Fprintf(w, "  no output: %s\n", t.Explain())
	}
	if len(t.Matched) > 0 {
		var sel []string
		for _, i := range t.Matched {
			sel = append(sel, p.Selectors[i].Query+" ("+p.Selectors[i].Rule.Pos()+")")
		}
		fmt.Fprintf(w, "  matched %s\n", strings.Join(sel, ", "))
	}
	for _, f := range traceFields(t) {
		fmt.Fprintf(w, "  %s %s\n", f.path, f.label)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, e := range f.events {
			fmt.Fprintf(tw, "    %s\t%s\t%s\t%s\n", e.Rule.Pos(), e.Kind, e.What, e.Action(f.path))
		}
		tw.Flush()
	}
	fmt.Fprintln(w)
}

type tracedField struct {
	path, label string
	events      []*provenance.Event
}

// traceFields are the output's fields (with their values), then the
// removed ones, then those that went with a dropped record, each with the
// events that touched it.
func traceFields(t *provenance.Trace) []tracedField {
	var out []tracedField
	seen := map[string]bool{}
	add := func(path, label string) {
		if !seen[path] {
			seen[path] = true
			out = append(out, tracedField{path, label, t.Field(path)})
		}
	}
	if t.Output != nil {
		for _, k := range t.Output.Keys() {
			v, _ := t.Output.Get(k)
			add(k, "= "+record.JSON(v))
		}
	}
	for _, p := range t.Removed() {
		add(p, "(removed)")
	}
	if t.Output == nil {
		for _, e := range t.Events {
			for _, p := range e.Set {
				add(p, "(dropped with the record)")
			}
		}
	}
	return out
}

type traceEventJSON struct {
	Rule   string `json:"rule"`
	Kind   string `json:"kind"`
	What   string `json:"what"`
	Action string `json:"action"`
}

type traceJSON struct {
	At      string                      `json:"at"`
	Input   json.RawMessage             `json:"input"`
	Output  json.RawMessage             `json:"output"`
	Reason  string                      `json:"reason,omitempty"` // why there is no output
	Matched []string                    `json:"matched"`
	Fields  map[string][]traceEventJSON `json:"fields"`
	Removed map[string][]traceEventJSON `json:"removed"`
}

func writeTraceJSON(w io.Writer, at string, p *plan.Plan, t *provenance.Trace) error {
	out := traceJSON{At: at, Input: json.RawMessage(t.Input), Output: json.RawMessage("null"), Matched: []string{},
		Fields: map[string][]traceEventJSON{}, Removed: map[string][]traceEventJSON{}}
	if t.Output != nil {
		out.Output = json.RawMessage(record.JSON(t.Output))
	} else {
		out.Reason = t.Explain()
	}
	for _, i := range t.Matched {
		out.Matched = append(out.Matched, p.Selectors[i].Rule.Pos()+" "+p.Selectors[i].Query)
	}
	for _, f := range traceFields(t) {
		evs := []traceEventJSON{}
		for _, e := range f.events {
			evs = append(evs, traceEventJSON{e.Rule.Pos(), string(e.Kind), e.What, e.Action(f.path)})
		}
		if strings.HasPrefix(f.label, "= ") {
			out.Fields[f.path] = evs
		} else {
			out.Removed[f.path] = evs
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
