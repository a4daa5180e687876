package jsdate

import (
	"math"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

// Week-numbering tokens of the date-fns parse port: Y (local week year),
// R (ISO week year), w (local week), I (ISO week), e / c (local day of
// week), i (ISO day of week). en-US: weeks start on Sunday and week 1
// contains January 1st.

var reWeekNum = lazyre.New(`^(5[0-3]|[0-4]?\d)`)

// runWeekParser parses the week-numbering tokens (ordinals are handled by
// runParser); handled is false for other letters.
func runWeekParser(tok, s string) (v float64, two bool, rest string, ok, handled bool) {
	n := len(tok)
	switch tok[0] {
	case 'Y':
		if n == 1 {
			n = 4
		}
		v, rest, ok = nDigits(n, false, s)
		return v, tok == "YY", rest, ok, true
	case 'R':
		if n == 1 {
			n = 4
		}
		v, rest, ok = nDigits(n, true, s)
	case 'w', 'I':
		v, rest, ok = numberOrDigits(reWeekNum, tok, s)
	case 'e', 'c':
		if n <= 2 {
			v, rest, ok = nDigits(n, false, s)
			v = localDayValue(v)
		} else {
			v, rest, ok = parseDay(tok, s)
		}
	case 'i':
		v, rest, ok = parseISODay(tok, s)
	default:
		return 0, false, s, false, false
	}
	return v, false, rest, ok, true
}

// localDayValue maps a local day number (1 = Sunday) to a weekday index.
func localDayValue(v float64) float64 {
	whole := math.Floor((v-1)/7) * 7
	return math.Mod(v+6, 7) + whole
}

func parseISODay(tok, s string) (float64, string, bool) {
	if len(tok) <= 2 {
		return nDigits(len(tok), false, s)
	}
	v, rest, ok := parseDay(tok, s)
	if ok && v == 0 {
		v = 7
	}
	return v, rest, ok
}

func validateWeekSetter(st dfSetter) bool {
	v := st.value
	switch st.letter {
	case 'Y':
		return st.twoDigit || v > 0
	case 'w', 'I':
		return v >= 1 && v <= 53
	case 'e', 'c':
		return v >= 0 && v <= 6
	case 'i':
		return v >= 1 && v <= 7
	}
	return true
}

func applyWeekSetter(date float64, flags *dfFlags, st dfSetter) float64 {
	v := st.value
	switch st.letter {
	case 'Y':
		return setLocalWeekYear(date, flags, st)
	case 'R':
		return startOfWeekT(setHours(setFullYear(0, v, 0, 4), 0, 0, 0, 0), 1)
	case 'w':
		w, ok := weekOfT(date, false)
		return startOfWeekT(addDaysT(date, -(w-v)*7, ok), 0)
	case 'I':
		w, ok := weekOfT(date, true)
		return startOfWeekT(addDaysT(date, -(w-v)*7, ok), 1)
	case 'e', 'c':
		return setHours(setWeekday(date, v), 0, 0, 0, 0)
	case 'i':
		cur := nanTime
		if Valid(date) {
			cur = float64(split(date).weekday)
			if cur == 0 {
				cur = 7
			}
		}
		return setHours(addDaysT(date, v-cur, !math.IsNaN(cur)), 0, 0, 0, 0)
	}
	return date
}

func setLocalWeekYear(date float64, flags *dfFlags, st dfSetter) float64 {
	y := st.value
	if st.twoDigit {
		cur := nanTime
		if Valid(date) {
			cur = float64(weekYear(split(date)))
		}
		y = normalizeTwoDigitYear(y, cur)
	} else if flags.hasEra && flags.era != 1 {
		y = 1 - y
	}
	return startOfWeekT(setHours(setFullYear(date, y, 0, 1), 0, 0, 0, 0), 0)
}

// startOfWeekT is date-fns startOfWeek on a time value (weekStartsOn 0 or 1).
func startOfWeekT(t float64, weekStartsOn int) float64 {
	if !Valid(t) {
		return nanTime
	}
	f := split(t)
	diff := f.weekday - weekStartsOn
	if diff < 0 {
		diff += 7
	}
	return setHours(setDate(t, float64(f.day-diff)), 0, 0, 0, 0)
}

// weekOfT is getWeek / getISOWeek of a time value.
func weekOfT(t float64, iso bool) (float64, bool) {
	if !Valid(t) {
		return nanTime, false
	}
	w, ok := localWeek(split(t))
	if iso {
		w, ok = isoWeek(split(t))
	}
	return float64(w), ok
}

// addDaysT is date.setDate(date.getDate() + n); ok false yields NaN.
func addDaysT(t, n float64, ok bool) float64 {
	if !ok || !Valid(t) {
		return nanTime
	}
	return setDate(t, float64(split(t).day)+n)
}
