package pipelinecli

import (
	"bufio"
	"strings"

	"github.com/sluice-dev/sluice/internal/cli"
	"github.com/sluice-dev/sluice/job"
)

// pipelineDocsCmd: pipeline docs [OP...]
func pipelineDocsCmd(args []string, env cli.Env) error {
	var specs []*job.Spec
	for _, a := range args {
		if a == "-h" || a == "--help" {
			env.Stdout.Write([]byte("usage: pipeline docs [OP...]\n\nPrint the reference of every operation and api (Markdown: parameters, defaults, examples), or of the named ones.\n"))
			return nil
		}
		if strings.HasPrefix(a, "-") {
			return cli.UsageErr("docs: unknown flag %s", a)
		}
		s, ok := job.Lookup(a)
		if !ok {
			return cli.UsageErr("docs: unknown operation or api %q (pipeline docs lists them all)", a)
		}
		specs = append(specs, s)
	}
	w := bufio.NewWriter(env.Stdout)
	job.Markdown(w, specs)
	if err := w.Flush(); err != nil {
		return cli.UsageErr("docs: %v", err)
	}
	return nil
}
