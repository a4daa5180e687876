package generator

import (
	"time"

	"github.com/sluice-dev/sluice/internal/jsdate"
)

// Date formats of the `format` parameter (processors.md §2.3).
const (
	fmtDateNow    = "dateNow"
	fmtUTCDate    = "utcDate"
	fmtISOBetween = "isoBetween"
	fmtUTCBetween = "utcBetween"
)

var dateFormats = []string{fmtDateNow, fmtISOBetween, fmtUTCDate, fmtUTCBetween}

// localLayout is moment's `YYYY-MM-DDTHH:mm:ss.SSSZ`: local time with a
// numeric offset ("+00:00" on a UTC host, never "Z").
const localLayout = "2006-01-02T15:04:05.000-07:00"

// dateNow is the current local time (moment().format(...)).
func dateNow(s *state) any { return s.box.String(s.nowString(false)) }

// utcDate is the current time as Date#toISOString prints it.
func utcDate(s *state) any { return s.box.String(s.nowString(true)) }

// nowString formats the current time, reusing the last string while the
// millisecond has not changed.
func (s *state) nowString(utc bool) string {
	ms := s.now().UnixMilli()
	if ms != s.nowMs || utc != s.nowUTC {
		s.nowMs, s.nowUTC, s.nowStr = ms, utc, s.formatMs(ms, utc)
	}
	return s.nowStr
}

// between returns a generator of times drawn uniformly from [start, end)
// (from (end, start] when end is before start, as the reference's
// start + random × (end − start) does).
func between(start, end int64, utc bool) gen {
	return func(s *state) any {
		t := start
		switch diff := end - start; {
		case diff > 0:
			t += s.rng.Int64N(diff)
		case diff < 0:
			t -= s.rng.Int64N(-diff)
		}
		return s.formatMs(t, utc)
	}
}

// formatMs prints epoch milliseconds in the local or the UTC form.
func (s *state) formatMs(ms int64, utc bool) string {
	t := time.UnixMilli(ms)
	if utc {
		t = t.UTC()
	}
	if y := t.Year(); y < 0 || y > 9999 {
		iso, _ := jsdate.ToISOString(float64(ms)) // toISOString's ±YYYYYY years
		return iso
	}
	if utc {
		s.buf = t.AppendFormat(s.buf, "2006-01-02T15:04:05.000Z")
	} else {
		s.buf = t.AppendFormat(s.buf, localLayout)
	}
	return s.str()
}

// dateGen is the generator of the date field for a format ("" is dateNow).
func dateGen(format string, start, end int64) gen {
	switch format {
	case fmtUTCDate:
		return utcDate
	case fmtISOBetween:
		return between(start, end, false)
	case fmtUTCBetween:
		return between(start, end, true)
	}
	return dateNow
}
