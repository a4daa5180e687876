package jsdate

import "math"

// JS Date setters on a UTC time value (Local is UTC). Like JS, they return
// NaN for an invalid date, except setFullYear which starts from +0.

func setFullYear(t float64, y, m, d float64) float64 {
	if math.IsNaN(t) {
		t = 0
	}
	return timeClip(makeDay(y, m, d)*msPerDay + timeWithinDay(t))
}

func setMonth(t float64, m, d float64) float64 {
	if math.IsNaN(t) {
		return nanTime
	}
	f := split(t)
	return timeClip(makeDay(float64(f.year), m, d)*msPerDay + timeWithinDay(t))
}

func setDate(t float64, d float64) float64 {
	if math.IsNaN(t) {
		return nanTime
	}
	f := split(t)
	return timeClip(makeDay(float64(f.year), float64(f.month), d)*msPerDay + timeWithinDay(t))
}

func setHours(t float64, h, m, s, ms float64) float64 {
	if math.IsNaN(t) {
		return nanTime
	}
	return timeClip(dayStart(t) + makeTime(h, m, s, ms))
}

func setMinutes(t float64, m, s, ms float64) float64 {
	if math.IsNaN(t) {
		return nanTime
	}
	return timeClip(dayStart(t) + makeTime(float64(split(t).hour), m, s, ms))
}

func setSeconds(t float64, s, ms float64) float64 {
	if math.IsNaN(t) {
		return nanTime
	}
	f := split(t)
	return timeClip(dayStart(t) + makeTime(float64(f.hour), float64(f.min), s, ms))
}

func setMilliseconds(t float64, ms float64) float64 {
	if math.IsNaN(t) {
		return nanTime
	}
	f := split(t)
	return timeClip(dayStart(t) + makeTime(float64(f.hour), float64(f.min), float64(f.sec), ms))
}

func timeWithinDay(t float64) float64 {
	r := math.Mod(t, msPerDay)
	if r < 0 {
		r += msPerDay
	}
	return r
}

func dayStart(t float64) float64 { return t - timeWithinDay(t) }

// startOfDayOf / getters used by the date-fns parse port; NaN-safe.
func fullYearOf(t float64) (int, bool) {
	if math.IsNaN(t) {
		return 0, false
	}
	return split(t).year, true
}

func hoursOf(t float64) float64 {
	if math.IsNaN(t) {
		return nanTime
	}
	return float64(split(t).hour)
}
