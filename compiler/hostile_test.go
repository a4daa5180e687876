package compiler

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/sluice-dev/sluice/internal/cputime"
	"github.com/sluice-dev/sluice/lang/diag"
)

// TestRuleKeyDiagnostics: keys of the wrong JSON type, misspelled keys and
// unusable field paths are reported where they are written.
func TestRuleKeyDiagnostics(t *testing.T) {
	cases := []struct {
		rule string
		want string // "line:col: CODE severity" of every diagnostic, ";"-joined
	}{
		{`{"selector": "a:1", "source": "x", "target": "y", "start": 123, "end": "&"}`, "1:60: RUL013 error"},
		{`{"selector": "a:1", "source": "x", "target": "y", "start": "=", "end": ["&"]}`, "1:72: RUL013 error"},
		{`{"selector": "a:1", "source": "x", "target": "y", "output": "false"}`, "1:61: RUL013 warning"},
		{`{"selector": "a:1", "source": "x", "target": "y", "multivalue": "no"}`, "1:65: RUL013 warning"},
		{`{"selectr": "a:1", "source": "x", "target": "y"}`, "1:2: RUL110 warning"},
		{`{"selector": "a:1", "source": "x", "target": "y", "mutat": true}`, "1:51: RUL110 warning"},
		{`{"selector": "a:1", "source": "x", "target": "y", "whatever_this_is": true}`, ""},
		{`{"selector": "a:1", "source": "[", "target": "y"}`, "1:32: RUL017 error"},
		{`{"selector": "a:1", "source": "x", "target": "[["}`, "1:47: RUL017 error"},
		{`{"selector": "a:1", "source": "x", "target": "x[1000000000]"}`, "1:49: RUL017 error"},
		{`{"selector": "a:1", "source": "x", "target": "x[-1]"}`, "1:49: RUL017 error"},
		{`{"selector": "a:1", "source": "x", "target": "x[0"}`, "1:48: RUL017 error"},
		{`{"selector": "a:1", "source": "x", "target": "x[65535]"}`, ""},
		{`{"selector": "a:1", "source": "x", "target": "y", "tag": "t"}` + "\n" +
			`{"follow": "t", "post_process": "join", "fields": ["a", "b]"], "target": "j"}`, "2:51: RUL017 error"},
	}
	for _, c := range cases {
		src := diag.NewSource("r.txt", []byte(c.rule+"\n"))
		_, diags := Compile([]*diag.Source{src}, Config{})
		var got []string
		for _, d := range diags.Items {
			if d.Severity == diag.Info {
				continue
			}
			p := d.Span.Pos()
			got = append(got, fmt.Sprintf("%d:%d: %s %s", p.Line, p.Col, d.Code, d.Severity))
		}
		if g := strings.Join(got, ";"); g != c.want {
			var b bytes.Buffer
			diag.Render(&b, diags)
			t.Errorf("%s\n got %q want %q\n%s", c.rule, g, c.want, b.String())
		}
	}
}

func TestMisspelledKeySuggestion(t *testing.T) {
	src := diag.NewSource("r.txt", []byte(`{"selectr": "a:1", "source": "x", "target": "y"}`+"\n"))
	_, diags := Compile([]*diag.Source{src}, Config{})
	var b bytes.Buffer
	diag.Render(&b, diags)
	if !strings.Contains(b.String(), `did you mean "selector"?`) {
		t.Errorf("no suggestion:\n%s", b.String())
	}
}

// Loading and expanding many rules costs time linear in their number: a
// follow is matched through an index, each line is parsed in place.
func TestManyRulesCompileLinearly(t *testing.T) {
	elapsed := func(n int) time.Duration {
		text := manyRules(n)
		return cputime.Best(3, func() {
			p, diags := Compile([]*diag.Source{diag.NewSource("r.txt", text)}, Config{})
			if p == nil {
				t.Fatalf("%d rules: %v", n, diags.Items[0])
			}
		})
	}
	small, big := elapsed(1000), elapsed(5000)
	if big > 15*small+100*time.Millisecond { // quadratic: 25x (CPU time: a loaded machine does not fail it)
		t.Errorf("5x the rules took %v vs %v", big, small)
	}
}

// manyRules is n extraction rules, every other one followed by a
// post-process rule.
func manyRules(n int) []byte {
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `{"selector": "host:example%d.com", "source": "f%d", "target": "t%d", "tag": "tag%d"}`+"\n", i, i, i, i)
	}
	for i := 0; i < n; i += 2 {
		fmt.Fprintf(&b, `{"follow": "tag%d", "post_process": "decodeBase64", "source": "t%d", "target": "u%d"}`+"\n", i, i, i)
	}
	return b.Bytes()
}

// A rule file is read up to MaxRuleFile: /dev/zero or a huge data file
// named by mistake is an error, not unbounded memory.
func TestRuleFileSizeIsBounded(t *testing.T) {
	fsys := fstest.MapFS{"small.txt": {Data: []byte("a:1\n")}, "big.txt": {Data: bytes.Repeat([]byte("a:1\n"), 10)}}
	if b, err := readLimited(fsys, "small.txt", 39); err != nil || string(b) != "a:1\n" {
		t.Errorf("small: %q %v", b, err)
	}
	if _, err := readLimited(fsys, "big.txt", 39); err == nil {
		t.Error("a file over the limit was read")
	}
	if _, err := readLimited(fsys, "big.txt", 40); err != nil {
		t.Errorf("a file at the limit: %v", err)
	}
}
