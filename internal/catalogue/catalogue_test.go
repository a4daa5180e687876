package catalogue_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/internal/catalogue"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	_ "github.com/sluice-dev/sluice/ops/all"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// codeDirs are the packages whose diagnostics reach a user of rulec or
// pipeline: the compiler, its analysis passes, the plan (run-time dead
// letters), the job file validation and the data generator's schemas.
var codeDirs = []string{"../../compiler", "../../compiler/lint", "../../plan", "../../job", "../../ops/generator"}

// noExample are the codes whose entry needs no runnable example, and why.
var noExample = map[string]string{
	"RUL001": "needs a missing file",
	"JOB001": "needs a missing file",
	"RUN002": "needs an operation that fails at run time",
	"RUN003": "needs a regex that runs out of time",
	"JOB016": "needs an operation with a connection",
	"JOB017": "depends on an operation's own job-level check",
	"GEN001": "needs a schema file", "GEN002": "needs a schema file", "GEN003": "needs a schema file",
	"IN001": "an input line (internal/cli tests it)", "IN002": "an input line (internal/cli tests it)",
	"IN003": "an oversized input line", "IN004": "a malformed array input", "RUN004": "an oversized output",
	"RUN900": "a bug", "JOB019": "cluster mode (job.Distributed, not validation)",
}

// declared maps each code constant's value to whether a non-test file
// outside its declaration refers to it (the code can be emitted).
type declared map[string]bool

// scanCodes parses the packages' non-test files and returns their code
// constants; it fails on a diagnostic built from a code literal, which would
// bypass this check.
func scanCodes(t *testing.T) declared {
	t.Helper()
	names := map[string]string{} // package dir + constant name -> code
	used := map[string]bool{}    // identifiers used outside declarations
	for _, dir := range codeDirs {
		for _, f := range sourceFiles(dir) {
			scanFile(t, f, dir, names, used)
		}
	}
	if len(names) < 30 {
		t.Fatalf("found only %d code constants in %v: has the layout changed?", len(names), codeDirs)
	}
	out := declared{}
	for key, code := range names {
		_, name, _ := strings.Cut(key, " ")
		out[code] = out[code] || used[name]
	}
	// the CLI's input and output dead-letter codes
	for _, f := range sourceFiles("../cli") {
		for _, code := range literalCodes(t, f) {
			out[code] = true
		}
	}
	return out
}

func sourceFiles(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			out = append(out, f)
		}
	}
	return out
}

// literalCodes lists the code-shaped string literals of a file.
func literalCodes(t *testing.T, path string) []string {
	file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(file, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok {
			if code := codeLiteral([]ast.Expr{lit}, 0); code != "" {
				out = append(out, code)
			}
		}
		return true
	})
	return out
}

func scanFile(t *testing.T, path, dir string, names map[string]string, used map[string]bool) {
	file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if code := codeLiteral(n.Values, i); code != "" {
					names[dir+" "+name.Name] = code
				}
			}
			return false // the declaration is not a use
		case *ast.Ident:
			used[n.Name] = true
		case *ast.CallExpr:
			if len(n.Args) > 0 && codeLiteral(n.Args, 0) != "" {
				t.Errorf("%s: a diagnostic built from the literal %s: declare a Code constant", path, codeLiteral(n.Args, 0))
			}
		}
		return true
	})
}

func codeLiteral(exprs []ast.Expr, i int) string {
	if i >= len(exprs) {
		return ""
	}
	lit, ok := exprs[i].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return ""
	}
	s, _ := strconv.Unquote(lit.Value)
	if !catalogue.IsCode(s) {
		return ""
	}
	return s
}

// TestCatalogueComplete fails when a code can be emitted that the catalogue
// lacks, or the catalogue documents a code nothing declares.
func TestCatalogueComplete(t *testing.T) {
	codes := scanCodes(t)
	for code := range codes {
		if _, ok := catalogue.Lookup(code); !ok {
			t.Errorf("%s is declared but not in the catalogue (internal/catalogue/entries.go)", code)
		}
	}
	for _, e := range catalogue.All() {
		if _, ok := codes[e.Code]; !ok {
			t.Errorf("catalogue entry %s: no package declares this code", e.Code)
		}
		if e.Title == "" || e.Meaning == "" || e.Fix == "" || e.Severity == "" {
			t.Errorf("%s: title, meaning, severity and fix are all required", e.Code)
		}
	}
}

// TestExamplesProduceTheirCode: every code the compiler can emit has an
// example, and compiling (or running) the example reports exactly that code
// at its stated severity.
func TestExamplesProduceTheirCode(t *testing.T) {
	codes := scanCodes(t)
	var emitted []string
	for code, used := range codes {
		if _, exempt := noExample[code]; used && !exempt {
			emitted = append(emitted, code)
		}
	}
	sort.Strings(emitted)
	for _, code := range emitted {
		e, _ := catalogue.Lookup(code)
		if e.Example == "" {
			t.Errorf("%s can be emitted but its catalogue entry has no example", code)
			continue
		}
		if got := exampleCodes(t, e); !got[code] {
			t.Errorf("%s: the example does not produce the code; it gives %v", code, got)
		}
	}
}

// exampleCodes compiles the example and, with data, runs it; it returns the
// codes reported (with the severity the entry states).
func exampleCodes(t *testing.T, e catalogue.Entry) map[string]bool {
	var p *plan.Plan
	var diags *diag.List
	if strings.HasPrefix(e.Code, "JOB") {
		_, diags = job.Validate(diag.NewSource("example.json", []byte(e.Example+"\n")), job.Options{})
	} else {
		p, diags = compiler.Compile([]*diag.Source{diag.NewSource("example.rules", []byte(e.Example+"\n"))}, compiler.Config{})
	}
	got := map[string]bool{}
	for _, d := range diags.Items {
		if d.Code == e.Code && d.Severity.String() != e.Severity {
			t.Errorf("%s: reported as %s, the catalogue says %s", e.Code, d.Severity, e.Severity)
		}
		got[d.Code] = true
	}
	if p != nil && e.Data != "" {
		v, err := record.ParseJSON([]byte(e.Data))
		if err != nil {
			t.Fatalf("%s data: %v", e.Code, err)
		}
		_, dead := p.Run([]*record.Record{record.New(v.(*record.Object))})
		for _, d := range dead {
			got[d.Code] = true
		}
	}
	return got
}

// TestIsCodeShape pins the hand-written IsCode against the pattern it
// replaces, ^[A-Z]{2,3}[0-9]{3}$.
func TestIsCodeShape(t *testing.T) {
	pattern := regexp.MustCompile(`^[A-Z]{2,3}[0-9]{3}$`)
	cases := []string{"", "RUL011", "JOB001", "XL001", "X001", "ABCD001", "RUL01", "RUL0111",
		"rul011", "RUl011", "RUL01a", "RUL 011", "RUL011\n", "ÄB001", "AB0012", "AB-001", "AB001 ",
		"@B001", "[B001", "AB/01", "AB:01", "R1L011", "123456", "ABCDEF"}
	for _, s := range cases {
		if got, want := catalogue.IsCode(s), pattern.MatchString(s); got != want {
			t.Errorf("IsCode(%q) = %v, the pattern says %v", s, got, want)
		}
	}
	for _, e := range catalogue.All() {
		if !catalogue.IsCode(e.Code) {
			t.Errorf("catalogue code %q is not a code", e.Code)
		}
	}
}
