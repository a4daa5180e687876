package jsdate

import (
	"math"
	"time"
)

// Local is JavaScript's "local time zone". sluice treats local time as UTC;
// the package logic assumes a zero offset, so do not change it.
var Local = time.UTC

const (
	msPerSecond = 1000
	msPerMinute = 60 * msPerSecond
	msPerHour   = 60 * msPerMinute
	msPerDay    = 24 * msPerHour
	// MaxTime is the largest absolute JS time value (±8.64e15 ms).
	MaxTime = 8.64e15
	// maxTimeBeforeUTC is V8's DateCache::kMaxTimeBeforeUTCInMs.
	maxTimeBeforeUTC = MaxTime + 864000000
	minYear          = -1000000
	maxYear          = 1000000
)

// nanTime is the time value of an Invalid Date.
var nanTime = math.NaN()

// daysFromCivil returns the day number (days since 1970-01-01) of the
// proleptic Gregorian date y-m-d (m in 1..12).
func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// civilFromDays is the inverse of daysFromCivil (month 1..12).
func civilFromDays(z int64) (y, m, d int64) {
	z += 719468
	era := floorDiv(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	m = mp + 3
	if m > 12 {
		m -= 12
	}
	y = yoe + era*400
	if m <= 2 {
		y++
	}
	return y, m, d
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// makeDay is ECMAScript MakeDay as V8 implements it: month may be any
// integer (it carries into the year), the day is added as an offset.
func makeDay(year, month, date float64) float64 {
	if !(year >= minYear && year <= maxYear) || math.IsInf(month, 0) || math.IsNaN(month) ||
		math.IsInf(date, 0) || math.IsNaN(date) || math.Abs(month) > 1e9 {
		return nanTime
	}
	y, m := int64(year), int64(month)
	y += floorDiv(m, 12)
	m -= floorDiv(m, 12) * 12
	return float64(daysFromCivil(y, m+1, 1)) + math.Trunc(date) - 1
}

// makeTime is ECMAScript MakeTime.
func makeTime(h, m, s, ms float64) float64 {
	return math.Trunc(h)*msPerHour + math.Trunc(m)*msPerMinute + math.Trunc(s)*msPerSecond + math.Trunc(ms)
}

// timeClip is ECMAScript TimeClip.
func timeClip(t float64) float64 {
	if math.IsNaN(t) || math.Abs(t) > MaxTime {
		return nanTime
	}
	return math.Trunc(t) + 0 // +0 turns -0 into +0
}

// utcTime builds a time value from (possibly overflowing) fields, like
// Date.UTC / the Date setters.
func utcTime(year, month, day, h, m, s, ms float64) float64 {
	return timeClip(makeDay(year, month, day)*msPerDay + makeTime(h, m, s, ms))
}

// fields is a broken-down UTC time value.
type fields struct {
	year, month, day int // month 0-based, day 1-based
	hour, min, sec   int
	ms               int
	weekday          int // 0 = Sunday
}

// split breaks a valid time value into UTC fields.
func split(t float64) fields {
	ms := int64(t)
	days := floorDiv(ms, msPerDay)
	rem := ms - days*msPerDay
	y, m, d := civilFromDays(days)
	wd := int((days + 4) % 7)
	if wd < 0 {
		wd += 7
	}
	return fields{
		year: int(y), month: int(m - 1), day: int(d),
		hour: int(rem / msPerHour), min: int(rem / msPerMinute % 60),
		sec: int(rem / msPerSecond % 60), ms: int(rem % 1000), weekday: wd,
	}
}

// Valid reports whether t is a valid JS time value.
func Valid(t float64) bool {
	return !math.IsNaN(t) && math.Abs(t) <= MaxTime
}

// FromTime converts a Go time to epoch milliseconds (truncated).
func FromTime(t time.Time) float64 {
	return float64(t.UnixMilli())
}

// ToTime converts a valid time value to a Go time in Local.
func ToTime(ms float64) time.Time {
	return time.UnixMilli(int64(ms)).In(Local)
}
