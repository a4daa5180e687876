package jsdate

// addUnit applies moment's `now[unit](now[unit]() + val)`; ok is false for
// an unsupported unit letter.
func addUnit(t float64, val int, unit byte) (float64, bool) {
	if !Valid(t) {
		return t, isDateMathUnit(unit)
	}
	v := float64(val)
	switch unit {
	case 'y', 'Y':
		return addYears(t, v), true
	case 'M':
		return addMonths(t, v), true
	case 'w', 'W':
		return timeClip(t + v*7*msPerDay), true
	case 'd', 'D':
		return timeClip(t + v*msPerDay), true
	case 'h', 'H':
		return timeClip(t + v*msPerHour), true
	case 'm':
		return timeClip(t + v*msPerMinute), true
	case 's', 'S':
		return timeClip(t + v*msPerSecond), true
	}
	return nanTime, false
}

func isDateMathUnit(c byte) bool {
	switch c {
	case 'y', 'Y', 'M', 'w', 'W', 'd', 'D', 'h', 'H', 'm', 's', 'S':
		return true
	}
	return false
}

// addYears is moment's year setter: Feb 29 becomes Feb 28 in a common year.
func addYears(t, n float64) float64 {
	f := split(t)
	year := float64(f.year) + n
	day := f.day
	if day == 29 && f.month == 1 && !(year >= minYear && year <= maxYear && isLeapYear(int(year))) {
		day = 28
	}
	return utcTime(year, float64(f.month), float64(day), float64(f.hour), float64(f.min), float64(f.sec), float64(f.ms))
}

// addMonths is moment's month setter: the day is clamped to the target
// month's length.
func addMonths(t, n float64) float64 {
	f := split(t)
	month := float64(f.month) + n
	day := f.day
	if day >= 29 && n > -1e7 && n < 1e7 {
		if dim := daysInMonth(f.year, int(month)); dim < day {
			day = dim
		}
	}
	return utcTime(float64(f.year), month, float64(day), float64(f.hour), float64(f.min), float64(f.sec), float64(f.ms))
}

// roundDown is datemath-parser's roundDate (roundUp = false). Unknown or
// missing unit letters leave the time unchanged.
func roundDown(t float64, unit byte) float64 {
	if !Valid(t) {
		return t
	}
	f := split(t)
	y, mo, d := float64(f.year), float64(f.month), float64(f.day)
	h, mi, s := float64(f.hour), float64(f.min), float64(f.sec)
	switch unit {
	case 'y', 'Y':
		return utcTime(y, 0, 1, 0, 0, 0, 0)
	case 'M':
		return utcTime(y, mo, 1, 0, 0, 0, 0)
	case 'd', 'D':
		return utcTime(y, mo, d, 0, 0, 0, 0)
	case 'w', 'W': // moment weekday(1) in the "en" locale (weeks start Sunday)
		return utcTime(y, mo, d+1-float64(f.weekday), 0, 0, 0, 0)
	case 'h', 'H':
		return utcTime(y, mo, d, h, 0, 0, 0)
	case 'm':
		return utcTime(y, mo, d, h, mi, 0, 0)
	case 's', 'S':
		return utcTime(y, mo, d, h, mi, s, 0)
	}
	return t
}
