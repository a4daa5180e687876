package postprocess_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/postprocess"
	_ "github.com/sluice-dev/sluice/postprocess/all"
	"github.com/sluice-dev/sluice/record"
)

// TestSpecExamples runs every example of every registered operation through
// the rule-level wrapper, as the compiler binds it.
func TestSpecExamples(t *testing.T) {
	defer func(l *time.Location) { time.Local = l }(time.Local)
	time.Local = time.UTC // examples are written for TZ=UTC, like the reference cases
	for _, s := range postprocess.All() {
		if s.Kind == postprocess.Structural {
			continue
		}
		if len(s.Examples) == 0 {
			t.Errorf("%s: no examples", s.Name)
		}
		for i, ex := range s.Examples {
			got, err := runExample(s, ex)
			if err != nil {
				t.Errorf("%s example %d (%s → %s): %v", s.Name, i, ex.Args, ex.Input, err)
				continue
			}
			if !sameOutput(got, ex.Output) {
				t.Errorf("%s example %d: args %s input %s: got %s, want %s", s.Name, i, ex.Args, ex.Input, got, ex.Output)
			}
		}
	}
}

// runExample applies the spec to {source:"field",target:"field",...Args} on
// {"field": Input} (record kinds: Input is the record) and renders the
// result as Example.Output does.
func runExample(s *postprocess.Spec, ex postprocess.Example) (string, error) {
	rule, err := exampleRule(ex.Args)
	if err != nil {
		return "", err
	}
	op, err := bindExample(s, rule)
	if err != nil {
		return "", err
	}
	rec, err := exampleRecord(s, ex.Input)
	if err != nil {
		return "", err
	}
	out, err := op.Run(rec)
	if err != nil {
		return "", err
	}
	return render(s, out), nil
}

func exampleRule(args string) (*record.Object, error) {
	rule := record.NewObject(4)
	rule.Set("source", "field")
	rule.Set("target", "field")
	if args == "" {
		return rule, nil
	}
	extra, err := record.ParseObject([]byte(args))
	if err != nil {
		return nil, err
	}
	for i := 0; i < extra.Len(); i++ {
		k, v := extra.At(i)
		rule.Set(k, v)
	}
	return rule, nil
}

func bindExample(s *postprocess.Spec, rule *record.Object) (*postprocess.Op, error) {
	out, has := rule.Get("output")
	return postprocess.NewOp(s, rule, "field", nil, "field", has && out == false)
}

func isRecordKind(k postprocess.Kind) bool {
	return k == postprocess.RecordValidator || k == postprocess.RecordTransform
}

func exampleRecord(s *postprocess.Spec, input string) (*record.Record, error) {
	if isRecordKind(s.Kind) {
		o, err := record.ParseObject([]byte(input))
		return record.New(o), err
	}
	v, err := record.ParseJSONString(input)
	if err != nil {
		return nil, err
	}
	o := record.NewObject(1)
	o.Set("field", v)
	return record.New(o), nil
}

func render(s *postprocess.Spec, out *record.Record) string {
	if isRecordKind(s.Kind) {
		if out == nil {
			return "null"
		}
		return record.JSON(out.Data)
	}
	if out == nil {
		return "removed"
	}
	v, ok := out.Data.Get("field")
	if !ok || v == record.Undefined {
		return "removed"
	}
	return record.JSON(v)
}

// sameOutput compares rendered JSON by value ("removed" literally).
func sameOutput(got, want string) bool {
	if got == want {
		return true
	}
	if got == "removed" || want == "removed" {
		return false
	}
	g, err1 := record.ParseJSONString(got)
	w, err2 := record.ParseJSONString(want)
	return err1 == nil && err2 == nil && record.DeepEqual(g, w)
}

// TestMarkdown checks the reference renderer: deterministic, every
// registered name present, every section a well-formed table.
func TestMarkdown(t *testing.T) {
	var a, b bytes.Buffer
	postprocess.Markdown(&a)
	postprocess.Markdown(&b)
	if a.String() != b.String() {
		t.Fatal("Markdown is not deterministic")
	}
	doc := a.String()
	for _, s := range postprocess.All() {
		if !strings.Contains(doc, "| `"+s.Name+"`") {
			t.Errorf("%s: no table row", s.Name)
		}
	}
	checkTables(t, doc)
}

// checkTables: every table row has the header's 5 cells (escaped pipes
// do not split cells).
func checkTables(t *testing.T, doc string) {
	t.Helper()
	for n, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Count(strings.ReplaceAll(line, `\|`, ""), "|") - 1
		if cells != 5 {
			t.Errorf("line %d has %d cells: %s", n+1, cells, line)
		}
	}
}

func TestMarkdownEscaping(t *testing.T) {
	probe := &postprocess.Spec{Name: "zzDocsProbe", Kind: postprocess.FieldValidator,
		Summary: "a | b\nc", Params: []postprocess.Param{{Name: "p", Type: "string", Default: "`x`", Required: true, Doc: "d|e"}},
		Examples: []postprocess.Example{{Args: `{"p":"|"}`, Input: `"a"`, Output: "removed"}},
		Build:    func(*postprocess.Args) (*postprocess.Impl, error) { return nil, nil }}
	var b bytes.Buffer
	postprocess.MarkdownSpecs(&b, []*postprocess.Spec{probe})
	want := "| `zzDocsProbe` | `p`: string = `` `x` ``, required — d\\|e | a \\| b c | `{\"p\":\"\\|\"}` → `\"a\"` ⇒ *removed* |  |"
	if !strings.Contains(b.String(), want) {
		t.Errorf("row not found:\n%s\nin\n%s", want, b.String())
	}
	checkTables(t, b.String())
}
