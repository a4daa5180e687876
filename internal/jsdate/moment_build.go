package jsdate

// build is moment's configFromArray + checkOverflow + isValid for the
// UTC moments datemath-parser creates. The current date (moment's real
// clock) is taken from now.
func (p *momentParse) build(now float64) {
	cur := split(now)
	today := [3]int{cur.year, cur.month, cur.day}
	overflowDOY := false
	if p.hasDayOfYear {
		year := today[0]
		if p.set[aYear] {
			year = p.a[aYear]
		}
		if p.dayOfYear > daysInYear(year) || p.dayOfYear == 0 {
			overflowDOY = true
		}
		d := utcTime(float64(year), 0, float64(p.dayOfYear), 0, 0, 0, 0)
		if Valid(d) {
			f := split(d)
			p.put(aMonth, f.month)
			p.put(aDate, f.day)
		} else {
			p.put(aMonth, -1) // NaN in moment: the date is invalid anyway
			p.put(aDate, -1)
		}
	}
	i := 0
	for ; i < 3 && !p.set[i]; i++ {
		p.a[i] = today[i]
	}
	for ; i < 7; i++ {
		if !p.set[i] && i == aDate {
			p.a[i] = 1
		} else if !p.set[i] {
			p.a[i] = 0
		}
	}
	a := &p.a
	if a[aHour] == 24 && a[aMinute] == 0 && a[aSecond] == 0 && a[aMillis] == 0 {
		p.nextDay = true
		a[aHour] = 0
	}
	p.t = utcTime(float64(a[0]), float64(a[1]), float64(a[2]), float64(a[3]), float64(a[4]), float64(a[5]), float64(a[6]))
	if p.hasTZM && Valid(p.t) {
		p.t = timeClip(p.t - float64(p.tzm)*msPerMinute)
	}
	if p.nextDay {
		a[aHour] = 24
	}
	p.valid = Valid(p.t) && !p.overflows(overflowDOY) && !p.empty && !p.invalidOffset
}

func (p *momentParse) overflows(overflowDOY bool) bool {
	a := p.a
	overflow := a[aMonth] < 0 || a[aMonth] > 11 ||
		a[aDate] < 1 || a[aDate] > daysInMonth(a[aYear], a[aMonth]) ||
		a[aHour] < 0 || a[aHour] > 24 ||
		(a[aHour] == 24 && (a[aMinute] != 0 || a[aSecond] != 0 || a[aMillis] != 0)) ||
		a[aMinute] < 0 || a[aMinute] > 59 || a[aSecond] < 0 || a[aSecond] > 59 ||
		a[aMillis] < 0 || a[aMillis] > 999
	return overflow || overflowDOY
}

func isLeapYear(y int) bool { return (y%4 == 0 && y%100 != 0) || y%400 == 0 }

func daysInYear(y int) int {
	if isLeapYear(y) {
		return 366
	}
	return 365
}

// daysInMonth is moment's daysInMonth (month 0-based, may overflow).
func daysInMonth(year, month int) int {
	mod := ((month % 12) + 12) % 12
	year += (month - mod) / 12
	if mod == 1 {
		if isLeapYear(year) {
			return 29
		}
		return 28
	}
	return 31 - (mod%7)%2
}
