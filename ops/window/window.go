package window

import (
	"time"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// clock is the wall clock (clock time, expiration, relative dates); tests
// replace it.
var clock = time.Now

// settings are a window's validated parameters.
type settings struct {
	field      string
	clockTime  bool
	length     float64
	sliding    bool
	interval   float64
	expiration time.Duration // 0: never
}

func newSettings(c *job.Config) settings {
	return settings{
		field:      c.String("time_field"),
		clockTime:  c.String("window_time_setting") == "clock",
		length:     c.Float("window_length"),
		sliding:    c.String("window_type") == "sliding",
		interval:   c.Float("sliding_window_interval"),
		expiration: time.Duration(c.Float("event_window_expiration")) * time.Millisecond,
	}
}

// Window is the window processor of one worker.
type Window struct {
	ctx   *job.OpContext
	set   settings
	st    state
	saved state // the state before the current slice
}

func newWindow(ctx *job.OpContext, c *job.Config) (job.Processor, error) {
	return &Window{ctx: ctx, set: newSettings(c)}, nil
}

// Process adds the slice's records to the windows and returns the windows
// that close: expired ones first (checked once, before the records), then
// those closed by the records, then (clock time) those closed at the end of
// the slice, then, on the flush pass, all the others.
func (w *Window) Process(s *job.Slice, in []*record.Record) ([]*record.Record, error) {
	now := clock()
	out := w.expire(nil, now)
	first := true
	for _, r := range in {
		t, err := w.timeOf(r, now)
		if err != nil {
			if rerr := w.ctx.Reject(r, err); rerr != nil {
				return nil, rerr
			}
			continue
		}
		out = w.place(out, r, t, first)
		w.st.lastAdd, first = now, false
	}
	if w.set.clockTime {
		w.st.time = msOf(clock())
		out = w.closeOld(out)
	}
	if s.Flushing {
		out = w.st.emit(out, func(win) bool { return true })
	}
	return out, nil
}

// place records the time of r, closes the windows it is beyond, opens a
// window when one is due and adds r to every open window.
func (w *Window) place(out []*record.Record, r *record.Record, t float64, firstInSlice bool) []*record.Record {
	w.st.time = t
	out = w.closeOld(out)
	if w.due(firstInSlice) {
		w.st.open()
	}
	w.st.add(r)
	return out
}

// due reports whether a new window opens: when none is open; for sliding
// windows also every sliding_window_interval ms after the newest start, or
// with an interval of 0 at the first record of each slice.
func (w *Window) due(firstInSlice bool) bool {
	switch {
	case len(w.st.wins) == 0:
		return true
	case !w.set.sliding:
		return false
	case w.set.interval == 0:
		return firstInSlice
	}
	return w.st.time-w.st.newest() >= w.set.interval
}

// closeOld emits the windows whose start is more than window_length before
// the current time (a record at exactly start + length is still inside).
func (w *Window) closeOld(out []*record.Record) []*record.Record {
	return w.st.emit(out, func(x win) bool { return w.st.time-x.start > w.set.length })
}

// expire emits every event window when no record has been added for more
// than event_window_expiration (all open windows got the same last record).
func (w *Window) expire(out []*record.Record, now time.Time) []*record.Record {
	if w.set.clockTime || w.set.expiration == 0 || len(w.st.wins) == 0 || now.Sub(w.st.lastAdd) <= w.set.expiration {
		return out
	}
	return w.st.emit(out, func(win) bool { return true })
}

// OnSliceStarted remembers the windows before the slice.
func (w *Window) OnSliceStarted(*job.Slice) { w.saved = w.st.clone() }

// OnSliceRetry puts the windows back as they were before the failed attempt.
func (w *Window) OnSliceRetry(*job.Slice) { w.st = w.saved.clone() }

// OnSliceFailed puts the windows back as they were before the failed slice.
func (w *Window) OnSliceFailed(*job.Slice) { w.st = w.saved.clone() }

func msOf(t time.Time) float64 { return float64(t.UnixMilli()) }
