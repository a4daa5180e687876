package jsdate

var daysInMonthTable = [2][12]int{
	{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31},
	{31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31},
}

// validateSetter is Parser.validate.
func validateSetter(date float64, st dfSetter) bool {
	v := st.value
	switch st.letter {
	case 'y':
		return st.twoDigit || v > 0
	case 'Q', 'q':
		return v >= 1 && v <= 4
	case 'M', 'L':
		return v >= 0 && v <= 11
	case 'd', 'D':
		y, ok := fullYearOf(date)
		if !ok {
			return false
		}
		leap := 0
		if isLeapYear(y) {
			leap = 1
		}
		if st.letter == 'D' {
			return v >= 1 && v <= float64(365+leap)
		}
		return v >= 1 && v <= float64(daysInMonthTable[leap][split(date).month])
	case 'E':
		return v >= 0 && v <= 6
	case 'h':
		return v >= 1 && v <= 12
	case 'H':
		return v >= 0 && v <= 23
	case 'K':
		return v >= 0 && v <= 11
	case 'k':
		return v >= 1 && v <= 24
	case 'm', 's':
		return v >= 0 && v <= 59
	}
	return validateWeekSetter(st)
}

// applySetter is Parser.set (Local is UTC, so the timezone setters only
// subtract the parsed offset).
func applySetter(date float64, flags *dfFlags, st dfSetter) float64 {
	v := st.value
	switch st.letter {
	case 'G':
		flags.era, flags.hasEra = v, true
		return startOfYear(v, date)
	case 'y':
		return setYearValue(date, flags, st)
	case 'u':
		return startOfYear(v, date)
	case 'Q', 'q':
		return setHours(setMonth(date, (v-1)*3, 1), 0, 0, 0, 0)
	case 'M', 'L':
		return setHours(setMonth(date, v, 1), 0, 0, 0, 0)
	case 'd':
		return setHours(setDate(date, v), 0, 0, 0, 0)
	case 'D':
		return setHours(setMonth(date, 0, v), 0, 0, 0, 0)
	case 'E':
		return setHours(setWeekday(date, v), 0, 0, 0, 0)
	case 'a', 'b', 'B':
		return setHours(date, dayPeriodHours(v), 0, 0, 0)
	case 'h', 'K', 'H', 'k':
		return setHour(date, st.letter, v)
	case 'm':
		return setMinutes(date, v, 0, 0)
	case 's':
		return setSeconds(date, v, 0)
	case 'S':
		return setMilliseconds(date, v)
	case 'X', 'x':
		if flags.timestampSet {
			return date
		}
		return timeClip(date - v)
	case 't':
		flags.timestampSet = true
		return timeClip(v * 1000)
	case 'T':
		flags.timestampSet = true
		return timeClip(v)
	}
	return applyWeekSetter(date, flags, st) // or the DateTimezoneSetter: identity in UTC
}

func startOfYear(y, date float64) float64 {
	return setHours(setFullYear(date, y, 0, 1), 0, 0, 0, 0)
}

func setYearValue(date float64, flags *dfFlags, st dfSetter) float64 {
	if st.twoDigit {
		cur, ok := fullYearOf(date)
		if !ok {
			return startOfYear(nanTime, date)
		}
		return startOfYear(normalizeTwoDigitYear(st.value, float64(cur)), date)
	}
	y := st.value
	if flags.hasEra && flags.era != 1 {
		y = 1 - y
	}
	return startOfYear(y, date)
}

// normalizeTwoDigitYear maps a two-digit year into the century window
// around the current year.
func normalizeTwoDigitYear(two, current float64) float64 {
	ce := current > 0
	abs := current
	if !ce {
		abs = 1 - current
	}
	var r float64
	if abs <= 50 {
		r = two
		if r == 0 {
			r = 100
		}
	} else {
		end := abs + 50
		century := float64(int64(end/100)) * 100
		r = two + century
		if two >= float64(int64(end)%100) {
			r -= 100
		}
	}
	if ce {
		return r
	}
	return 1 - r
}

// setWeekday is date-fns setDay with weekStartsOn = 0.
func setWeekday(date, day float64) float64 {
	if !Valid(date) {
		return nanTime
	}
	cur := float64(split(date).weekday)
	return timeClip(date + (day-cur)*msPerDay)
}

func setHour(date float64, letter byte, v float64) float64 {
	isPM := hoursOf(date) >= 12
	switch letter {
	case 'h':
		if isPM && v < 12 {
			v += 12
		} else if !isPM && v == 12 {
			v = 0
		}
	case 'K':
		if isPM && v < 12 {
			v += 12
		}
	case 'k':
		if v <= 24 {
			v = float64(int(v) % 24)
		}
	}
	return setHours(date, v, 0, 0, 0)
}
