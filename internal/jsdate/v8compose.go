package jsdate

// V8's DayComposer, TimeComposer and TimeZoneComposer (src/date/
// dateparser.h / dateparser.cc, BSD-3-Clause, the V8 project authors).

func between(x, lo, hi int) bool { return uint(x-lo) <= uint(hi-lo) }

func isMonth(x int) bool       { return between(x, 1, 12) }
func isDay(x int) bool         { return between(x, 1, 31) }
func isHour(x int) bool        { return between(x, 0, 23) }
func isMinute(x int) bool      { return between(x, 0, 59) }
func isHour12(x int) bool      { return between(x, 0, 12) }
func isMillisecond(x int) bool { return between(x, 0, 999) }

type tzComposer struct{ sign, hour, minute int }

func newTZ() tzComposer { return tzComposer{kNone, kNone, kNone} }

func (z *tzComposer) set(offsetHours int) {
	z.sign = 1
	if offsetHours < 0 {
		z.sign = -1
	}
	z.hour = offsetHours * z.sign
	z.minute = 0
}

func (z *tzComposer) setSign(s int) {
	z.sign = 1
	if s < 0 {
		z.sign = -1
	}
}

func (z *tzComposer) isExpecting(n int) bool {
	return z.hour != kNone && z.minute == kNone && isMinute(n)
}
func (z *tzComposer) isUTC() bool   { return z.hour == 0 && z.minute == 0 }
func (z *tzComposer) isEmpty() bool { return z.hour == kNone }

// write returns the UTC offset in seconds; has is false for "no zone".
func (z *tzComposer) write() (offset int, has, ok bool) {
	if z.sign == kNone {
		return 0, false, true
	}
	h, m := z.hour, z.minute
	if h == kNone {
		h = 0
	}
	if m == kNone {
		m = 0
	}
	// unsigned 32-bit arithmetic, as in V8 (it may wrap)
	total := uint32(h)*3600 + uint32(m)*60
	if total > 1<<31-1 { // Smi::kMaxValue
		return 0, false, false
	}
	if z.sign < 0 {
		return -int(total), true, true
	}
	return int(total), true, true
}

type timeComposer struct {
	comp       [4]int
	index      int
	hourOffset int
}

func newTime() timeComposer { return timeComposer{hourOffset: kNone} }

func (t *timeComposer) isEmpty() bool { return t.index == 0 }

func (t *timeComposer) isExpecting(n int) bool {
	return (t.index == 1 && isMinute(n)) || (t.index == 2 && isMinute(n)) ||
		(t.index == 3 && isMillisecond(n))
}

func (t *timeComposer) add(n int) bool {
	if t.index < len(t.comp) {
		t.comp[t.index] = n
		t.index++
		return true
	}
	return false
}

func (t *timeComposer) addFinal(n int) bool {
	if !t.add(n) {
		return false
	}
	for t.index < len(t.comp) {
		t.comp[t.index] = 0
		t.index++
	}
	return true
}

func (t *timeComposer) write() (h, m, s, ms int, ok bool) {
	for t.index < len(t.comp) {
		t.comp[t.index] = 0
		t.index++
	}
	h, m, s, ms = t.comp[0], t.comp[1], t.comp[2], t.comp[3]
	if t.hourOffset != kNone {
		if !isHour12(h) {
			return 0, 0, 0, 0, false
		}
		h = h%12 + t.hourOffset
	}
	if !isHour(h) || !isMinute(m) || !isMinute(s) || !isMillisecond(ms) {
		if h != 24 || m != 0 || s != 0 || ms != 0 {
			return 0, 0, 0, 0, false
		}
	}
	return h, m, s, ms, true
}

type dayComposer struct {
	comp       [3]int
	index      int
	namedMonth int
	isoDate    bool
}

func newDay() dayComposer { return dayComposer{namedMonth: kNone} }

func (d *dayComposer) isEmpty() bool { return d.index == 0 }

func (d *dayComposer) add(n int) bool {
	if d.index < len(d.comp) {
		d.comp[d.index] = n
		d.index++
		return true
	}
	return false
}

// write returns year, 0-based month and day.
func (d *dayComposer) write() (year, month, day int, ok bool) {
	if d.index < 1 {
		return 0, 0, 0, false
	}
	for d.index < len(d.comp) {
		d.comp[d.index] = 1
		d.index++
	}
	year, month, day = d.order()
	if !d.isoDate {
		if between(year, 0, 49) {
			year += 2000
		} else if between(year, 50, 99) {
			year += 1900
		}
	}
	if !isMonth(month) || !isDay(day) {
		return 0, 0, 0, false
	}
	return year, month - 1, day, true
}

func (d *dayComposer) order() (year, month, day int) {
	c := d.comp
	if d.namedMonth == kNone {
		if d.isoDate || (d.index == 3 && !isDay(c[0])) {
			return c[0], c[1], c[2] // YMD
		}
		return c[2], c[0], c[1] // MD(Y)
	}
	// (V8's "index_ == 1" case is unreachable: write pads to 3 first.)
	if !isDay(c[0]) {
		return c[0], d.namedMonth, c[1] // YMD, MYD, or YDM
	}
	return c[1], d.namedMonth, c[0] // DMY, MDY, or DYM
}
