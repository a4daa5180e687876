package conformance

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/postprocess/builtin"
)

// The reference cases were produced with TZ=UTC.
func TestMain(m *testing.M) {
	os.Setenv("TZ", "UTC")
	time.Local = time.UTC
	os.Exit(m.Run())
}

const (
	casesFile      = "testdata/validators.ndjson"
	deviationsFile = "testdata/deviations.json"
)

// status of a case after both runs.
type status uint8

const (
	passed status = iota
	deviated
	failed
	unregistered
	notApplicable
)

type result struct {
	c        *Case
	dev      *Deviation
	want     Outcome
	fn, comp Outcome
	fnErr    error
	compErr  error
	status   status
}

type suite struct {
	cases   []*Case
	devs    map[int]*Deviation
	results []*result
	err     error
}

var (
	suiteOnce sync.Once
	theSuite  suite
)

// load runs every case once (both levels) and caches the results.
func load(t *testing.T) *suite {
	t.Helper()
	suiteOnce.Do(func() {
		s := &theSuite
		if s.cases, s.err = Load(casesFile); s.err != nil {
			return
		}
		if s.devs, s.err = LoadDeviations(deviationsFile); s.err != nil {
			return
		}
		for _, c := range append(s.cases, seedNameCases(s.cases)...) {
			s.results = append(s.results, runCase(c, s.devs[c.ID]))
		}
	})
	if theSuite.err != nil {
		t.Fatal(theSuite.err)
	}
	return &theSuite
}

// seedNameCases repeats the cases of each deprecated validator.js name under
// the replacement name sluice adds for it (isBefore for before, ...): the
// added names are defined to behave exactly like the deprecated ones.
func seedNameCases(cases []*Case) []*Case {
	mirrors := map[string][]string{}
	for added, old := range builtin.SeedNames() {
		mirrors[old] = append(mirrors[old], added)
	}
	var out []*Case
	for _, c := range cases {
		for _, added := range mirrors[c.Fn] {
			m := *c
			m.Fn = added
			out = append(out, &m)
		}
	}
	return out
}

func runCase(c *Case, dev *Deviation) *result {
	r := &result{c: c, dev: dev, want: c.Reference()}
	if dev != nil {
		r.want = dev.Outcome()
	}
	if !c.Applicable() {
		r.status = notApplicable
		return r
	}
	r.fn, r.fnErr = RunFunction(c)
	r.comp, r.compErr = RunCompiled(c)
	switch {
	case r.fnErr == ErrUnregistered || r.compErr == ErrUnregistered:
		r.status = unregistered
	case r.fnErr != nil || r.compErr != nil || !r.fn.Equal(r.want) || !r.comp.Equal(r.want):
		r.status = failed
	case dev != nil:
		r.status = deviated
	default:
		r.status = passed
	}
	return r
}

// TestConformance checks every case at function level and through a
// compiled rule against rule_want (or the listed deviation).
func TestConformance(t *testing.T) {
	s := load(t)
	var count [5]int
	for _, r := range s.results {
		count[r.status]++
		if r.status == failed {
			t.Error(r.describe())
		}
	}
	t.Logf("conformance: %d passed, %d deviations, %d failed", count[passed], count[deviated], count[failed])
	t.Logf("conformance: %d cases of unregistered operations, %d not applicable (record kinds given a non-object: data-mate function-level tests)",
		count[unregistered], count[notApplicable])
	if testing.Verbose() {
		t.Log("per operation (passed+deviations/applicable):\n" + perName(s))
	}
}

func (r *result) describe() string {
	c := r.c
	var b strings.Builder
	fmt.Fprintf(&b, "case %d %s (%s, line %d) args=%s input=%s", c.ID, c.Fn, c.Kind, c.Line, jsonOf(c.Args), jsonOf(c.Input))
	if c.Note != "" {
		fmt.Fprintf(&b, " [%s]", c.Note)
	}
	fmt.Fprintf(&b, "\n\twant     %s", r.want)
	if r.dev != nil {
		fmt.Fprintf(&b, " (deviation %s; reference %s)", r.dev.Policy, c.Reference())
	}
	if r.fnErr != nil || !r.fn.Equal(r.want) {
		fmt.Fprintf(&b, "\n\tfunction %s", outcomeOrErr(r.fn, r.fnErr))
	}
	if r.compErr != nil || !r.comp.Equal(r.want) {
		fmt.Fprintf(&b, "\n\tcompiled %s", outcomeOrErr(r.comp, r.compErr))
	}
	return b.String()
}

func outcomeOrErr(o Outcome, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return o.String()
}

func perName(s *suite) string {
	type tally struct{ ok, n int }
	by := map[string]*tally{}
	for _, r := range s.results {
		if r.status == notApplicable || r.status == unregistered {
			continue
		}
		tl := by[r.c.Fn]
		if tl == nil {
			tl = &tally{}
			by[r.c.Fn] = tl
		}
		tl.n++
		if r.status == passed || r.status == deviated {
			tl.ok++
		}
	}
	names := make([]string, 0, len(by))
	for n := range by {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "%s %d/%d\n", n, by[n].ok, by[n].n)
	}
	return b.String()
}

// withoutCases are registered operations validators.ndjson has no case for
// (the reference suite never exercises them); each is covered by its spec
// examples instead. An entry that gains a passing case must be removed.
var withoutCases = map[string]string{}

// TestEveryNameCovered: every registered operation (but the structural
// four) has at least one case that passes or is a listed deviation, and
// every operation named by a case is registered.
func TestEveryNameCovered(t *testing.T) {
	s := load(t)
	good := map[string]bool{}
	caseNames := map[string]bool{}
	for _, r := range s.results {
		caseNames[r.c.Fn] = true
		if r.status == passed || r.status == deviated {
			good[r.c.Fn] = true
		}
	}
	var uncovered, missing []string
	for _, spec := range postprocess.All() {
		_, allowed := withoutCases[spec.Name]
		switch {
		case spec.Kind == postprocess.Structural:
		case allowed && good[spec.Name]:
			t.Errorf("%s now has a passing case: remove it from withoutCases", spec.Name)
		case !allowed && !good[spec.Name]:
			uncovered = append(uncovered, spec.Name)
		}
	}
	for n := range withoutCases {
		if _, ok := postprocess.Lookup(n); !ok {
			t.Errorf("withoutCases lists %s, which is not registered", n)
		}
	}
	for n := range caseNames {
		if spec, ok := postprocess.Lookup(n); !ok || spec.Kind == postprocess.Structural {
			missing = append(missing, n)
		}
	}
	sort.Strings(missing)
	if len(uncovered) > 0 {
		t.Errorf("%d registered operations have no passing case: %s", len(uncovered), strings.Join(uncovered, ", "))
	}
	if len(missing) > 0 {
		t.Errorf("%d operations named by cases are not registered: %s", len(missing), strings.Join(missing, ", "))
	}
}
