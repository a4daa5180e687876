package jsdate

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"
)

// errInvalidTime is date-fns' RangeError for an invalid date.
var errInvalidTime = errors.New("Invalid time value")

// Format is date-fns 4.1.0 format(date, formatStr) with the en-US locale
// in Local (UTC). input is only used in the protected-token error message
// (date-fns quotes String(date) there). err is non-nil where date-fns
// throws (invalid date, unknown letters, D/DD/YY/YYYY, empty format).
func Format(ms float64, format string) (string, error) {
	return formatDate(ms, format, func() string { return FormatNumber(ms) })
}

// formatDate formats ms; input renders String(date) for error messages.
func formatDate(ms float64, format string, input func() string) (string, error) {
	if !Valid(ms) {
		return "", errInvalidTime
	}
	parts, err := formatParts(format)
	if err != nil {
		return "", err
	}
	f := split(ms)
	b := make([]byte, 0, 32)
	for _, p := range parts {
		if !p.isToken {
			b = append(b, p.value...)
			continue
		}
		if err := protectedTokenError(p.value, format, input); err != nil {
			return "", err
		}
		b = appendToken(b, f, ms, p.value)
	}
	return string(b), nil
}

// appendToken appends one token, writing the plain numeric ones directly.
func appendToken(b []byte, f fields, ms float64, tok string) []byte {
	if tok[len(tok)-1] != 'o' {
		switch tok[0] {
		case 'd':
			return appendPad(b, f.day, len(tok))
		case 'H':
			return appendPad(b, f.hour, len(tok))
		case 'm':
			return appendPad(b, f.min, len(tok))
		case 's':
			return appendPad(b, f.sec, len(tok))
		case 'M':
			if len(tok) <= 2 {
				return appendPad(b, f.month+1, len(tok))
			}
		case 'y':
			if f.year > 0 && len(tok) != 2 {
				return appendPad(b, f.year, len(tok))
			}
		}
	}
	return append(b, formatToken(f, ms, tok)...)
}

// formatCache memoizes tokenized formats (formats come from rule
// options, so the set is small); it stops growing at maxCachedFormats.
var (
	formatCache      sync.Map // string -> []fmtPart
	formatCacheSize  atomic.Int64
	maxCachedFormats = int64(1024)
)

// formatParts tokenizes a format for Format, with date-fns' up-front
// errors (empty format, unknown letters).
func formatParts(format string) ([]fmtPart, error) {
	if v, ok := formatCache.Load(format); ok {
		return v.([]fmtPart), nil
	}
	// The format may be a record's value, in memory that is reused
	// (record.Decoder.Recycle); what the cache keeps must be its own.
	format = strings.Clone(format)
	expanded, ok := splitLongFormat(format)
	if !ok {
		return nil, errors.New("Cannot read properties of null (reading 'map')")
	}
	parts := tokenizeFormat(expanded, isFormatLetter)
	for _, p := range parts {
		if p.latin {
			return nil, errUnescapedLatin(p.value[0])
		}
	}
	if formatCacheSize.Load() < maxCachedFormats {
		if _, loaded := formatCache.LoadOrStore(format, parts); !loaded {
			formatCacheSize.Add(1)
		}
	}
	return parts, nil
}

func isFormatLetter(c byte) bool {
	return strings.IndexByte("GyYRuQqMLwIdDEeciabBhHKkmsSXxOztT", c) >= 0
}

// formatToken renders one token (date-fns formatters).
func formatToken(f fields, ms float64, tok string) string {
	n := len(tok)
	switch tok[0] {
	case 'G':
		return formatEra(f, n)
	case 'y', 'Y', 'R', 'u':
		return formatYearish(f, tok)
	case 'Q', 'q':
		return formatQuarter((f.month/3)+1, tok)
	case 'M', 'L':
		return formatMonth(f.month, tok)
	case 'w', 'I':
		return formatWeek(f, tok)
	case 'd':
		return numberToken(f.day, tok)
	case 'D':
		return numberToken(dayOfYear(f), tok)
	case 'E', 'e', 'c', 'i':
		return formatWeekday(f.weekday, tok)
	case 'a', 'b', 'B':
		return formatDayPeriod(f.hour, tok)
	case 'h':
		return numberToken((f.hour+11)%12+1, tok)
	case 'H':
		return numberToken(f.hour, tok)
	case 'K':
		return numberToken(f.hour%12, tok)
	case 'k':
		return numberToken((f.hour+23)%24+1, tok)
	case 'm':
		return numberToken(f.min, tok)
	case 's':
		return numberToken(f.sec, tok)
	case 'S':
		return fractionToken(f.ms, n)
	}
	return formatZoneOrStamp(ms, tok)
}

// numberToken is the common "ordinal (Xo) or zero-padded" formatter.
func numberToken(v int, tok string) string {
	if len(tok) == 2 && tok[1] == 'o' {
		return ordinalNumber(v)
	}
	return addLeadingZeros(v, len(tok))
}

// addLeadingZeros is date-fns addLeadingZeros for integers.
func addLeadingZeros(v, width int) string {
	if v < 0 {
		return "-" + string(appendPad(nil, -v, width))
	}
	return string(appendPad(nil, v, width))
}

