package conformance

import (
	"testing"
	"time"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/record"
)

// TestDeviationTable checks that every listed deviation is one of the two
// compatibility policies and still differs from the reference.
func TestDeviationTable(t *testing.T) {
	s := load(t)
	byID := make(map[int]*Case, len(s.cases))
	for _, c := range s.cases {
		byID[c.ID] = c
	}
	for id, d := range s.devs {
		c := byID[id]
		switch {
		case c == nil:
			t.Errorf("deviation %d: no such case", id)
		case c.Fn != d.Fn:
			t.Errorf("deviation %d: fn %q, the case has %q", id, d.Fn, c.Fn)
		case d.Outcome().Equal(c.Reference()):
			t.Errorf("deviation %d (%s): sluice's expected outcome equals the reference: remove the entry", id, c.Fn)
		case d.Policy == PolicyKeepScalar:
			checkKeepScalar(t, c, d)
		case d.Policy == PolicyDateEpoch:
			checkDateEpoch(t, c, d)
		case d.Policy == PolicyParamError:
			checkParamError(t, s, c, d)
		}
	}
}

func checkKeepScalar(t *testing.T, c *Case, d *Deviation) {
	t.Helper()
	if c.Kind != "field_transform" || c.RuleWant != nil {
		t.Errorf("deviation %d (%s): keep-scalar applies to field transforms the reference removes (kind %s, rule_want %s)",
			c.ID, c.Fn, c.Kind, jsonOf(c.RuleWant))
	}
	switch d.Field.(type) {
	case float64, bool:
	default:
		t.Errorf("deviation %d (%s): keep-scalar value must be a number or a boolean, got %s", c.ID, c.Fn, jsonOf(d.Field))
	}
}

// checkDateEpoch: sluice's epoch milliseconds are the instants the
// reference kept as ISO strings inside arrays (or removed as a scalar Date).
func checkDateEpoch(t *testing.T, c *Case, d *Deviation) {
	t.Helper()
	if c.Kind != "field_transform" {
		t.Errorf("deviation %d (%s): date-epoch-ms applies to field transforms (kind %s)", c.ID, c.Fn, c.Kind)
	}
	if c.RuleWant == nil {
		if _, ok := d.Field.(float64); !ok {
			t.Errorf("deviation %d (%s): a removed Date must become epoch milliseconds, got %s", c.ID, c.Fn, jsonOf(d.Field))
		}
		return
	}
	got, _ := d.Field.([]any)
	ref, _ := c.RuleWant.([]any)
	if len(got) != len(ref) || len(got) == 0 {
		t.Errorf("deviation %d (%s): expected arrays of the same length, got %s for %s", c.ID, c.Fn, jsonOf(d.Field), jsonOf(c.RuleWant))
		return
	}
	for i := range got {
		if !sameInstant(got[i], ref[i]) {
			t.Errorf("deviation %d (%s): element %d: %s is not the instant %s", c.ID, c.Fn, i, jsonOf(got[i]), jsonOf(ref[i]))
		}
	}
}

func sameInstant(ms, iso any) bool {
	f, ok := ms.(float64)
	s, isStr := iso.(string)
	if !ok || !isStr {
		return false
	}
	ts, err := time.Parse(time.RFC3339Nano, s)
	return err == nil && ts.UnixMilli() == int64(f)
}

// checkParamError: the reference must fail on every record with these
// arguments, so every case with the same fn and args is removed/dropped.
func checkParamError(t *testing.T, s *suite, c *Case, d *Deviation) {
	t.Helper()
	if d.CompileError != compiler.CodeParam {
		t.Errorf("deviation %d (%s): param-error must expect %s, got %s", c.ID, c.Fn, compiler.CodeParam, d.CompileError)
	}
	for _, o := range s.cases {
		if o.Fn == c.Fn && o.Applicable() && record.DeepEqual(o.Args, c.Args) && o.RuleWant != nil {
			t.Errorf("deviation %d (%s): case %d has the same args and the reference keeps %s: not a fail-on-every-record argument",
				c.ID, c.Fn, o.ID, jsonOf(o.RuleWant))
		}
	}
}

func jsonOf(v any) string {
	if v == nil {
		return "null"
	}
	return record.JSON(v)
}
