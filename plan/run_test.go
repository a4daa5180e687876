package plan

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/record"
)

// TestRequirementsMetByCount pins the count of required names present
// against the definition (some key is required and some key is not), on
// random objects and requirement lists with repeated fields, for a
// finished plan and for one built by hand.
func TestRequirementsMetByCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	keys := []string{"a", "b", "c", "d", "a.b", ""}
	for i := 0; i < 3000; i++ {
		o := record.NewObject(0)
		for _, k := range keys {
			if rng.IntN(3) == 0 {
				o.Set(k, float64(i))
			}
		}
		var req []Requirement
		for n := rng.IntN(4); n > 0; n-- {
			req = append(req, Requirement{Field: keys[rng.IntN(len(keys))]})
		}
		want := requirementsByDefinition(o, req)
		hand := &Plan{Require: req}
		finished := &Plan{Require: req}
		finished.Finish()
		if got := hand.requirementsMet(o); got != want {
			t.Fatalf("hand-built plan, %v on %s: got %v, want %v", req, record.JSON(o), got, want)
		}
		if got := finished.requirementsMet(o); got != want {
			t.Fatalf("finished plan, %v on %s: got %v, want %v", req, record.JSON(o), got, want)
		}
	}
}

func requirementsByDefinition(o *record.Object, req []Requirement) bool {
	required, other := false, false
	for _, k := range o.Keys() {
		isReq := false
		for _, q := range req {
			isReq = isReq || q.Field == k
		}
		required = required || isReq
		other = other || !isReq
	}
	return !required || other
}

// A dead letter's message is bounded where it is made (a regex timeout
// quotes its whole input), cut on a character boundary, saying how much
// was left out.
func TestDeadLetterMessageIsBounded(t *testing.T) {
	long := strings.Repeat("é", 3000) // after "x", the cut at 1,000 bytes would split an é: it goes whole
	d := dead(nil, RuleRef{}, CodeOperation, errors.New("x"+long))
	if !utf8.ValidString(d.Message) || d.Message != "x"+long[:998]+"... (5002 more bytes)" {
		t.Errorf("message of %d bytes, valid %v, ends %q", len(d.Message), utf8.ValidString(d.Message), d.Message[len(d.Message)-30:])
	}
	// what comes before the cut is kept as it is, invalid bytes included
	// (the JSON writer of the dead-letter output replaces them)
	odd := "\xff" + strings.Repeat("a", 2000)
	if m := dead(nil, RuleRef{}, CodeOperation, errors.New(odd)).Message; m != odd[:MaxDeadMessage]+"... (1001 more bytes)" {
		t.Errorf("message %q...", m[:10])
	}
	if short := dead(nil, RuleRef{}, CodeOperation, errors.New("short")); short.Message != "short" {
		t.Errorf("a short message changed: %q", short.Message)
	}
}

// A record whose regex budget runs out in the selection phase is
// dead-lettered naming the selector that spent it, with the index as
// without it (the index's loop stops at that selector; the plain loop
// tests the rest, which no longer match).
func TestBudgetSpentInSelection(t *testing.T) {
	// the selector that spends the budget does not match, or matches (a
	// term that timed out does not match, its negation does)
	for _, spender := range []string{`f:/(?=a)(a+)+b/`, `NOT f:/(?=a)(a+)+b/`} {
		p := selectorPlan(t, []string{`a:x`, spender, `*`, `a:x AND g:/(?=a)(a+)+b/`, `a:x AND h:z`})
		p.Selectors[2].All = true
		p.Finish()
		rec := `{"a":"x","f":"` + strings.Repeat("a", 40) + `","g":"aaab","h":"z"}`
		for _, noIndex := range []bool{false, true} {
			st := &State{NoIndex: noIndex, RecordTimeout: 20 * time.Millisecond}
			out, d := p.RunOne(record.New(obj(t, rec)), st)
			if out != nil || d == nil || d.Code != CodeTimeout || d.Rule.ID != 1 {
				t.Errorf("%s, noIndex %v: output %v, dead letter %+v", spender, noIndex, out, d)
			}
			// the State is ready for the next record
			if out, d := p.RunOne(record.New(obj(t, `{"a":"x","f":"b"}`)), st); out == nil || d != nil {
				t.Errorf("%s, noIndex %v: the next record: output %v, dead letter %+v", spender, noIndex, out, d)
			}
		}
	}
}

// A regex budget spent by the first conjunct of a selector whose check
// reads its path for an extraction (seen.go) dead-letters the record
// naming that selector too, with the index as without it.
func TestBudgetSpentInSeenCheck(t *testing.T) {
	for _, spender := range []string{`f.g:/(?=a)(a+)+b/`, `f.g:/(?=a)(a+)+b/ AND NOT h:z`} {
		p := selectorPlan(t, []string{`a:x`, spender, `*`})
		p.Mode = Transform
		p.Selectors[2].All = true
		e, err := NewExtraction(RuleRef{ID: 9}, ExtractionSpec{Source: "f.g", Target: "t", HasSource: true}, MultiUnset, false)
		if err != nil {
			t.Fatal(err)
		}
		p.Selectors[1].Extractions = []*Extraction{e}
		p.Finish()
		if p.index == nil || p.index.checks[1].seenSlot == 0 {
			t.Fatalf("%s: the check does not read f.g for the extraction", spender)
		}
		rec := `{"a":"x","f":{"g":"` + strings.Repeat("a", 40) + `"},"h":"y"}`
		for _, noIndex := range []bool{false, true} {
			st := &State{NoIndex: noIndex, RecordTimeout: 20 * time.Millisecond}
			out, d := p.RunOne(record.New(obj(t, rec)), st)
			if out != nil || d == nil || d.Code != CodeTimeout || d.Rule.ID != 1 {
				t.Errorf("%s, noIndex %v: output %v, dead letter %+v", spender, noIndex, out, d)
			}
			if out, d := p.RunOne(record.New(obj(t, `{"a":"x","f":{"g":"aab"},"h":"y"}`)), st); out == nil || d != nil {
				t.Errorf("%s, noIndex %v: the next record: output %v, dead letter %+v", spender, noIndex, out, d)
			}
		}
	}
}

// Rule names the element that ran last: a selector, an extraction or a
// step of the plan the State last ran, and nothing before any ran.
func TestRuleNamesTheRunningElement(t *testing.T) {
	ref := func(id int) RuleRef { return RuleRef{File: "r", Line: id, ID: id} }
	p := &Plan{Selectors: []*Selector{
		{Rule: ref(1), Extractions: []*Extraction{{Rule: ref(2)}}},
		{Rule: ref(3), Extractions: []*Extraction{{Rule: ref(4)}, {Rule: ref(5)}}, Pipeline: []*Step{{Rule: ref(6)}, {Rule: ref(7)}}},
	}}
	var st State
	if got := st.Rule(); got != (RuleRef{}) {
		t.Errorf("a State that ran nothing: %+v", got)
	}
	st.plan = p
	for _, c := range []struct {
		kind    placeKind
		sel, el int
		want    int
	}{{placeNone, 0, 0, 0}, {placeSelector, 0, 0, 1}, {placeSelector, 1, 0, 3}, {placeExtraction, 0, 0, 2},
		{placeExtraction, 1, 1, 5}, {placeStep, 1, 0, 6}, {placeStep, 1, 1, 7}} {
		st.running(c.kind, c.sel, c.el)
		want := RuleRef{}
		if c.want > 0 {
			want = ref(c.want)
		}
		if got := st.Rule(); got != want {
			t.Errorf("%v %d %d: %+v, want %+v", c.kind, c.sel, c.el, got, want)
		}
	}
}
