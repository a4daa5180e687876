package cli

import (
	"fmt"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
)

// checkCmd: rulec check [-t ...] [--types-file F] RULES...
func checkCmd(args []string, env Env) error {
	f, err := ruleFileFlags("check", args)
	if err != nil {
		return err
	}
	p, diags := compiler.CompileFiles(f.rules, f.config())
	diag.Render(env.Stderr, diags)
	if p == nil {
		return &Error{Code: ExitRules, Msg: fmt.Sprintf("%d error(s)", countErrors(diags))}
	}
	fmt.Fprintf(env.Stdout, "ok: %d selector(s), %d warning(s)\n", len(p.Selectors), diags.Len())
	return nil
}

func countErrors(l *diag.List) int {
	n := 0
	for _, d := range l.Items {
		if d.Severity == diag.Error {
			n++
		}
	}
	return n
}
