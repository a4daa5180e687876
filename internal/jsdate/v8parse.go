package jsdate

import "math"

// Parse is V8's Date.parse / new Date(string): the ES5 ISO 8601 date-time
// format first, then V8's legacy (Safari-compatible) parser. A date-only
// ISO string is UTC, every other string without a zone is Local (UTC).
// ok is false where JS gives NaN (Invalid Date).
func Parse(s string) (ms float64, ok bool) {
	if t, ok, handled := fastISO(s); handled {
		return t, ok
	}
	var r parsed
	if !parseV8(s, &r) {
		return nanTime, false
	}
	t := r.timeValue()
	return t, !math.IsNaN(t)
}

// parsed is the output of V8's DateParser::Parse.
type parsed struct {
	year, month, day int // month 0-based
	h, m, s, ms      int
	offset           int // seconds east of UTC
	hasOffset        bool
}

// timeValue is V8's ParseDateTimeString conversion of the parsed fields.
func (r *parsed) timeValue() float64 {
	day := makeDay(float64(r.year), float64(r.month), float64(r.day))
	date := day*msPerDay + makeTime(float64(r.h), float64(r.m), float64(r.s), float64(r.ms))
	if !r.hasOffset {
		if !(date >= -maxTimeBeforeUTC && date <= maxTimeBeforeUTC) {
			return nanTime
		}
		// Local is UTC: no local-to-UTC adjustment.
	} else {
		date -= float64(r.offset) * 1000
		if !(date >= -MaxTime && date <= MaxTime) {
			return nanTime
		}
	}
	return timeClip(date)
}

func parseV8(str string, out *parsed) bool {
	sc := newScanner(str)
	tz, tm, day := newTZ(), newTime(), newDay()
	next := parseES5(&sc, &day, &tm, &tz)
	if next.tag == tagInvalid {
		return false
	}
	if !parseLegacy(&sc, next, &day, &tm, &tz) {
		return false
	}
	var ok bool
	if out.year, out.month, out.day, ok = day.write(); !ok {
		return false
	}
	if out.h, out.m, out.s, out.ms, ok = tm.write(); !ok {
		return false
	}
	out.offset, out.hasOffset, ok = tz.write()
	return ok
}

// parseLegacy is the legacy loop of DateParser::Parse, starting at the
// first token the ES5 parser did not consume.
func parseLegacy(sc *scanner, tok token, day *dayComposer, tm *timeComposer, tz *tzComposer) bool {
	hasReadNumber := !day.isEmpty()
	for ; !tok.isEnd(); tok = sc.nextToken() {
		switch {
		case tok.isNumber():
			hasReadNumber = true
			if !legacyNumber(sc, tok.value, day, tm, tz) {
				return false
			}
		case tok.isKeyword():
			if !legacyKeyword(sc, tok, hasReadNumber, day, tm, tz) {
				return false
			}
		case tok.isSign() && (tz.isUTC() || !tm.isEmpty()):
			hasReadNumber = true
			if !legacyOffset(sc, tok, tz) {
				return false
			}
		case (tok.isSign() || tok.isSymbol(')')) && hasReadNumber:
			return false // extra sign or ')' after a number
		}
		// other characters and whitespace are ignored
	}
	return true
}

func legacyNumber(sc *scanner, n int, day *dayComposer, tm *timeComposer, tz *tzComposer) bool {
	switch {
	case sc.skipSymbol(':'):
		if sc.skipSymbol(':') { // n + "::"
			if !tm.isEmpty() {
				return false
			}
			tm.add(n)
			tm.add(0)
			return true
		}
		if !tm.add(n) { // n + ":"
			return false
		}
		if sc.peek().isSymbol('.') {
			sc.nextToken()
		}
	case sc.skipSymbol('.') && tm.isExpecting(n):
		tm.add(n)
		if !sc.peek().isNumber() {
			return false
		}
		ms := readMilliseconds(sc.nextToken())
		if ms < 0 {
			return false
		}
		tm.addFinal(ms)
	case tz.isExpecting(n):
		tz.minute = n
	case tm.isExpecting(n):
		tm.addFinal(n)
		// require end, white space, "Z", "+" or "-" after the time
		p := sc.peek()
		if !p.isEnd() && !p.isWhiteSpace() && !p.isKeywordZ() && !p.isSign() {
			return false
		}
	default:
		if !day.add(n) {
			return false
		}
		sc.skipSymbol('-')
	}
	return true
}

func legacyKeyword(sc *scanner, tok token, hasReadNumber bool, day *dayComposer, tm *timeComposer, tz *tzComposer) bool {
	switch {
	case tok.tag == kwAmPm && !tm.isEmpty():
		tm.hourOffset = tok.value
	case tok.tag == kwMonthName:
		day.namedMonth = tok.value
		sc.skipSymbol('-')
	case tok.tag == kwTimeZoneName && hasReadNumber:
		tz.set(tok.value)
	default:
		// garbage words are illegal once a number has been read, and the
		// first number must be separated from a garbage word
		if hasReadNumber || sc.peek().isNumber() {
			return false
		}
	}
	return true
}

// legacyOffset parses a UTC offset after "UTC"/"GMT" or a time.
func legacyOffset(sc *scanner, sign token, tz *tzComposer) bool {
	tz.setSign(sign.sign())
	n, length := 0, 0
	if sc.peek().isNumber() {
		t := sc.nextToken()
		n, length = t.value, t.length
	}
	switch {
	case sc.peek().isSymbol(':'):
		tz.hour, tz.minute = n, kNone
	case length == 1 || length == 2: // GMT-8
		tz.hour, tz.minute = n, 0
	case length == 3 || length == 4: // hhmm
		tz.hour, tz.minute = n/100, n%100
	default:
		return false
	}
	return true
}

// readMilliseconds keeps the first three significant digits of a
// fraction, using the token length to account for leading zeros.
func readMilliseconds(t token) int {
	n, length := t.value, t.length
	switch {
	case length == 1:
		return n * 100
	case length == 2:
		return n * 10
	case length > 3:
		if length > maxSignificantDigits {
			length = maxSignificantDigits
		}
		for ; length > 3; length-- {
			n /= 10
		}
	}
	return n
}
