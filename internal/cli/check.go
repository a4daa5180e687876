package cli

import (
	"fmt"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
)

// checkCmd: rulec check [-t ...] [--types-file F] [--deny-warnings] RULES...
func checkCmd(args []string, env Env) error {
	args, deny := cutFlag(args, "--deny-warnings")
	f, err := ruleFileFlags("check", args)
	if err != nil {
		return err
	}
	p, diags := compiler.CompileFiles(f.rules, f.config())
	diag.Render(env.Stderr, diags)
	if p == nil {
		return &Error{Code: ExitRules, Msg: fmt.Sprintf("%d error(s)", CountErrors(diags))}
	}
	warnings := countSeverity(diags, diag.Warning)
	if deny && warnings > 0 {
		return &Error{Code: ExitRules, Msg: fmt.Sprintf("%d warning(s), denied by --deny-warnings", warnings)}
	}
	fmt.Fprintf(env.Stdout, "ok: %d selector(s), %d warning(s)\n", len(p.Selectors), warnings)
	return nil
}

func countSeverity(l *diag.List, s diag.Severity) int {
	n := 0
	for _, d := range l.Items {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// cutFlag removes every occurrence of a boolean flag from args and reports
// whether it was there.
func cutFlag(args []string, flag string) ([]string, bool) {
	out := make([]string, 0, len(args))
	found := false
	for _, a := range args {
		if a == flag {
			found = true
			continue
		}
		out = append(out, a)
	}
	return out, found
}

func CountErrors(l *diag.List) int { return countSeverity(l, diag.Error) }
