package window

import (
	"math"
	"time"

	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// timeOf is the time of a record: the clock in clock mode, else its time
// field read like core-utils getTime (epoch milliseconds — 0 included —, a
// date string, date math such as "now-1h" or a duration from now).
func (w *Window) timeOf(r *record.Record, now time.Time) (float64, error) {
	if w.set.clockTime {
		return msOf(clock()), nil
	}
	v, ok := r.Data.Get(w.set.field)
	if !ok || v == nil {
		return 0, job.RecordErr("NO_TIME", "the record has no time: field %q is missing or null", w.set.field)
	}
	if t, ok := eventTime(v, now); ok {
		return t, nil
	}
	return 0, job.RecordErr("BAD_TIME", "could not create a window time from value: \"%s\"", record.ToString(v))
}

// eventTime is core-utils getTime for a present value.
func eventTime(v any, now time.Time) (float64, bool) {
	var t float64
	var ok bool
	if s, isStr := v.(string); isStr {
		t, ok = jsdate.ParseLenient(s, now)
	} else {
		t, ok = jsdate.ValidDate(v)
	}
	return t, ok && !math.IsNaN(t)
}
