package jsdate

// Locale-text token parsers (era, quarter, month, day, day period).

func parseEra(tok, s string) (float64, string, bool) {
	switch len(tok) {
	case 1, 2, 3:
		return matchFirst(s, eraValue, reEraAbbr, reEraNarrow)
	case 5:
		return matchFirst(s, eraValue, reEraNarrow)
	}
	return matchFirst(s, eraValue, reEraWide, reEraAbbr, reEraNarrow)
}

func parseQuarter(tok, s string) (float64, string, bool) {
	switch len(tok) {
	case 1, 2:
		return nDigits(len(tok), false, s)
	case 3:
		return matchFirst(s, quarterValue, reQuarterAbbr, reQuarterNarrow)
	case 5:
		return matchFirst(s, quarterValue, reQuarterNarrow)
	}
	return matchFirst(s, quarterValue, reQuarterWide, reQuarterAbbr, reQuarterNarrow)
}

// parseMonth returns the 0-based month.
func parseMonth(tok, s string) (float64, string, bool) {
	var v float64
	var rest string
	var ok bool
	switch len(tok) {
	case 1:
		v, rest, ok = numericPattern(reMonthNum, s)
	case 2:
		v, rest, ok = nDigits(2, false, s)
	case 3:
		return matchMonthName(s, true)
	case 5:
		return matchFirst(s, monthNarrowV, reMonthNarrow)
	default:
		return matchMonthName(s, false)
	}
	return v - 1, rest, ok
}

func matchMonthName(s string, abbreviated bool) (float64, string, bool) {
	if abbreviated {
		if v, rest, ok := matchFirst(s, monthAnyV, reMonthAbbr); ok {
			return v, rest, true
		}
		return matchFirst(s, monthNarrowV, reMonthNarrow)
	}
	if v, rest, ok := matchFirst(s, monthAnyV, reMonthWide, reMonthAbbr); ok {
		return v, rest, true
	}
	return matchFirst(s, monthNarrowV, reMonthNarrow)
}

func parseDay(tok, s string) (float64, string, bool) {
	switch len(tok) {
	case 1, 2, 3:
		if v, rest, ok := matchFirst(s, dayAnyV, reDayAbbr, reDayShort); ok {
			return v, rest, true
		}
		return matchFirst(s, dayNarrowV, reDayNarrow)
	case 5:
		return matchFirst(s, dayNarrowV, reDayNarrow)
	case 6:
		if v, rest, ok := matchFirst(s, dayAnyV, reDayShort); ok {
			return v, rest, true
		}
		return matchFirst(s, dayNarrowV, reDayNarrow)
	}
	if v, rest, ok := matchFirst(s, dayAnyV, reDayWide, reDayAbbr, reDayShort); ok {
		return v, rest, true
	}
	return matchFirst(s, dayNarrowV, reDayNarrow)
}

// parseDayPeriod covers a, b and B (abbreviated and wide both use the
// "any" pattern).
func parseDayPeriod(tok, s string) (float64, string, bool) {
	if len(tok) == 5 {
		return matchFirst(s, dayPeriodValue, rePeriodNarrow)
	}
	return matchFirst(s, dayPeriodValue, rePeriodAny, rePeriodNarrow)
}
