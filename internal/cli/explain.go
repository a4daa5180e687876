package cli

import "bufio"

// explainCmd: rulec explain RULES... [--format text|dot|mermaid] [-t ...]
func explainCmd(args []string, env Env) error {
	var pos []string
	f, err := parseFlags(args, &pos)
	if err != nil {
		return err
	}
	f.rules = append(f.rules, pos...)
	if len(f.rules) == 0 {
		return usageErr("explain needs rule files")
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
