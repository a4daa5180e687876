package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/internal/catalogue"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// The names example rule and job files are shown under.
const (
	exampleFile = "example.rules"
	// ExampleJob is the name a job file code's example is shown under.
	ExampleJob = "example.json"
)

// IsCodeQuery reports whether explain was asked about a code (rulec explain
// RUL011) or for the list of codes (rulec explain codes) rather than rule
// files: the single argument is not an existing file.
func IsCodeQuery(args []string) bool {
	if len(args) != 1 {
		return false
	}
	if _, err := os.Stat(args[0]); err == nil {
		return false
	}
	return args[0] == "codes" || catalogue.IsCode(strings.ToUpper(args[0]))
}

// ExplainCode prints the catalogue entry of a code, or the list of codes.
func ExplainCode(arg string, env Env) error {
	if arg == "codes" {
		for _, e := range catalogue.All() {
			fmt.Fprintf(env.Stdout, "%-6s  %-7s  %s\n", e.Code, e.Severity, e.Title)
		}
		return nil
	}
	e, ok := catalogue.Lookup(strings.ToUpper(arg))
	if !ok {
		return UsageErr("%s is not a diagnostic code sluice reports (rulec explain codes lists them)", arg)
	}
	writeEntry(env.Stdout, e)
	return nil
}

func writeEntry(w io.Writer, e catalogue.Entry) {
	fmt.Fprintf(w, "%s (%s): %s\n\n%s\n", e.Code, e.Severity, e.Title, wrapWords(e.Meaning, 76))
	if e.Example != "" {
		name := exampleFile
		if strings.HasPrefix(e.Code, "JOB") {
			name = ExampleJob
		}
		fmt.Fprintf(w, "\nExample (%s):\n%s", name, IndentLines(e.Example, "    "))
		if e.Data != "" {
			fmt.Fprintf(w, "with the record:\n%s", IndentLines(e.Data, "    "))
		}
		fmt.Fprintf(w, "gives:\n%s", IndentLines(exampleOutput(e), "    "))
	}
	fmt.Fprintf(w, "\nFix: %s\n", wrapWords(e.Fix, 76))
}

// exampleOutput runs the example through the compiler (and, with data, the
// plan) and returns what sluice reports for the entry's code, so the
// catalogue always shows real output. A job file's example needs every
// operation, which rulec does not link: its output was rendered by the
// pipeline command's package into jobExampleOutputs (job_examples.go,
// which pipelinecli's TestJobExampleOutputs keeps current).
func exampleOutput(e catalogue.Entry) string {
	if strings.HasPrefix(e.Code, "JOB") {
		return jobExampleOutputs[e.Code]
	}
	src := diag.NewSource(exampleFile, []byte(strings.TrimSuffix(e.Example, "\n")+"\n"))
	p, diags := compiler.Compile([]*diag.Source{src}, compiler.Config{})
	out := ExampleDiagnostics(e.Code, diags)
	if p != nil && e.Data != "" {
		var b strings.Builder
		writeDeadLetters(&b, p, e.Data)
		out += b.String()
	}
	return out
}

// ExampleDiagnostics renders the diagnostics of code among diags, as
// explain shows an example's output.
func ExampleDiagnostics(code string, diags *diag.List) string {
	var b bytes.Buffer
	var mine diag.List
	for _, d := range diags.Items {
		if d.Code == code {
			mine.Add(d)
		}
	}
	diag.Render(&b, &mine)
	return b.String()
}

// JobExampleOutput is the rendered output of a job file code's example
// (JOB...), as explain prints it.
func JobExampleOutput(code string) string { return jobExampleOutputs[code] }

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

// IndentLines puts prefix before every non-empty line of s.
func IndentLines(s, prefix string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		if l == "" {
			b.WriteString("\n")
			continue
		}
		b.WriteString(prefix + l + "\n")
	}
	return b.String()
}
