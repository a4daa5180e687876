package catalogue_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/internal/catalogue"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// codeDirs are the packages whose diagnostics reach a rulec user: the
// compiler, its analysis passes and the plan (run-time dead letters).
var codeDirs = []string{"../../compiler", "../../compiler/lint", "../../plan"}

// declared maps each code constant's value to whether a non-test file
// outside its declaration refers to it (the code can be emitted).
type declared map[string]bool

// scanCodes parses the packages' non-test files and returns their code
// constants; it fails on a diagnostic built from a code literal, which would
// bypass this check.
func scanCodes(t *testing.T) declared {
	t.Helper()
	names := map[string]string{} // constant name -> code
	used := map[string]bool{}
	for _, dir := range codeDirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			scanFile(t, f, names, used)
		}
	}
	if len(names) < 20 {
		t.Fatalf("found only %d code constants in %v: has the layout changed?", len(names), codeDirs)
	}
	out := declared{}
	for name, code := range names {
		out[code] = out[code] || used[name]
	}
	return out
}

func scanFile(t *testing.T, path string, names map[string]string, used map[string]bool) {
	file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if code := codeLiteral(n.Values, i); code != "" {
					names[name.Name] = code
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
		if used && code != "RUL001" && code != "RUN002" && code != "RUN003" { // need a missing file / a failing operation / a regex that runs out of time
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
	src := diag.NewSource("example.rules", []byte(e.Example+"\n"))
	p, diags := compiler.Compile([]*diag.Source{src}, compiler.Config{})
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
