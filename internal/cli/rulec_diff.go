package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/plan/provenance"
	"github.com/sluice-dev/sluice/record"
)

// diffExamples is how many changed records the text report shows.
const diffExamples = 10

// diffCmd: rulec diff OLD NEW DATA... [--format text|json] [-t ...]
func diffCmd(args []string, env Env) error {
	var pos []string
	f, err := parseFlags(args, &pos)
	if err != nil {
		return err
	}
	if len(pos) < 3 {
		return UsageErr("diff needs two rule files and data (diff OLD NEW DATA...)")
	}
	oldPlan, newPlan, err := compilePair(f, pos[0], pos[1], env)
	if err != nil {
		return err
	}
	in, skipped, err := readRecords(append(pos[2:], f.data...), env)
	if err != nil {
		return err
	}
	rep := compareRuns(oldPlan, newPlan, in)
	rep.Skipped = skipped
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	switch f.format {
	case "", "text":
		rep.writeText(w)
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(rep)
	default:
		return UsageErr("unknown --format %q (text or json)", f.format)
	}
	return nil
}

func compilePair(f *ruleFlags, oldFile, newFile string, env Env) (*plan.Plan, *plan.Plan, error) {
	f.rules = []string{oldFile}
	oldPlan, err := compileRules(f, env)
	if err != nil {
		return nil, nil, err
	}
	f.rules = []string{newFile}
	newPlan, err := compileRules(f, env)
	return oldPlan, newPlan, err
}

// diffReport is what rulec diff prints.
type diffReport struct {
	Records   int            `json:"records"`
	Changed   int            `json:"changed"`
	Skipped   int            `json:"skipped"`
	OldOutput int            `json:"old_output"`
	NewOutput int            `json:"new_output"`
	Fields    []*fieldCount  `json:"fields"`
	Causes    []*causeCount  `json:"causes"`
	Details   []recordChange `json:"records_changed"`
}

type fieldCount struct {
	Field   string `json:"field"`
	Added   int    `json:"added"`
	Removed int    `json:"removed"`
	Changed int    `json:"changed"`
}

type causeCount struct {
	Old     []string `json:"old_rules"`
	New     []string `json:"new_rules"`
	Records int      `json:"records"`
	Fields  []string `json:"fields"`
}

type recordChange struct {
	At     string                 `json:"at"`
	Old    string                 `json:"old"` // "output" or why there is none
	New    string                 `json:"new"`
	Fields []provenance.FieldDiff `json:"fields"`
}

// compareRuns runs both plans over copies of the records and compares
// their outputs record by record.
func compareRuns(oldPlan, newPlan *plan.Plan, in []inputRecord) *diffReport {
	copies := make([]*record.Record, len(in))
	for i, r := range in {
		copies[i] = record.New(r.rec.Data.DeepClone())
	}
	oldT, newT := provenance.Run(oldPlan, copies), provenance.Run(newPlan, bareRecords(in))
	rep := &diffReport{Records: len(in)}
	fields, causes := map[string]*fieldCount{}, map[string]*causeCount{}
	for i := range in {
		rep.count(oldT[i], newT[i])
		diffs := provenance.Compare(oldT[i], newT[i])
		if len(diffs) == 0 {
			continue
		}
		rep.Changed++
		rep.Details = append(rep.Details, recordChange{in[i].at, oldT[i].Explain(), newT[i].Explain(), diffs})
		rep.tally(diffs, fields, causes)
	}
	rep.Fields = sortedFields(fields)
	rep.Causes = sortedCauses(causes)
	return rep
}

func (rep *diffReport) count(o, n *provenance.Trace) {
	if o.Output != nil {
		rep.OldOutput++
	}
	if n.Output != nil {
		rep.NewOutput++
	}
}

