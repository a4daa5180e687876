package plan_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// TestSeenValuesAgreeWithPathGet: on random rule sets whose selectors test
// `_exists_:P` or another test of P alone (a term, a pattern, a range;
// first or not, alone, narrowed by the index or not) and
// whose extractions read P, a path with the same keys but the last, or
// another path (as it is, by regex, by
// start/end, then post-processed by extractions that rewrite P in the
// output record), and on random records (P missing, null, an empty or
// holey array, an object, a scalar, a top-level key that is P's whole
// text, text with escapes and non-ASCII), the run through the index, where
// extractions take the values their selectors' checks read, gives what
// the oracle gives: every selector tested as a whole, every source read
// with Path.Get, each record decoded whole.
func TestSeenValuesAgreeWithPathGet(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	paths := []string{"n.x", "n.y", "u.name.first", "u.name.last", "u.x.first", "n", "a"}
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	term := func() string { return pick([]string{"a:x", "a:1", "b:y", "n.y:x", "NOT b:x", "a:/[xy]/"}) }
	selectorOf := func(p string) string {
		ex := "_exists_:" + p
		if rng.IntN(2) == 0 { // another test of the path alone
			ex = p + pick([]string{":x", ":/[xy]/", ":y*", ":1", ":>=1", `:"x\u00e9\n\"q\""`})
		}
		switch rng.IntN(7) {
		case 0:
			return ex
		case 1:
			return ex + " AND " + term()
		case 2:
			return "(" + ex + " AND " + term() + ") AND " + term()
		case 3:
			return term() + " AND " + ex // not first: the selector reads it as it is
		case 4:
			return "a:x AND " + ex + " AND " + term() // narrowed: the rest starts with it
		case 5:
			return ex + " AND a:(x OR 1)" // narrowed: the rest is it alone
		}
		return ex + " OR " + term()
	}
	value := func() string {
		return pick([]string{`1`, `"x"`, `"y"`, `null`, `[]`, `[null]`, `["x",null]`, `{"x":"y"}`, `"x\u00e9\n\"q\""`, `true`, `""`, `[{"first":"x"}]`})
	}
	member := func(keys ...string) string {
		var b strings.Builder
		b.WriteString("{")
		for _, k := range keys {
			if rng.IntN(4) > 0 {
				fmt.Fprintf(&b, "%q:%s,", k, value())
			}
		}
		return strings.TrimSuffix(b.String(), ",") + "}"
	}
	recordOf := func() string {
		parts := []string{`"b":` + value()}
		if rng.IntN(5) > 0 {
			parts = append(parts, `"a":`+pick([]string{`"x"`, `1`, `"y"`}))
		}
		switch rng.IntN(5) {
		case 0, 1:
			parts = append(parts, `"n":`+member("x", "y"))
		case 2:
			parts = append(parts, `"n":`+value())
		case 3:
			parts = append(parts, `"n":[`+member("x", "y")+`]`)
		}
		if rng.IntN(3) > 0 {
			parts = append(parts, `"u":{"name":`+pick([]string{member("first", "last"), `null`, `[{"first":"x"}]`, `{"first":{"a":1}}`})+`}`)
		}
		if rng.IntN(6) == 0 { // a path's whole text as a key
			parts = append(parts, fmt.Sprintf("%q:%s", pick([]string{"n.x", "n.y", "u.name.last"}), value()))
		}
		rng.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
		return "{" + strings.Join(parts, ",") + "}"
	}
	extractionOf := func(sel, source string, i int) string {
		opts := ""
		switch rng.IntN(5) {
		case 0:
			opts = `, "regex": "[xy]"`
		case 1:
			opts = `, "start": "x", "end": "\""`
		case 2:
			opts = `, "output": false`
		}
		return fmt.Sprintf(`{"selector": %q, "source": %q, "target": "t%d", "tag": "g%d"%s}`+"\n", sel, source, i, i, opts)
	}
	seen, siblings := 0, 0
	for round := 0; round < 60; round++ {
		var rules strings.Builder
		for i := 0; i < 8; i++ {
			p := pick(paths)
			sel := selectorOf(p)
			source := p
			switch rng.IntN(4) {
			case 0:
				source = pick(paths)
			case 1: // a sibling: the same keys but the last
				if i := strings.LastIndexByte(p, '.'); i > 0 {
					source = p[:i+1] + pick([]string{"x", "y", "first", "last"})
				}
			}
			rules.WriteString(extractionOf(sel, source, i))
			if rng.IntN(3) == 0 { // a second extraction of the same rule set's selector
				rules.WriteString(extractionOf(sel, pick(paths), 100+i))
			}
			if rng.IntN(3) == 0 { // post-processing writes the path in the output, then reads it
				fmt.Fprintf(&rules, `{"follow": "g%d", "post_process": "extraction", "source": "t%d", "target": %q, "mutate": true, "tag": "h%d"}`+"\n", i, i, p, i)
				fmt.Fprintf(&rules, `{"follow": "h%d", "post_process": "extraction", "source": %q, "target": "r%d", "mutate": true}`+"\n", i, p, i)
			}
		}
		pl, diags := compiler.Compile([]*diag.Source{diag.NewSource("r.txt", []byte(rules.String()))}, compiler.Config{})
		if pl == nil {
			t.Fatal(diags)
		}
		v, sib := plan.SeenReads(pl)
		seen, siblings = seen+v, siblings+sib
		fast := &plan.State{KeepSelectors: true, ReuseOutput: true}
		for k := 0; k < 150; k++ {
			rec := recordOf()
			v1, err := fast.Decoder.ParseRecord(rec)
			if err != nil {
				t.Fatalf("%s: %v", rec, err)
			}
			o2, _ := record.ParseObject([]byte(rec))
			x, dx := pl.RunOne(record.New(v1.(*record.Object)), fast)
			y, dy := pl.RunOne(record.New(o2), &plan.State{KeepSelectors: true, NoIndex: true})
			if got, want := withSelectors(x, dx), withSelectors(y, dy); got != want {
				t.Fatalf("rules:\n%srecord %s:\n index  %s\n oracle %s", rules.String(), rec, got, want)
			}
		}
	}
	if seen < 50 || siblings < 50 {
		t.Fatalf("only %d extractions took their selector's value and %d read a sibling in its object: the test must reach both", seen, siblings)
	}
}

// withSelectors is outcome with the selectors the output lists.
func withSelectors(r *record.Record, d *plan.DeadLetter) string {
	if r == nil {
		return outcome(r, d)
	}
	sels, _ := r.GetMeta("selectors")
	return outcome(r, d) + " " + record.JSON(sels)
}
