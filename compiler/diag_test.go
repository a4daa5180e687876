package compiler

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/lang/diag"
)

// TestDiagnostics: every problem of a file is reported in one run, at the
// exact file:line:col — inside selector strings too, with JSON escapes
// accounted for.
func TestDiagnostics(t *testing.T) {
	text := strings.Join([]string{
		`# a comment`,
		`{"selector": "a:1 b:2 c:3", "source": "x", "target": "y"}`,
		`{"selector": "q:\"\u00e9\" AND (x", "source": "x", "target": "y"}`,
		`{"selector": "ok:1", "source": "x", "target": "z", "tag": "t"}`,
		`{"follow": "tt", "validation": "email"}`,
		`{"follow": "t", "post_process": "lowercse"}`,
		`{"follow": "t", "validation": "alpha"}`,
		`{"selector": "ok:1", "post_process": "trim"}`,
		`{"selector": "ok:1", "source": "x", "target": "w", "regex": "(unclosed"}`,
		`{"selector": "ok:1" "source": "x"}`,
		`bare:selector AND (`,
		`{"selector": "d:[1 TO *]", "source": "d", "target": "d"}`,
	}, "\n") + "\n"
	src := diag.NewSource("rules.txt", []byte(text))
	p, diags := Compile([]*diag.Source{src}, Config{Types: map[string]string{"d": "ip"}})
	if p != nil {
		t.Fatal("expected errors")
	}
	want := []string{
		"rules.txt:2:23: SEL001",  // at "c": a third juxtaposed term is a syntax error
		"rules.txt:3:34: SEL001",  // end of input inside the group: after the escaped quote and \u00e9
		"rules.txt:5:12: RUL006",  // unknown tag tt (did you mean t)
		"rules.txt:5:32: RUL104",  // info: email is deprecated
		"rules.txt:6:33: RUL008",  // unknown operation lowercse
		"rules.txt:7:17: RUL011",  // alpha without a locale
		"rules.txt:7:31: RUL104",  // info: alpha is deprecated
		"rules.txt:8:22: RUL005",  // post_process on a rule without follow
		"rules.txt:9:61: RUL014",  // invalid regex
		"rules.txt:10:21: RUL002", // JSON: missing comma
		"rules.txt:11:20: SEL001", // bare selector line, unclosed group
		"rules.txt:12:15: SEL001", // ip with a * bound
	}
	var got []string
	for _, d := range diags.Items {
		got = append(got, d.Span.String()+": "+d.Code)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		var b bytes.Buffer
		diag.Render(&b, diags)
		t.Errorf("got:\n%s\nwant:\n%s\nrendered:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), b.String())
	}
}

func TestStringOffsetEscapes(t *testing.T) {
	text := []byte(`"a\"\u00e9\n\ud83d\ude00x"`)
	// decoded: a " é(2 bytes) \n 😀(4 bytes) x
	cases := map[int]int{0: 1, 1: 2, 2: 4, 4: 10, 5: 12, 9: 24}
	for decoded, want := range cases {
		if got := stringOffset(text, 0, decoded); got != want {
			t.Errorf("stringOffset(%d) = %d, want %d", decoded, got, want)
		}
	}
}

// TestCycles: every tag/follow cycle is one RUL007 at the follow of its
// first rule, the cycle's other rules related in order; rules that only
// share followers (a diamond) are no cycle.
func TestCycles(t *testing.T) {
	text := strings.Join([]string{
		`{"selector": "a:1", "source": "x", "target": "x", "tag": "s"}`,
		`{"follow": "s", "post_process": "trim", "tag": "d1"}`,          // diamond: s -> d1, d2 -> d3
		`{"follow": "s", "post_process": "trim", "tag": "d2"}`,          //
		`{"follow": "d1", "post_process": "trim", "tags": ["d3"]}`,      //
		`{"follow": "d2", "post_process": "trim", "tags": ["d3"]}`,      //
		`{"follow": "self", "post_process": "trim", "tag": "self"}`,     // self-loop
		`{"follow": "p", "post_process": "trim", "tag": "q"}`,           // p <-> q
		`{"follow": "q", "post_process": "trim", "tag": "p"}`,           //
		`{"follow": "k", "post_process": "trim", "tag": "l"}`,           // k -> l -> m -> k
		`{"follow": "l", "post_process": "trim", "tag": "m"}`,           //
		`{"follow": "m", "post_process": "trim", "tags": ["k", "out"]}`, //
		`{"follow": "d3", "post_process": "trim"}`,
		`{"follow": "out", "post_process": "trim"}`,
	}, "\n") + "\n"
	_, diags := Compile([]*diag.Source{diag.NewSource("rules.txt", []byte(text))}, Config{})
	var got []string
	for _, d := range diags.Items {
		if d.Code != CodeCycle {
			continue
		}
		s := d.Span.String()
		for _, r := range d.Related {
			s += " <- " + r.Span.String()
		}
		got = append(got, s)
	}
	want := []string{
		"rules.txt:6:12",
		"rules.txt:7:12 <- rules.txt:8:12",
		"rules.txt:9:12 <- rules.txt:10:12 <- rules.txt:11:12",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		var b bytes.Buffer
		diag.Render(&b, diags)
		t.Errorf("got:\n%s\nwant:\n%s\nrendered:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), b.String())
	}
}
