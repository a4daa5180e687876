package window

import (
	"time"

	"github.com/sluice-dev/sluice/record"
)

// win is one open window: the time of the record that opened it (its
// identity) and its records in arrival order.
type win struct {
	start float64
	recs  []*record.Record
}

// state is what a window processor keeps across slices.
type state struct {
	wins    []win     // open windows in the order they opened
	time    float64   // the last observed time (ms)
	lastAdd time.Time // wall time of the slice that last added a record
}

// clone copies the window list (the records of each window are shared:
// they are only appended to, and a restored copy keeps its own lengths).
func (s state) clone() state {
	s.wins = append([]win(nil), s.wins...)
	return s
}

// emit moves the windows for which done is true to out, in order.
func (s *state) emit(out []*record.Record, done func(w win) bool) []*record.Record {
	kept := s.wins[:0]
	for _, w := range s.wins {
		if done(w) {
			out = append(out, record.NewWindow(w.recs[:len(w.recs):len(w.recs)]))
		} else {
			kept = append(kept, w)
		}
	}
	clear(s.wins[len(kept):])
	s.wins = kept
	return out
}

// open adds a window starting at the current time; a window with that
// start already open is kept as it is (the two merge).
func (s *state) open() {
	for _, w := range s.wins {
		if w.start == s.time {
			return
		}
	}
	s.wins = append(s.wins, win{start: s.time})
}

// newest is the latest start of the open windows.
func (s *state) newest() float64 {
	m := s.wins[0].start
	for _, w := range s.wins[1:] {
		m = max(m, w.start)
	}
	return m
}

// add appends a record to every open window.
func (s *state) add(r *record.Record) {
	for i := range s.wins {
		s.wins[i].recs = append(s.wins[i].recs, r)
	}
}
