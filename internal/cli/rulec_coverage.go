package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/sluice-dev/sluice/internal/svggraph"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/plan/provenance"
)

// coverageCmd: rulec coverage RULES DATA... [--format text|json|html] [-t ...],
// or rulec coverage -r RULES... DATA...
func coverageCmd(args []string, env Env) error {
	f, data, err := rulesAndData("coverage", args)
	if err != nil {
		return err
	}
	p, err := compileRules(f, env)
	if err != nil {
		return err
	}
	in, skipped, err := readRecords(data, env)
	if err != nil {
		return err
	}
	c := provenance.NewCoverage(p)
	for _, t := range provenance.Run(p, bareRecords(in)) {
		c.Add(p, t)
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	switch f.format {
	case "", "text":
		writeCoverage(w, c, skipped)
	case "json":
		return writeCoverageJSON(w, c, skipped)
	case "html":
		g := coverageGraph(p, c, f.rules)
		return WriteHTML(w, fmt.Sprintf("rulec coverage: %d record(s), %d with output", c.Records, c.Output), []svggraph.Graph{g}, f.rules)
	default:
		return UsageErr("unknown --format %q (text, json or html)", f.format)
	}
	return nil
}

// rulesAndData splits the arguments of commands that take rules then data:
// with -r every positional argument is data, else the first is the rules.
func rulesAndData(cmd string, args []string) (*ruleFlags, []string, error) {
	var pos []string
	f, err := parseFlags(args, &pos)
	if err != nil {
		return nil, nil, err
	}
	if len(f.rules) == 0 && len(pos) > 0 {
		f.rules, pos = pos[:1], pos[1:]
	}
	data := append(f.data, pos...)
	if len(f.rules) == 0 || len(data) == 0 {
		return nil, nil, UsageErr("%s needs rule files and data (%s RULES DATA...)", cmd, cmd)
	}
	return f, data, nil
}

func writeCoverage(w io.Writer, c *provenance.Coverage, skipped int) {
	fmt.Fprintf(w, "%d record(s), %d with output", c.Records, c.Output)
	if skipped > 0 {
		fmt.Fprintf(w, ", %d line(s) skipped (not JSON objects)", skipped)
	}
	fmt.Fprintln(w)
	gaps := c.Gaps()
	fmt.Fprintf(w, "%d of %d element(s) fully covered\n", len(c.Elements)-countElements(gaps), len(c.Elements))
	if len(gaps) > 0 {
		fmt.Fprintln(w, "\nnever fired:")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, g := range gaps {
			fmt.Fprintf(tw, "  %s\t%s\t%s\tnever %s\n", g.Rule.Pos(), g.Kind, g.What, g.Branch)
		}
		tw.Flush()
	}
	fmt.Fprintln(w, "\nby element:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, e := range c.Elements {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", e.Rule.Pos(), e.Kind, e.What, counts(e))
	}
	tw.Flush()
}

func countElements(gaps []provenance.Gap) int {
	seen := map[*provenance.Element]bool{}
	for _, g := range gaps {
		seen[g.Element] = true
	}
	return len(seen)
}

func counts(e *provenance.Element) string {
	switch {
	case e.Kind == "selector" || e.Selector < 0:
		return fmt.Sprintf("%s %d", e.YesLabel, e.Yes)
	case e.NoLabel != "":
		return fmt.Sprintf("reached %d: %s %d, %s %d", e.Reached, e.YesLabel, e.Yes, e.NoLabel, e.No)
	}
	return fmt.Sprintf("reached %d: %s %d", e.Reached, e.YesLabel, e.Yes)
}

type coverageJSON struct {
	Records  int                   `json:"records"`
	Output   int                   `json:"output"`
	Skipped  int                   `json:"skipped"`
	Gaps     []gapJSON             `json:"never_fired"`
	Elements []*provenance.Element `json:"elements"`
}

type gapJSON struct {
	Rule   plan.RuleRef `json:"rule"`
	Kind   string       `json:"kind"`
	What   string       `json:"what"`
	Branch string       `json:"never"`
}

func writeCoverageJSON(w io.Writer, c *provenance.Coverage, skipped int) error {
	out := coverageJSON{Records: c.Records, Output: c.Output, Skipped: skipped, Elements: c.Elements, Gaps: []gapJSON{}}
	for _, g := range c.Gaps() {
		out.Gaps = append(out.Gaps, gapJSON{g.Rule, g.Kind, g.What, g.Branch})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// coverageGraph is the plan graph with each element's counts as a last line;
// elements with a branch never taken are drawn "cold".
func coverageGraph(p *plan.Plan, c *provenance.Coverage, files []string) svggraph.Graph {
	g := PlanGraph(p, "coverage", "", files)
	byID := elementsByGraphID(c)
	cold := map[*provenance.Element]bool{}
	for _, gap := range c.Gaps() {
		cold[gap.Element] = true
	}
	for i := range g.Nodes {
		e := byID[g.Nodes[i].ID]
		if e == nil {
			continue
		}
		g.Nodes[i].Lines = append(g.Nodes[i].Lines, counts(e))
		if cold[e] {
			g.Nodes[i].Class += " cold"
		}
	}
	return g
}

// elementsByGraphID maps the IDs of plan.Graph's nodes to the coverage
// elements they show.
func elementsByGraphID(c *provenance.Coverage) map[string]*provenance.Element {
	out := map[string]*provenance.Element{}
	for _, e := range c.Elements {
		for _, id := range e.NodeIDs {
			out[id] = e
		}
	}
	return out
}
