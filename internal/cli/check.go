package cli

import (
	"fmt"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
)

// checkCmd: rulec check [-t ...] [--types-file F] RULES...
func checkCmd(args []string, env Env) error {
	var pos []string
	f, err := parseFlags(args, &pos)
	if err != nil {
		return err
	}
	f.rules = append(f.rules, pos...)
	if len(f.rules) == 0 {
		return usageErr("check needs rule files")
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
