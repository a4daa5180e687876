package lint_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
)

// lintCase is a rule file and the warnings it must produce, as
// "line:col CODE message-prefix" (nil: none).
type lintCase struct {
	name  string
	rules []string
	want  []string
}

var lintCases = []lintCase{
	{"two values", []string{`{"selector": "a:1 AND a:2", "source": "b", "target": "c"}`},
		[]string{"1:14 RUL103 selector can never match: a=1 and a=2 ask one field for two values"}},
	{"field group", []string{`{"selector": "a:(x AND y)", "source": "b", "target": "c"}`},
		[]string{`1:14 RUL103 selector can never match: a="x" and a="y"`}},
	{"ranges", []string{`{"selector": "a:>5 AND a:<3", "source": "b", "target": "c"}`},
		[]string{"1:14 RUL103 selector can never match: the ranges on a do not overlap: nothing lies in (5, 3)"}},
	{"touching open ranges", []string{`{"selector": "a:[1 TO 5} AND a:[5 TO 9]", "source": "b", "target": "c"}`},
		[]string{"1:14 RUL103 selector can never match: the ranges on a do not overlap: nothing lies in [5, 5)"}},
	{"term outside range", []string{`{"selector": "a:10 AND a:<3", "source": "b", "target": "c"}`},
		[]string{"1:14 RUL103 selector can never match: a=10 lies outside the range"}},
	{"exists and not", []string{`{"selector": "_exists_:a AND NOT _exists_:a", "source": "b", "target": "c"}`},
		[]string{"1:14 RUL103 selector can never match: exists(a) needs a, which NOT exists(a) excludes"}},
	{"term and its negation", []string{`{"selector": "a:1 AND NOT a:1", "source": "b", "target": "c"}`},
		[]string{"1:14 RUL103 selector can never match: a=1 and NOT a=1"}},
	{"every branch", []string{`a:1 AND a:2 OR b:1 AND b:2`, `{"selector": "*", "source": "b", "target": "c"}`},
		[]string{"1:1 RUL103 selector can never match: a=1 and a=2"}},
	{"satisfiable selectors", []string{
		`{"selector": "a:1 OR a:2", "source": "b", "target": "c"}`,
		`{"selector": "a:>3 AND a:<5", "source": "b", "target": "d"}`,
		`{"selector": "a:1 AND b:2", "source": "b", "target": "e"}`,
		`{"selector": "NOT a:1 AND a:2", "source": "b", "target": "f"}`,
		`{"selector": "a:1 AND a:1", "source": "b", "target": "g"}`,
		`{"selector": "(a:1 AND a:2) OR b:1", "source": "b", "target": "h"}`,
		`{"selector": "a:4 AND a:[1 TO 5]", "source": "b", "target": "i"}`,
		`{"selector": "a:1 AND a:\"1\"", "source": "b", "target": "j"}`,
	}, nil},
	{"duplicate", []string{`{"selector": "a:1", "source": "b", "target": "c"}`, `{"target": "c", "selector": "a:1", "source": "b"}`},
		[]string{"2:1 RUL105 this rule is identical to an earlier one"}},
	{"duplicate spelled differently", []string{`{"selector": "a:1", "source": "b", "target": "c"}`, `{"source": "\u0062", "selector": "a:1", "target": "c"}`},
		[]string{"2:1 RUL105 this rule is identical to an earlier one"}},
	{"duplicates of one rule", []string{`{"selector": "a:1", "source": "b", "target": "c"}`, `{"selector": "a:2", "source": "b", "target": "c"}`,
		`{"selector": "a:1", "source": "b", "target": "c"}`, `{"target": "c", "source": "b", "selector": "a:1"}`},
		[]string{"3:1 RUL105 this rule is identical to an earlier one", "4:1 RUL105 this rule is identical to an earlier one"}},
	{"duplicate with nested values", []string{
		`{"selector": "a:1", "source": "b", "target": "c", "tags": ["x", "y"]}`,
		`{"tags": ["x", "y"], "selector": "a:1", "source": "b", "target": "c"}`,
		`{"selector": "a:1", "source": "b", "target": "c", "tags": ["y", "x"]}`,
		`{"follow": "x", "post_process": "trim"}`, `{"follow": "y", "post_process": "trim"}`},
		[]string{"2:1 RUL105 this rule is identical to an earlier one"}},
	{"different target is no duplicate", []string{`{"selector": "a:1", "source": "b", "target": "c"}`, `{"selector": "a:1", "source": "b", "target": "d"}`}, nil},
	{"unfollowed tag", []string{`{"selector": "a:1", "source": "b", "target": "c", "tags": ["x", "y"]}`, `{"follow": "x", "post_process": "trim"}`},
		[]string{`1:59 RUL106 no rule follows the tag "y"`}},
	{"inert rule", []string{`{"selector": "a:1", "source": "b", "target": "c"}`, `{"follow": "z"}`},
		[]string{`2:1 RUL102 this rule does nothing: it follows "z"`}},
	{"removed and unused", []string{`{"selector": "a:1", "source": "b", "target": "c", "output": false}`, `{"selector": "a:1", "source": "d", "target": "e"}`},
		[]string{"1:51 RUL107 this rule's result is removed from the output and no rule follows it"}},
	{"removed but followed", []string{
		`{"selector": "a:1", "source": "b", "target": "c", "output": false, "tag": "t"}`,
		`{"follow": "t", "post_process": "toUpperCase", "target": "d"}`,
	}, nil},
	{"constant validation", []string{
		`{"selector": "a:1", "source": "b", "target": "c", "tag": "raw"}`,
		`{"follow": "raw", "post_process": "toNumber", "tag": "n"}`,
		`{"follow": "n", "validation": "isNumber"}`,
	}, []string{"3:31 RUL108 isNumber is constant here: toNumber always produces values it accepts"}},
	{"validation on another field", []string{
		`{"selector": "a:1", "source": "b", "target": "c", "tag": "raw"}`,
		`{"follow": "raw", "post_process": "toNumber", "target": "n", "tag": "n"}`,
		`{"follow": "n", "validation": "isNumber", "source": "c"}`,
	}, nil},
	{"validation that can fail", []string{
		`{"selector": "a:1", "source": "b", "target": "c", "tag": "raw"}`,
		`{"follow": "raw", "post_process": "trim", "tag": "n"}`,
		`{"follow": "n", "validation": "isNumber"}`,
	}, nil},
	{"requirement never met", []string{`{"selector": "a:1", "source": "b", "target": "c", "other_match_required": true}`, `{"selector": "a:2", "source": "b", "target": "d", "other_match_required": true}`},
		[]string{"1:51 RUL109 other_match_required can never be met", "2:51 RUL109 other_match_required can never be met"}},
	{"requirement met by another field", []string{`{"selector": "a:1", "source": "b", "target": "c", "other_match_required": true}`, `{"selector": "a:2", "source": "b", "target": "d"}`}, nil},
}

func TestLint(t *testing.T) {
	for _, c := range lintCases {
		t.Run(c.name, func(t *testing.T) {
			src := diag.NewSource("r.txt", []byte(strings.Join(c.rules, "\n")+"\n"))
			p, diags := compiler.Compile([]*diag.Source{src}, compiler.Config{})
			if p == nil {
				t.Fatalf("does not compile:\n%s", diags.Error())
			}
			got := lintWarnings(diags)
			if len(got) != len(c.want) {
				t.Fatalf("got %d warnings, want %d:\n%s", len(got), len(c.want), strings.Join(got, "\n"))
			}
			for i, w := range c.want {
				if !strings.HasPrefix(got[i], w) {
					t.Errorf("warning %d:\n got  %s\n want %s...", i, got[i], w)
				}
			}
		})
	}
}

// lintWarnings renders the analysis warnings (RUL102, RUL103, RUL105 and
// up) as "line:col CODE message".
func lintWarnings(l *diag.List) []string {
	var out []string
	for _, d := range l.Items {
		if d.Code == "RUL101" || d.Code == "RUL104" {
			continue
		}
		p := d.Span.Pos()
		out = append(out, strings.Join([]string{strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col), d.Code, d.Msg}, " "))
	}
	return out
}
