package plan

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/ndjson"
	"github.com/sluice-dev/sluice/lang/selector"
	"github.com/sluice-dev/sluice/record"
)

var narrowTypes = map[string]string{"n": "integer", "ip": "ip", "d": "date"}

// selectorPlan is a Matcher-mode plan of the queries, with its index.
func selectorPlan(t testing.TB, queries []string) *Plan {
	t.Helper()
	p := &Plan{Mode: Matcher, Types: narrowTypes}
	for i, q := range queries {
		s, err := newSelector(q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		s.Rule = RuleRef{ID: i}
		p.Selectors = append(p.Selectors, s)
	}
	p.Finish()
	return p
}

func newSelector(q string) (*Selector, error) {
	opts := selector.Options{Types: narrowTypes, Variables: map[string]any{}}
	n, err := selector.Parse(q, opts)
	if err != nil {
		return nil, err
	}
	m, err := selector.Build(n, q, opts)
	if err != nil {
		return nil, err
	}
	return &Selector{Query: q, Matcher: m, AST: n}, nil
}

// TestNarrowedChecks pins what a candidate of the index still has to pass:
// nothing when the selector is the indexed term or group, the other
// conjuncts when one conjunct is exactly it, the whole selector otherwise.
func TestNarrowedChecks(t *testing.T) {
	for _, c := range []struct {
		query string
		want  string // "decided", the rest's query nodes, or "whole"
	}{
		{`a:x`, "decided"},
		{`(a:x)`, "decided"},
		{`a:(x OR y)`, "decided"},
		{`a:x OR a:y`, "decided"},
		{`a:(x OR (y OR z))`, "decided"},
		{`n:200`, "decided"},
		{`b:true`, "decided"},
		{`a.b:x`, "decided"},
		{`a:x AND b:y`, `b="y"`},
		{`b:>=3 AND a:(x OR y)`, "b:[gte 3]"},
		{`(a:x AND b:y) AND c:/z/`, `b="y" & c~regexp("z")`},
		{`a:x AND NOT a:y`, `!a="y"`},
		{`a:(x OR (y AND b:1))`, "whole"}, // a group that says more than a's values
		{`a:(x OR y) AND a:x`, `a="x"`},   // the index takes the first one's values
		{`ip:"10.0.0.1" AND a:x`, `ip="10.0.0.1"`},
		{`a:x OR b:y`, "none"}, // not indexed
		{`a:* AND b:y`, "wildcard"},
	} {
		p := selectorPlan(t, []string{c.query})
		if p.index == nil {
			if c.want != "none" {
				t.Errorf("%s: not indexed", c.query)
			}
			continue
		}
		ck := p.index.checks[0]
		got := "whole"
		switch {
		case ck.decided():
			got = "decided"
		case ck.restNode != nil:
			got = ck.restNode.String()
			if ck.m.String() != c.query {
				t.Errorf("%s: the rest's matcher reports the query %q", c.query, ck.m.String())
			}
		case ck.m != p.Selectors[0].Matcher:
			t.Errorf("%s: a whole check with another matcher", c.query)
		}
		if c.want == "wildcard" {
			continue // whatever the index makes of it, the oracle test covers it
		}
		if got != c.want {
			t.Errorf("%s: check %s, want %s", c.query, got, c.want)
		}
	}
}

// TestIndexNarrowingAgreesWithOracle: on random selectors made of terms,
// groups, ranges, regexes and negations on a few fields, and random records
// (scalars, arrays, missing fields), the index with its narrowed checks
// selects exactly what testing every whole selector selects.
func TestIndexNarrowingAgreesWithOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	fields := []string{"a", "b", "n", "o.x"}
	vals := []string{"x", "y", "1", "200", "true"}
	term := func() string {
		return fields[rng.IntN(len(fields))] + ":" + vals[rng.IntN(len(vals))]
	}
	group := func() string {
		f := fields[rng.IntN(len(fields))]
		return f + ":(" + vals[rng.IntN(len(vals))] + " OR " + vals[rng.IntN(len(vals))] + ")"
	}
	part := func() string {
		switch rng.IntN(9) {
		case 0, 1:
			return group()
		case 2:
			return "NOT " + term()
		case 3:
			return fields[rng.IntN(len(fields))] + ":>=" + fmt.Sprint(rng.IntN(300))
		case 4:
			return fields[rng.IntN(len(fields))] + ":/[xy1]/"
		case 5:
			return "(" + term() + " OR " + term() + ")"
		case 6: // alternatives that say more than a field's values
			f := fields[rng.IntN(len(fields))]
			return f + ":(" + vals[rng.IntN(len(vals))] + " OR (" + vals[rng.IntN(len(vals))] + " AND " + term() + "))"
		}
		return term()
	}
	sel := func() string {
		parts := []string{part()}
		for n := rng.IntN(4); n > 0; n-- {
			parts = append(parts, part())
		}
		if rng.IntN(4) == 0 {
			return "(" + strings.Join(parts[:len(parts)/2+1], " AND ") + ") AND " + parts[len(parts)-1]
		}
		return strings.Join(parts, " AND ")
	}
	value := func() string {
		vs := []string{`"x"`, `"y"`, `1`, `200`, `true`, `false`, `null`, `"1"`}
		switch rng.IntN(6) {
		case 0:
			return "[" + vs[rng.IntN(len(vs))] + "," + vs[rng.IntN(len(vs))] + "]"
		case 1:
			return "[]"
		}
		return vs[rng.IntN(len(vs))]
	}
	narrowed, decided := 0, 0
	for round := 0; round < 300; round++ {
		var queries []string
		for len(queries) < 10 {
			if q := sel(); validSelector(q) {
				queries = append(queries, q)
			}
		}
		p := selectorPlan(t, queries)
		if p.index != nil {
			for _, c := range p.index.checks {
				narrowed += btoi(c.restNode != nil)
				decided += btoi(c.decided())
			}
		}
		var fast, oracle State
		oracle.NoIndex = true
		for k := 0; k < 100; k++ {
			var b strings.Builder
			b.WriteString("{")
			for i, f := range []string{"a", "b", "n"} {
				if rng.IntN(5) > 0 {
					fmt.Fprintf(&b, "%q:%s,", f, value())
				}
				_ = i
			}
			fmt.Fprintf(&b, `"o":{"x":%s}}`, value())
			o1, o2 := obj(t, b.String()), obj(t, b.String())
			p.selectRecord(record.New(o1), &fast)
			p.selectRecord(record.New(o2), &oracle)
			if !slices.Equal(fast.hits, oracle.hits) {
				t.Fatalf("selectors %q\nrecord %s: index %v, oracle %v", queries, b.String(), fast.hits, oracle.hits)
			}
		}
	}
	if narrowed < 100 || decided < 100 {
		t.Fatalf("only %d narrowed and %d decided checks were made: the test must reach both", narrowed, decided)
	}
}