func (rep *diffReport) tally(diffs []provenance.FieldDiff, fields map[string]*fieldCount, causes map[string]*causeCount) {
	seen := map[string]bool{}
	for _, d := range diffs {
		fc := fields[d.Path]
		if fc == nil {
			fc = &fieldCount{Field: d.Path}
			fields[d.Path] = fc
		}
		switch {
		case d.Old == "":
			fc.Added++
		case d.New == "":
			fc.Removed++
		default:
			fc.Changed++
		}
		key := strings.Join(d.OldRules, "\x00") + "\x01" + strings.Join(d.NewRules, "\x00")
		cc := causes[key]
		if cc == nil {
			cc = &causeCount{Old: d.OldRules, New: d.NewRules}
			causes[key] = cc
		}
		if !seen[key] {
			cc.Records++
			seen[key] = true
		}
		if !slices.Contains(cc.Fields, d.Path) {
			cc.Fields = append(cc.Fields, d.Path)
		}
	}
}

func sortedFields(m map[string]*fieldCount) []*fieldCount {
	out := make([]*fieldCount, 0, len(m))
	for _, f := range m {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Field < out[j].Field })
	return out
}

func sortedCauses(m map[string]*causeCount) []*causeCount {
	out := make([]*causeCount, 0, len(m))
	for _, c := range m {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Records != out[j].Records {
			return out[i].Records > out[j].Records
		}
		return strings.Join(out[i].Fields, ",")+strings.Join(out[i].Old, ",") < strings.Join(out[j].Fields, ",")+strings.Join(out[j].Old, ",")
	})
	return out
}

func (rep *diffReport) writeText(w io.Writer) {
	fmt.Fprintf(w, "%d record(s): %d changed, %d unchanged (output: %d before, %d after)", rep.Records, rep.Changed, rep.Records-rep.Changed, rep.OldOutput, rep.NewOutput)
	if rep.Skipped > 0 {
		fmt.Fprintf(w, "; %d line(s) skipped (not JSON objects)", rep.Skipped)
	}
	fmt.Fprintln(w)
	if rep.Changed == 0 {
		return
	}
	fmt.Fprintln(w, "\nfields:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, f := range rep.Fields {
		fmt.Fprintf(tw, "  %s\t%s\n", f.Field, fieldSummary(f))
	}
	tw.Flush()
	fmt.Fprintln(w, "\ncauses:")
	for _, c := range rep.Causes {
		fmt.Fprintf(w, "  %d record(s), %s:\n", c.Records, strings.Join(c.Fields, ", "))
		writeRuleList(w, "before", c.Old)
		writeRuleList(w, "after", c.New)
	}
	rep.writeExamples(w)
}

func fieldSummary(f *fieldCount) string {
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{{f.Changed, "changed"}, {f.Added, "added"}, {f.Removed, "removed"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%s in %d", p.what, p.n))
		}
	}
	return strings.Join(parts, ", ")
}

func writeRuleList(w io.Writer, label string, rules []string) {
	if len(rules) == 0 {
		fmt.Fprintf(w, "    %-7s (no rule)\n", label+":")
		return
	}
	for i, r := range rules {
		if i == 0 {
			fmt.Fprintf(w, "    %-7s %s\n", label+":", r)
		} else {
			fmt.Fprintf(w, "            %s\n", r)
		}
	}
}

func (rep *diffReport) writeExamples(w io.Writer) {
	fmt.Fprintln(w, "\nrecords:")
	for i, d := range rep.Details {
		if i == diffExamples {
			fmt.Fprintf(w, "  ... and %d more (--format json lists all)\n", len(rep.Details)-diffExamples)
			break
		}
		fmt.Fprintf(w, "  %s", d.At)
		if d.Old != d.New {
			fmt.Fprintf(w, "  (before: %s; after: %s)", d.Old, d.New)
		}
		fmt.Fprintln(w)
		for _, f := range d.Fields {
			fmt.Fprintf(w, "    %s: %s -> %s\n", f.Path, orAbsent(f.Old), orAbsent(f.New))
		}
	}
}

func orAbsent(v string) string {
	if v == "" {
		return "(absent)"
	}
	return v
}
