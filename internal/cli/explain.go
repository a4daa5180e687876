package cli

import "bufio"

// explainCmd: rulec explain RULES... [--format text|dot|mermaid] [-t ...],
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
	default:
		return usageErr("unknown --format %q (text, dot or mermaid)", f.format)
	}
	return nil
}