func fractionToken(ms, n int) string {
	switch {
	case n == 1:
		return addLeadingZeros(ms/100, 1)
	case n == 2:
		return addLeadingZeros(ms/10, 2)
	case n <= 18:
		v := ms
		for i := 3; i < n; i++ {
			v *= 10
		}
		return addLeadingZeros(v, n)
	}
	s := FormatNumber(float64(ms) * pow10(n-3))
	return strings.Repeat("0", max(0, n-len(s))) + s
}

func pow10(n int) float64 {
	f := 1.0
	for ; n > 0; n-- {
		f *= 10
	}
	return f
}

func formatEra(f fields, n int) string {
	era := 0
	if f.year > 0 {
		era = 1
	}
	switch n {
	case 1, 2, 3:
		return eraAbbreviated[era]
	case 5:
		return eraNarrow[era]
	}
	return eraWide[era]
}

func formatYearish(f fields, tok string) string {
	var y int
	switch tok[0] {
	case 'y':
		y = f.year
	case 'Y':
		y = weekYear(f)
	case 'R':
		return addLeadingZeros(isoWeekYear(f), len(tok))
	case 'u':
		return addLeadingZeros(f.year, len(tok))
	}
	if y <= 0 {
		y = 1 - y
	}
	switch {
	case tok == "yo" || tok == "Yo":
		return ordinalNumber(y)
	case len(tok) == 2:
		return addLeadingZeros(y%100, 2)
	}
	return addLeadingZeros(y, len(tok))
}

func formatQuarter(q int, tok string) string {
	switch n := len(tok); {
	case n <= 2 && tok[n-1] == 'o':
		return ordinalNumber(q)
	case n <= 2:
		return addLeadingZeros(q, n)
	case n == 3:
		return quarterAbbreviated[q-1]
	case n == 5:
		return itoa(q)
	}
	return quarterWide[q-1]
}

func formatMonth(m int, tok string) string {
	switch n := len(tok); {
	case n <= 2 && tok[n-1] == 'o':
		return ordinalNumber(m + 1)
	case n == 1:
		return itoa(m + 1)
	case n == 2:
		return addLeadingZeros(m+1, 2)
	case n == 3:
		return monthAbbreviated[m]
	case n == 5:
		return monthNarrow[m]
	}
	return monthWide[m]
}

func formatWeek(f fields, tok string) string {
	w, ok := isoWeek(f)
	if tok[0] == 'w' {
		w, ok = localWeek(f)
	}
	if !ok { // NaN week near the ends of the time range
		if tok[len(tok)-1] == 'o' {
			return "NaNth"
		}
		return strings.Repeat("0", max(0, len(tok)-3)) + "NaN"
	}
	return numberToken(w, tok)
}

// formatWeekday covers E (day of week), e/c (local day, weeks start on
// Sunday) and i (ISO day).
func formatWeekday(wd int, tok string) string {
	n := len(tok)
	if tok[0] != 'E' && n <= 2 {
		num := (wd+8)%7 + 0
		if num == 0 {
			num = 7
		}
		if tok[0] == 'i' {
			num = wd
			if num == 0 {
				num = 7
			}
		}
		if tok[n-1] == 'o' {
			return ordinalNumber(num)
		}
		return addLeadingZeros(num, n)
	}
	if tok[0] == 'E' && n <= 3 {
		return dayAbbreviated[wd]
	}
	switch n {
	case 3:
		return dayAbbreviated[wd]
	case 5:
		return dayNarrow[wd]
	case 6:
		return dayShort[wd]
	}
	return dayWide[wd]
}

func formatDayPeriod(hour int, tok string) string {
	p := dpAM
	switch {
	case tok[0] == 'B':
		p = flexiblePeriod(hour)
	case tok[0] == 'b' && hour == 12:
		p = dpNoon
	case tok[0] == 'b' && hour == 0:
		p = dpMidnight
	case hour >= 12:
		p = dpPM
	}
	switch n := len(tok); {
	case n <= 2 || (n == 3 && tok[0] == 'B'):
		return dayPeriodAbbreviated[p]
	case n == 3:
		return strings.ToLower(dayPeriodAbbreviated[p])
	case n == 5:
		return dayPeriodNarrow[p]
	}
	return dayPeriodWide[p]
}

func flexiblePeriod(hour int) int {
	switch {
	case hour >= 17:
		return dpEvening
	case hour >= 12:
		return dpAfternoon
	case hour >= 4:
		return dpMorning
	}
	return dpNight
}

// formatZoneOrStamp renders X x O z (offset is always 0 in UTC) and the
// t / T timestamps.
func formatZoneOrStamp(ms float64, tok string) string {
	n := len(tok)
	switch tok[0] {
	case 'X':
		return "Z"
	case 'x':
		switch n {
		case 1:
			return "+00"
		case 2, 4:
			return "+0000"
		}
		return "+00:00"
	case 'O', 'z':
		if n >= 4 {
			return "GMT+00:00"
		}
		return "GMT+0"
	case 't':
		return stampToken(float64(int64(ms/1000)), n)
	}
	return stampToken(ms, n)
}

func stampToken(v float64, n int) string {
	s := FormatNumber(v)
	sign := ""
	if v < 0 {
		sign, s = "-", s[1:]
	}
	if len(s) < n {
		s = strings.Repeat("0", n-len(s)) + s
	}
	return sign + s
}
