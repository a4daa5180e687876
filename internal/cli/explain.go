package cli

import (
	"bufio"
	"strings"

	"github.com/sluice-dev/sluice/internal/svggraph"
)

// explainCmd: rulec explain RULES... [--format text|dot|mermaid|svg|html] [-t ...],
// or rulec explain CODE / rulec explain codes for the diagnostic catalogue.
func explainCmd(args []string, env Env) error {
	if IsCodeQuery(args) {
		return ExplainCode(args[0], env)
	}
	f, err := ruleFileFlags("explain", args)
	if err != nil {
		return err
	}
	p, err := compileRules(f, env)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	switch f.format {
	case "", "text":
		p.Dump(w)
	case "dot":
		p.DOT(w)
	case "mermaid":
		p.Mermaid(w)
	case "svg":
		svggraph.Write(w, PlanGraph(p, "plan of "+strings.Join(f.rules, ", "), "", f.rules))
	case "html":
		g := PlanGraph(p, "plan", "", f.rules)
		return WriteHTML(w, "rulec explain "+strings.Join(f.rules, " "), []svggraph.Graph{g}, f.rules)
	default:
		return UsageErr("unknown --format %q (text, dot, mermaid, svg or html)", f.format)
	}
	return nil
}