func validSelector(q string) bool {
	_, err := newSelector(q)
	return err == nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestNarrowingAWideGroup: a selector of 50,000 alternatives on one field
// is decided by the index, and finding so takes linear time (comparing the
// value lists pairwise took 30 s; the whole index is built in milliseconds).
func TestNarrowingAWideGroup(t *testing.T) {
	var b strings.Builder
	b.WriteString("a:(")
	for i := 0; i < 50000; i++ {
		if i > 0 {
			b.WriteString(" OR ")
		}
		fmt.Fprintf(&b, "v%d", i)
	}
	b.WriteString(")")
	p := selectorPlan(t, []string{b.String(), b.String() + " AND b:x"})
	start := time.Now()
	p.BuildIndex()
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("building the index took %v", d)
	}
	if !p.index.checks[0].decided() || p.index.checks[1].restNode == nil {
		t.Fatalf("checks %+v", p.index.checks)
	}
	var st State
	if !p.selectRecord(record.New(obj(t, `{"a":"v49999","b":"x"}`)), &st) || !slices.Equal(st.hits, []int{0, 1}) {
		t.Fatalf("hits %v", st.hits)
	}
}

// selectorCase is a line of the selector's conformance cases (the
// reference's own expectations, lang/selector/testdata).
type selectorCase struct {
	Query  string            `json:"query"`
	Types  map[string]string `json:"types"`
	Vars   map[string]any    `json:"vars"`
	Record json.RawMessage   `json:"record"`
	Match  *bool             `json:"match"`
}

// TestIndexNarrowingOnConformanceCases: every conformance case's selector,
// alone in a plan, selects its record through the index (narrowed or not)
// exactly as the whole selector does.
func TestIndexNarrowingOnConformanceCases(t *testing.T) {
	cases, err := ndjson.Read[selectorCase]("../lang/selector/testdata/cases.ndjson", nil)
	if err != nil {
		t.Fatal(err)
	}
	indexed := 0
	for _, c := range cases {
		if c.Match == nil || len(c.Record) == 0 || c.Record[0] != '{' {
			continue
		}
		opts := selector.Options{Types: c.Types, Variables: c.Vars}
		if opts.Variables == nil {
			opts.Variables = map[string]any{}
		}
		n, err := selector.Parse(c.Query, opts)
		if err != nil {
			continue
		}
		m, err := selector.Build(n, c.Query, opts)
		if err != nil {
			continue
		}
		p := &Plan{Mode: Matcher, Types: c.Types, Selectors: []*Selector{{Query: c.Query, Matcher: m, AST: n}}}
		p.Finish()
		if p.index == nil {
			continue
		}
		indexed++
		var fast, oracle State
		oracle.NoIndex = true
		got := p.selectRecord(record.New(obj(t, string(c.Record))), &fast)
		want := p.selectRecord(record.New(obj(t, string(c.Record))), &oracle)
		if got != want {
			t.Errorf("%s on %s: index %v, whole selector %v", c.Query, c.Record, got, want)
		}
	}
	if indexed < 100 {
		t.Fatalf("only %d cases were indexed", indexed)
	}
}
