package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// A rule test file is a txtar-style archive of sections:
//
//	-- rules --     rule lines (required)
//	-- types --     type_config JSON object (optional)
//	-- variables -- variables JSON object (optional)
//	-- mode --      "transform" (default) or "matcher" (optional)
//	-- input --     NDJSON records (required)
//	-- output --    the expected NDJSON records, in order (required)
//
// Text before the first section is a comment.
type ruleTest struct {
	name     string
	sections map[string][]byte
	lines    map[string]int // first line of each section's body
}

func parseRuleTest(name string, data []byte) (*ruleTest, error) {
	t := &ruleTest{name: name, sections: map[string][]byte{}, lines: map[string]int{}}
	cur := ""
	for i, line := range strings.SplitAfter(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") && len(trimmed) > 6 {
			cur = strings.TrimSpace(trimmed[3 : len(trimmed)-3])
			t.lines[cur] = i + 2
			t.sections[cur] = []byte{}
			continue
		}
		if cur != "" {
			t.sections[cur] = append(t.sections[cur], line...)
		}
	}
	for _, s := range []string{"rules", "input", "output"} {
		if _, ok := t.sections[s]; !ok {
			return nil, fmt.Errorf("%s: missing section -- %s --", name, s)
		}
	}
	return t, nil
}

// testCmd: rulec test FILES...
func testCmd(args []string, env Env) error {
	if len(args) == 0 {
		return UsageErr("test needs test files (see rulec test --help)")
	}
	if args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(env.Stdout, "usage: rulec test FILES...\n\nEach file holds sections: -- rules --, -- input --, -- output -- and optionally -- types --, -- variables --, -- mode --.")
		return nil
	}
	failed := 0
	for _, f := range args {
		if err := runRuleTest(f, env); err != nil {
			failed++
			fmt.Fprintf(env.Stdout, "FAIL %s\n%v\n", f, err)
			continue
		}
		fmt.Fprintf(env.Stdout, "ok   %s\n", f)
	}
	fmt.Fprintf(env.Stdout, "%d passed, %d failed\n", len(args)-failed, failed)
	if failed > 0 {
		return &Error{Code: ExitRules}
	}
	return nil
}

func runRuleTest(path string, env Env) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	t, err := parseRuleTest(path, data)
	if err != nil {
		return err
	}
	cfg, err := t.config()
	if err != nil {
		return err
	}
	src := diag.NewSource(path+"#rules", t.sections["rules"])
	p, diags := compiler.Compile([]*diag.Source{src}, cfg)
	if p == nil {
		var b bytes.Buffer
		diag.Render(&b, diags)
		return fmt.Errorf("%s", b.String())
	}
	got, err := t.run(p)
	if err != nil {
		return err
	}
	return t.compare(got)
}

func (t *ruleTest) config() (compiler.Config, error) {
	var cfg compiler.Config
	if b := bytes.TrimSpace(t.sections["types"]); len(b) > 0 {
		if err := json.Unmarshal(b, &cfg.Types); err != nil {
			return cfg, fmt.Errorf("%s: types: %v", t.name, err)
		}
	}
	if b := bytes.TrimSpace(t.sections["variables"]); len(b) > 0 {
		if err := json.Unmarshal(b, &cfg.Variables); err != nil {
			return cfg, fmt.Errorf("%s: variables: %v", t.name, err)
		}
	}
	switch m := strings.TrimSpace(string(t.sections["mode"])); m {
	case "", "transform":
	case "matcher":
		cfg.Mode = plan.Matcher
	default:
		return cfg, fmt.Errorf("%s: mode must be transform or matcher, got %q", t.name, m)
	}
	return cfg, nil
}

func (t *ruleTest) run(p *plan.Plan) ([]string, error) {
	var got []string
	var st plan.State
	for i, line := range strings.Split(string(t.sections["input"]), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		o, err := record.ParseObject([]byte(line))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: input: %v", t.name, t.lines["input"]+i, err)
		}
		out, dl := p.RunOne(record.New(o), &st)
		if dl != nil {
			got = append(got, "dead letter: "+record.JSON(dl.Reason()))
		}
		if out != nil {
			got = append(got, record.JSON(out.Data))
		}
	}
	return got, nil
}

// compare checks the outputs against the expected records as JSON values
// (key order ignored), in order.
func (t *ruleTest) compare(got []string) error {
	var want []string
	for _, line := range strings.Split(string(t.sections["output"]), "\n") {
		if line = strings.TrimSpace(line); line != "" && line[0] != '#' {
			want = append(want, line)
		}
	}
	var diffs []string
	for i := 0; i < len(got) || i < len(want); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if !sameJSON(g, w) {
			diffs = append(diffs, fmt.Sprintf("  record %d:\n    got:  %s\n    want: %s", i+1, orNone(g), orNone(w)))
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("%s", strings.Join(diffs, "\n"))
	}
	return nil
}

func orNone(s string) string {
	if s == "" {
		return "(nothing)"
	}
	return s
}

func sameJSON(a, b string) bool {
	if a == b {
		return true
	}
	va, errA := record.ParseJSONString(a)
	vb, errB := record.ParseJSONString(b)
	return errA == nil && errB == nil && record.DeepEqual(va, vb)
}
