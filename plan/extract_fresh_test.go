package plan_test

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

func compileRules(t *testing.T, rules string) *plan.Plan {
	t.Helper()
	p, diags := compiler.Compile([]*diag.Source{diag.NewSource("r.txt", []byte(rules))}, compiler.Config{})
	if p == nil {
		t.Fatalf("rules:\n%s%v", rules, diags)
	}
	return p
}

// A target is fresh (appended to the output without looking for it) only
// when no other extraction of the selectors writes it: not when two rules
// name it, nor when a nested target starts with it or is its text.
func TestFreshTargets(t *testing.T) {
	cases := []struct {
		rules string
		fresh []string
	}{
		{`{"selector": "a:1", "source": "a", "target": "t"}
{"selector": "a:1", "source": "b", "target": "u"}
{"selector": "b:1", "source": "b", "target": "v"}
{"source": "id", "target": "id", "other_match_required": true}`, []string{"t", "u", "v", "id"}},
		{`{"selector": "a:1", "source": "a", "target": "t"}
{"selector": "b:1", "source": "b", "target": "t"}
{"selector": "b:1", "source": "b", "target": "u"}`, []string{"u"}},
		{`{"selector": "a:1", "source": "a", "target": "t"}
{"selector": "a:1", "source": "url", "start": "q=", "end": "EOP", "target": "t"}`, nil},
		{`{"selector": "a:1", "source": "a", "target": "t"}
{"selector": "b:1", "source": "b", "target": "t.x"}
{"selector": "b:1", "source": "b", "target": "u"}`, []string{"u"}},
		{`{"selector": "a:1", "source": "a", "target": "t.x"}
{"selector": "b:1", "source": "b", "target": "[\"t.x\"]"}`, nil},
	}
	for _, c := range cases {
		p := compileRules(t, c.rules+"\n")
		if got := plan.FreshTargets(p); !slices.Equal(got, c.fresh) {
			t.Errorf("rules:\n%s\nfresh %q, want %q", c.rules, got, c.fresh)
		}
	}
}

// On random rule sets whose targets often collide (the same key, a
// nested path through it, its dotted text as one key), some of them
// output:false and some followed by steps that remove, move or add keys,
// and random records, a plan that appends its fresh targets and removes
// its output:false keys from where they were appended outputs exactly
// what the same plan outputs looking for every key first; and so does a
// join reading its output:false fields where they were appended.
func TestFreshTargetsAgreeWithSet(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	targets := []string{"t", "u", "v", "w", "t.x", `[\"t.x\"]`, "u[0]", "x", "y", "z"}
	selectors := []string{"a:1", "a:2", "b:x", "NOT a:1", "*", "_exists_:b", "b:/x.*/"}
	extraction := func(target string) string {
		switch rng.Intn(5) {
		case 0:
			return fmt.Sprintf(`"source": "b", "start": "q=", "end": "EOP", "target": "%s"`, target)
		case 1:
			return fmt.Sprintf(`"source": "b", "regex": "[a-z]+", "target": "%s"`, target)
		case 3: // a group that may not take part: undefined, not set
			return fmt.Sprintf(`"source": "b", "regex": "(y)?[a-z]+", "target": "%s"`, target)
		case 2:
			return fmt.Sprintf(`"source": "n", "target": "%s"`, target)
		}
		return fmt.Sprintf(`"source": "a", "target": "%s"`, target)
	}
	step := func(i int, target string) string {
		switch rng.Intn(5) {
		case 0: // removes the target when it is not a number
			return fmt.Sprintf(`{"follow": "g%d", "validation": "isNumber"}`+"\n", i)
		case 1: // adds a key
			return fmt.Sprintf(`{"follow": "g%d", "post_process": "join", "fields": ["%s", "f1"], "delimiter": "-", "target": "%s"}`+"\n",
				i, target, targets[rng.Intn(len(targets))])
		case 2: // writes another key's value anew
			return fmt.Sprintf(`{"follow": "g%d", "post_process": "toUpperCase", "target": "f%d"}`+"\n", i, rng.Intn(8)+1)
		}
		return ""
	}
	values := []string{`1`, `2`, `"x?q=1"`, `"xq=yy&z"`, `null`, `{"k":[1,{"m":2}]}`, `[1,"q=2"]`}
	fresh, noted := 0, 0
	for round := 0; round < 100; round++ {
		var rules strings.Builder
		for i := rng.Intn(8) + 1; i > 0; i-- {
			target := targets[rng.Intn(len(targets))]
			if rng.Intn(2) == 0 {
				target = fmt.Sprintf("f%d", i) // one of its own
			}
			more := ""
			if rng.Intn(3) == 0 {
				more = `, "output": false`
			}
			fmt.Fprintf(&rules, `{"selector": "%s", %s, "tag": "g%d"%s}`+"\n", selectors[rng.Intn(len(selectors))], extraction(target), i, more)
			rules.WriteString(step(i, target))
		}
		fast, slow := compileRules(t, rules.String()), compileRules(t, rules.String())
		plan.WithoutFreshTargets(slow)
		fresh += len(plan.FreshTargets(fast))
		noted += plan.NotedJoinFields(fast)
		fst, sst := &plan.State{ReuseOutput: true}, &plan.State{}
		for k := 0; k < 50; k++ {
			rec := fmt.Sprintf(`{"a":%s,"b":%s,"n":%s}`, values[rng.Intn(len(values))], values[rng.Intn(len(values))], values[rng.Intn(len(values))])
			// the fast side decodes as rulec run does, into memory it
			// recycles (here after every record)
			v, err := fst.Decoder.ParseRecord(rec)
			if err != nil {
				t.Fatal(err)
			}
			x, dx := fast.RunOne(record.New(v.(*record.Object)), fst)
			got := outJSON(x)
			fst.Recycle()
			y, dy := slow.RunOne(record.New(parse(t, rec)), sst)
			if got != outJSON(y) || (dx == nil) != (dy == nil) {
				t.Fatalf("rules:\n%srecord %s: fresh targets appended %s, looked for %s", rules.String(), rec, got, outJSON(y))
			}
		}
	}
	if fresh == 0 || noted == 0 {
		t.Fatalf("%d fresh targets, %d join fields read where noted: the rule sets test neither way", fresh, noted)
	}
}

func parse(t *testing.T, s string) *record.Object {
	t.Helper()
	o, err := record.ParseObject([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return o
}

func outJSON(r *record.Record) string {
	if r == nil {
		return "no output"
	}
	return record.JSON(r.Data)
}

// More output:false keys than positions can be noted for: all of them are
// still removed.
func TestManyOutputFalseKeys(t *testing.T) {
	var rules, rec strings.Builder
	rec.WriteString(`{"keep":1`)
	for i := 0; i < 12; i++ {
		fmt.Fprintf(&rules, `{"selector": "keep:1", "source": "s%d", "target": "h%d", "output": false}`+"\n", i, i)
		fmt.Fprintf(&rec, `,"s%d":%d`, i, i)
	}
	rules.WriteString(`{"selector": "keep:1", "source": "keep", "target": "kept"}` + "\n")
	rec.WriteString("}")
	p := compileRules(t, rules.String())
	out, _ := p.RunOne(record.New(parse(t, rec.String())), &plan.State{ReuseOutput: true})
	if got := outJSON(out); got != `{"kept":1}` {
		t.Fatalf("output %s", got)
	}
}
