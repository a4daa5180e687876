package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/internal/catalogue"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// The names example rule and job files are shown under.
const (
	exampleFile = "example.rules"
	exampleJob  = "example.json"
)

// isCodeQuery reports whether explain was asked about a code (rulec explain
// RUL011) or for the list of codes (rulec explain codes) rather than rule
// files: the single argument is not an existing file.
func isCodeQuery(args []string) bool {
	if len(args) != 1 {
		return false
	}
	if _, err := os.Stat(args[0]); err == nil {
		return false
	}
	return args[0] == "codes" || catalogue.IsCode(strings.ToUpper(args[0]))
}

// explainCode prints the catalogue entry of a code, or the list of codes.
func explainCode(arg string, env Env) error {
	if arg == "codes" {
		for _, e := range catalogue.All() {
			fmt.Fprintf(env.Stdout, "%-6s  %-7s  %s\n", e.Code, e.Severity, e.Title)
		}
		return nil
	}
	e, ok := catalogue.Lookup(strings.ToUpper(arg))
	if !ok {
		return usageErr("%s is not a diagnostic code sluice reports (rulec explain codes lists them)", arg)
	}
	writeEntry(env.Stdout, e)
	return nil
}

func writeEntry(w io.Writer, e catalogue.Entry) {
	fmt.Fprintf(w, "%s (%s): %s\n\n%s\n", e.Code, e.Severity, e.Title, wrapWords(e.Meaning, 76))
	if e.Example != "" {
		name := exampleFile
		if strings.HasPrefix(e.Code, "JOB") {
			name = exampleJob
		}
		fmt.Fprintf(w, "\nExample (%s):\n%s", name, indentLines(e.Example, "    "))
		if e.Data != "" {
			fmt.Fprintf(w, "with the record:\n%s", indentLines(e.Data, "    "))
		}
		fmt.Fprintf(w, "gives:\n%s", indentLines(exampleOutput(e), "    "))
	}
	fmt.Fprintf(w, "\nFix: %s\n", wrapWords(e.Fix, 76))
}

// exampleOutput runs the example through the compiler (and, with data, the
// plan) and returns what sluice reports for the entry's code, so the
// catalogue always shows real output.
func exampleOutput(e catalogue.Entry) string {
	var p *plan.Plan
	var diags *diag.List
	if strings.HasPrefix(e.Code, "JOB") {
		_, diags = job.Validate(diag.NewSource(exampleJob, []byte(e.Example+"\n")), job.Options{})
	} else {
		src := diag.NewSource(exampleFile, []byte(strings.TrimSuffix(e.Example, "\n")+"\n"))
		p, diags = compiler.Compile([]*diag.Source{src}, compiler.Config{})
	}
	var b bytes.Buffer
	var mine diag.List
	for _, d := range diags.Items {
		if d.Code == e.Code {
			mine.Add(d)
		}
	}
	diag.Render(&b, &mine)
	if p != nil && e.Data != "" {
		writeDeadLetters(&b, p, e.Data)
	}
	return b.String()
}

func writeDeadLetters(w io.Writer, p *plan.Plan, data string) {
	v, err := record.ParseJSON([]byte(data))
	obj, ok := v.(*record.Object)
	if err != nil || !ok {
		fmt.Fprintf(w, "(the example record is not a JSON object: %v)\n", err)
		return
	}
	_, dead := p.Run([]*record.Record{record.New(obj)})
	for _, d := range dead {
		fmt.Fprintf(w, "dead letter: %s\n", record.JSON(d.Reason()))
	}
}

// wrapWords breaks text into lines of at most width characters at spaces.
func wrapWords(s string, width int) string {
	var b strings.Builder
	n := 0
	for i, word := range strings.Fields(s) {
		if i > 0 && n+1+len(word) > width {
			b.WriteByte('\n')
			n = 0
		} else if i > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}
