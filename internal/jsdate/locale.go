package jsdate

// en-US locale tables of date-fns 4.1.0 (MIT, Sasha Koss and Lesha Koss),
// transcribed from locale/en-US/_lib/{localize,formatLong}.js.

var (
	eraNarrow      = [2]string{"B", "A"}
	eraAbbreviated = [2]string{"BC", "AD"}
	eraWide        = [2]string{"Before Christ", "Anno Domini"}

	quarterAbbreviated = [4]string{"Q1", "Q2", "Q3", "Q4"}
	quarterWide        = [4]string{"1st quarter", "2nd quarter", "3rd quarter", "4th quarter"}

	monthNarrow      = [12]string{"J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"}
	monthAbbreviated = [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	monthWide        = [12]string{"January", "February", "March", "April", "May", "June", "July",
		"August", "September", "October", "November", "December"}

	dayNarrow      = [7]string{"S", "M", "T", "W", "T", "F", "S"}
	dayShort       = [7]string{"Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"}
	dayAbbreviated = [7]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}
	dayWide        = [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
)

// day periods, indexed by dayPeriod
const (
	dpAM = iota
	dpPM
	dpMidnight
	dpNoon
	dpMorning
	dpAfternoon
	dpEvening
	dpNight
)

// formatting-context day period names (the only context format uses)
var (
	dayPeriodNarrow = [8]string{"a", "p", "mi", "n", "in the morning", "in the afternoon",
		"in the evening", "at night"}
	dayPeriodAbbreviated = [8]string{"AM", "PM", "midnight", "noon", "in the morning",
		"in the afternoon", "in the evening", "at night"}
	dayPeriodWide = [8]string{"a.m.", "p.m.", "midnight", "noon", "in the morning",
		"in the afternoon", "in the evening", "at night"}
)

var (
	dateFormats     = [4]string{"MM/dd/yyyy", "MMM d, y", "MMMM do, y", "EEEE, MMMM do, y"}
	timeFormats     = [4]string{"h:mm a", "h:mm:ss a", "h:mm:ss a z", "h:mm:ss a zzzz"}
	dateTimeFormats = [4]string{"{{date}}, {{time}}", "{{date}}, {{time}}",
		"{{date}} 'at' {{time}}", "{{date}} 'at' {{time}}"}
)

// ordinalNumber is the en-US ordinalNumber: 1st 2nd 3rd 4th 11th 21st.
func ordinalNumber(n int) string {
	s := itoa(n)
	rem100 := n % 100
	if rem100 > 20 || rem100 < 10 {
		switch rem100 % 10 {
		case 1:
			return s + "st"
		case 2:
			return s + "nd"
		case 3:
			return s + "rd"
		}
	}
	return s + "th"
}

// longWidth maps a run of P or p to the formatLong width index
// (short, medium, long, full).
func longWidth(n int) int {
	if n > 4 {
		return 3
	}
	return n - 1
}

// expandLongFormat replaces P+p+, P+ and p+ runs with their en-US
// patterns (date-fns longFormatters).
func expandLongFormat(run string) string {
	np, nt := 0, 0
	for np < len(run) && run[np] == 'P' {
		np++
	}
	nt = len(run) - np
	switch {
	case np == 0:
		return timeFormats[longWidth(nt)]
	case nt == 0:
		return dateFormats[longWidth(np)]
	}
	dt := dateTimeFormats[longWidth(np)]
	dt = replaceOnce(dt, "{{date}}", dateFormats[longWidth(np)])
	return replaceOnce(dt, "{{time}}", timeFormats[longWidth(nt)])
}
