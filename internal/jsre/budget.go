package jsre

import (
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/dlclark/regexp2"
)

// Budget is the time one unit of work (a record) may spend matching
// regular expressions, across every match it makes. Once it is spent,
// or a match times out, every later match through it fails at once with
// ErrTimeout, which Err keeps: a record with a hundred slow terms costs the
// budget once, not a hundred timeouts. The zero Budget (and a nil one) has
// no limit beyond the per-match Timeout. A Budget is used by one goroutine,
// and keeps that goroutine's memo of answers on repeated long strings
// (see memo) from one Start to the next.
type Budget struct {
	limit    time.Duration
	deadline time.Time // set by the first backtracking match (then clocked)
	clocked  bool      // deadline is set
	err      error
	memo     *memo // answers on repeated long strings, made on first use
}

// Start gives the budget d (d <= 0: no limit) and clears Err. The clock
// starts with the first match that can run long (a backtracking one):
// linear-time matches cost little, and a record that makes none is never
// timed, so the common record costs no clock reads.
func (b *Budget) Start(d time.Duration) {
	b.err = nil
	b.limit = d
	b.deadline, b.clocked = time.Time{}, false
}

// clock starts the budget's clock if it has a limit and is not running.
func (b *Budget) clock() {
	if b.limit > 0 && !b.clocked {
		b.deadline, b.clocked = time.Now().Add(b.limit), true
	}
}

// Err is ErrTimeout once a match through the budget timed out or found
// the budget spent.
func (b *Budget) Err() error {
	if b == nil {
		return nil
	}
	return b.err
}

// Expired reports whether the budget is spent (and records it in Err).
func (b *Budget) Expired() bool {
	if b == nil || b.err == nil && !b.clocked { // no clock running: inlined
		return false
	}
	return b.expired()
}

func (b *Budget) expired() bool {
	if b.err == nil && !time.Now().Before(b.deadline) {
		b.err = ErrTimeout
	}
	return b.err != nil
}

// fail records a timeout.
func (b *Budget) fail(err error) error {
	if err != nil && b != nil && b.err == nil && IsTimeout(err) {
		b.err = ErrTimeout
	}
	return err
}

// IsTimeout reports whether err is a regular-expression timeout, from
// this package or from regexp2 directly.
func IsTimeout(err error) bool {
	return err != nil && (errors.Is(err, ErrTimeout) || isRegexp2Timeout(err))
}

// isRegexp2Timeout recognises regexp2's timeout ("match timeout after ...
// on input ..."), which has no type of its own, by its text.
func isRegexp2Timeout(err error) bool { return strings.Contains(err.Error(), "match timeout") }

// MatchStringIn is MatchString within b: it fails with ErrTimeout when b is
// spent, and a backtracking match runs with the time b has left.
func (r *Regexp) MatchStringIn(s string, b *Budget) (bool, error) {
	if b.Expired() {
		return false, ErrTimeout
	}
	if r.head != nil {
		return r.head.end(s) >= 0, nil // one try at 0: it reads the text at most once, as a memo hit compares it
	}
	if r.re2 != nil {
		if !b.memoable(r, s) {
			return r.MatchString(s) // a linear match has no error
		}
		m, sl, hit := b.lookup(r, kindMatch, s)
		if hit {
			return sl.found, nil
		}
		ok, _ := r.MatchString(s)
		m.keep(sl, r, kindMatch, s, ok, nil)
		return ok, nil
	}
	ok, err := r.within(b).MatchString(s)
	return ok, b.fail(wrapErr(err))
}

// FindAllIn is FindAll within b.
func (r *Regexp) FindAllIn(s string, n int, b *Budget) ([]Match, error) {
	if b.Expired() {
		return nil, ErrTimeout
	}
	if r.re2 != nil {
		return r.findAllRE2(s, n), nil
	}
	ms, err := findAllWith(r.within(b), s, n)
	return ms, b.fail(err)
}

// within returns the compiled pattern whose match timeout fits b: the
// pattern's own when b has at least that much left, else one compiled with
// the largest of Timeout/2, /4, ... /64 not above what is left, so a match
// outlives its budget by at most Timeout/64.
func (r *Regexp) within(b *Budget) *regexp2.Regexp {
	if b == nil {
		return r.bt
	}
	b.clock()
	if !b.clocked {
		return r.bt
	}
	left := time.Until(b.deadline)
	d := r.bt.MatchTimeout
	if left >= d {
		return r.bt
	}
	for i := range len(r.stepRe) {
		d /= 2
		if d <= left || i == len(r.stepRe)-1 {
			return r.stepped(i, d)
		}
	}
	return r.bt
}

// stepped compiles the pattern again with match timeout d, once.
func (r *Regexp) stepped(i int, d time.Duration) *regexp2.Regexp {
	r.stepOnce[i].Do(func() {
		re, err := regexp2.Compile(r.pattern, r.opts)
		if err != nil {
			re = r.bt
		} else {
			re.MatchTimeout = d
		}
		r.stepRe[i] = re
	})
	return r.stepRe[i]
}

// stepCache holds the stepped compilations of a backtracking pattern.
type stepCache struct {
	pattern  string // what regexp2 compiled (Regexp2Pattern's)
	opts     regexp2.RegexOptions
	stepOnce [6]sync.Once
	stepRe   [6]*regexp2.Regexp
}
