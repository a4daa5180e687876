package cli

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/sluice-dev/sluice/postprocess"
	_ "github.com/sluice-dev/sluice/postprocess/all" // every operation
)

const docsUsage = `usage: rulec docs [NAME...]

Print the reference of every operation a rule can name in post_process or
validation (Markdown: parameters, summary, examples, replacement of
deprecated names). With NAMEs, print only those operations.`

// docsCmd: rulec docs [NAME...]
func docsCmd(args []string, env Env) error {
	specs, err := docsSpecs(args, env)
	if specs == nil || err != nil {
		return err
	}
	w := bufio.NewWriter(env.Stdout)
	postprocess.MarkdownSpecs(w, specs)
	if err := w.Flush(); err != nil {
		return &Error{Code: ExitUsage, Msg: "docs: " + err.Error()}
	}
	return nil
}

// docsSpecs selects the operations to print; nil without error means the
// usage was printed.
func docsSpecs(args []string, env Env) ([]*postprocess.Spec, error) {
	if len(args) == 0 {
		return postprocess.All(), nil
	}
	var specs []*postprocess.Spec
	for _, a := range args {
		if a == "-h" || a == "--help" {
			fmt.Fprintln(env.Stdout, docsUsage)
			return nil, nil
		}
		if strings.HasPrefix(a, "-") {
			return nil, UsageErr("docs: unknown flag %s (try rulec docs --help)", a)
		}
		s, ok := postprocess.Lookup(a)
		if !ok {
			return nil, UsageErr("docs: unknown operation %q", a)
		}
		specs = append(specs, s)
	}
	return specs, nil
}
