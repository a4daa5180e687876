package jsdate

// Week arithmetic of date-fns 4.1.0 (getDayOfYear, getWeek, getWeekYear,
// getISOWeek, getISOWeekYear) for the en-US options weekStartsOn = 0
// (Sunday) and firstWeekContainsDate = 1, in UTC.

// dayNumber is the day count since 1970-01-01 of a (valid) field set.
func dayNumber(f fields) int64 {
	return daysFromCivil(int64(f.year), int64(f.month+1), int64(f.day))
}

func dayOfYear(f fields) int {
	return int(dayNumber(f)-daysFromCivil(int64(f.year), 1, 1)) + 1
}

// weekday of a day number (0 = Sunday).
func weekdayOf(day int64) int64 {
	wd := (day + 4) % 7
	if wd < 0 {
		wd += 7
	}
	return wd
}

// nanDay stands for a date-fns Invalid Date created while computing weeks
// near the ends of the JS time range (every comparison with it is false).
const nanDay = -1 << 62

// checkDay maps day numbers outside the JS time range to nanDay.
func checkDay(day int64) int64 {
	if day < -1e8 || day > 1e8 {
		return nanDay
	}
	return day
}

func civilDay(y, m, d int64) int64 { return checkDay(daysFromCivil(y, m, d)) }

// startOfWeek (Sunday) / startOfISOWeek (Monday) of a day number.
func startOfWeek(day int64) int64 {
	if day == nanDay {
		return nanDay
	}
	return checkDay(day - weekdayOf(day))
}

func startOfISOWeek(day int64) int64 {
	if day == nanDay {
		return nanDay
	}
	return checkDay(day - (weekdayOf(day)+6)%7)
}

// geDay is day >= other where an invalid other compares false.
func geDay(day, other int64) bool { return other != nanDay && day >= other }

// weekNumber formats (day - start) / 7 + 1, "NaN" when either is invalid.
func weekNumber(day, start int64) (int, bool) {
	if day == nanDay || start == nanDay {
		return 0, false
	}
	return int((day-start)/7) + 1, true
}

// weekYear is getWeekYear: the year whose week 1 (the week containing
// January 1st) contains the date.
func weekYear(f fields) int {
	day, y := dayNumber(f), int64(f.year)
	if geDay(day, startOfWeek(civilDay(y+1, 1, 1))) {
		return int(y + 1)
	}
	if geDay(day, startOfWeek(civilDay(y, 1, 1))) {
		return int(y)
	}
	return int(y - 1)
}

func localWeek(f fields) (int, bool) {
	start := startOfWeek(civilDay(int64(weekYear(f)), 1, 1))
	return weekNumber(startOfWeek(dayNumber(f)), start)
}

// isoWeekYear is getISOWeekYear: the year whose ISO week 1 (the week
// containing January 4th) contains the date.
func isoWeekYear(f fields) int {
	day, y := dayNumber(f), int64(f.year)
	if geDay(day, startOfISOWeek(civilDay(y+1, 1, 4))) {
		return int(y + 1)
	}
	if geDay(day, startOfISOWeek(civilDay(y, 1, 4))) {
		return int(y)
	}
	return int(y - 1)
}

func isoWeek(f fields) (int, bool) {
	start := startOfISOWeek(civilDay(int64(isoWeekYear(f)), 1, 4))
	return weekNumber(startOfISOWeek(dayNumber(f)), start)
}
