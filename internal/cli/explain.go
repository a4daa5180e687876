package cli

import (
	"bufio"
	"strings"

	"github.com/sluice-dev/sluice/internal/svggraph"
)

// explainCmd: rulec explain RULES... [--format text|dot|mermaid|svg|html] [-t ...],
// or rulec explain CODE / rulec explain codes for the diagnostic catalogue.
func explainCmd(args []string, env Env) error {
	if isCodeQuery(args) {
		return explainCode(args[0], env)
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
		svggraph.Write(w, planGraph(p, "plan of "+strings.Join(f.rules, ", "), "", f.rules))
	case "html":
		g := planGraph(p, "plan", "", f.rules)
		return writeHTML(w, "rulec explain "+strings.Join(f.rules, " "), []svggraph.Graph{g}, f.rules)
	default:
		return usageErr("unknown --format %q (text, dot, mermaid, svg or html)", f.format)
	}
	return nil
}
