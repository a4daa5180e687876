package jsre

import (
	"bufio"
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// TestLinearEngineAgreesWithJavaScript checks the first match of random
// patterns (with and without the i flag) on random inputs against what
// node's RegExp exec returned (testdata/gen-js-exec.mjs). It covers the
// translation to RE2 and every fast path; patterns left to regexp2 are
// skipped.
func TestLinearEngineAgreesWithJavaScript(t *testing.T) {
	f, err := os.Open("testdata/js-exec.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	checked := 0
	for sc.Scan() {
		var c struct {
			pattern, flags, input string
			want                  []*string
		}
		if err := json.Unmarshal(sc.Bytes(), &[]any{&c.pattern, &c.flags, &c.input, &c.want}); err != nil {
			t.Fatal(err)
		}
		r, err := Compile(c.pattern, c.flags)
		if err != nil {
			t.Errorf("/%s/%s: %v", c.pattern, c.flags, err)
			continue
		}
		if !r.Linear() {
			continue
		}
		checked++
		ms, _ := r.FindAll(c.input, 1)
		var got []*string
		if len(ms) == 1 {
			for _, g := range ms[0].Groups {
				got = append(got, groupText(g))
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("/%s/%s on %q: %s, JavaScript %s", c.pattern, c.flags, c.input, show(got), show(c.want))
		}
	}
	if checked < 1000 {
		t.Errorf("only %d cases ran on the linear engine", checked)
	}
}

func groupText(g Group) *string {
	if !g.OK {
		return nil
	}
	return &g.Text
}

func show(gs []*string) string {
	b, _ := json.Marshal(gs)
	return string(b)
}
