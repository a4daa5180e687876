package jsdate

// parseES5 is V8's ParseES5DateTime: it consumes as much of an ES5 ISO
// date-time string as it can. It returns the end token when the whole
// string was an ISO date, an invalid token on a terminal error, and
// otherwise the next token for the legacy parser.
func parseES5(sc *scanner, day *dayComposer, tm *timeComposer, tz *tzComposer) token {
	if t, done := parseES5Date(sc, day); done {
		return t
	}
	if sc.peek().tag != kwTimeSeparator {
		if !sc.peek().isEnd() {
			return sc.nextToken()
		}
	} else if !parseES5Time(sc, tm, tz) {
		return token{tag: tagInvalid}
	}
	// date-only forms are UTC, date-time forms local time
	if tz.isEmpty() && tm.isEmpty() {
		tz.set(0)
	}
	day.isoDate = true
	return token{tag: tagEnd, value: -1}
}

// parseES5Date reads [('-'|'+')yy]yyyy[-MM[-DD]]; done means "return t".
func parseES5Date(sc *scanner, day *dayComposer) (t token, done bool) {
	switch {
	case sc.peek().isSign():
		signTok := sc.nextToken()
		if !sc.peek().isFixedNumber(6) {
			return signTok, true
		}
		sign, year := signTok.sign(), sc.nextToken().value
		if sign < 0 && year == 0 {
			return signTok, true
		}
		day.add(sign * year)
	case sc.peek().isFixedNumber(4):
		day.add(sc.nextToken().value)
	default:
		return sc.nextToken(), true
	}
	if sc.skipSymbol('-') {
		if p := sc.peek(); !p.isFixedNumber(2) || !isMonth(p.value) {
			return sc.nextToken(), true
		}
		day.add(sc.nextToken().value)
		if sc.skipSymbol('-') {
			if p := sc.peek(); !p.isFixedNumber(2) || !isDay(p.value) {
				return sc.nextToken(), true
			}
			day.add(sc.nextToken().value)
		}
	}
	return token{}, false
}

// parseES5Time reads 'T'HH':'mm[':'ss['.'sss]][Z|(+|-)hh[:]mm] to the end.
func parseES5Time(sc *scanner, tm *timeComposer, tz *tzComposer) bool {
	sc.nextToken() // 'T'
	if p := sc.peek(); !p.isFixedNumber(2) || !between(p.value, 0, 24) {
		return false
	}
	hour24 := sc.peek().value == 24
	tm.add(sc.nextToken().value)
	if !sc.skipSymbol(':') {
		return false
	}
	if p := sc.peek(); !p.isFixedNumber(2) || !isMinute(p.value) || (hour24 && p.value > 0) {
		return false
	}
	tm.add(sc.nextToken().value)
	if sc.skipSymbol(':') {
		if p := sc.peek(); !p.isFixedNumber(2) || !isMinute(p.value) || (hour24 && p.value > 0) {
			return false
		}
		tm.add(sc.nextToken().value)
		if sc.skipSymbol('.') {
			if p := sc.peek(); !p.isNumber() || (hour24 && p.value > 0) {
				return false
			}
			tm.add(readMilliseconds(sc.nextToken()))
		}
	}
	if !parseES5Zone(sc, tz) {
		return false
	}
	return sc.peek().isEnd()
}

func parseES5Zone(sc *scanner, tz *tzComposer) bool {
	switch p := sc.peek(); {
	case p.isKeywordZ():
		sc.nextToken()
		tz.set(0)
	case p.isSign():
		tz.setSign(sc.nextToken().sign())
		if sc.peek().isFixedNumber(4) { // hhmm extension
			hm := sc.nextToken().value
			if !isHour(hm/100) || !isMinute(hm%100) {
				return false
			}
			tz.hour, tz.minute = hm/100, hm%100
			return true
		}
		if p := sc.peek(); !p.isFixedNumber(2) || !isHour(p.value) {
			return false
		}
		tz.hour = sc.nextToken().value
		if !sc.skipSymbol(':') {
			return false
		}
		if p := sc.peek(); !p.isFixedNumber(2) || !isMinute(p.value) {
			return false
		}
		tz.minute = sc.nextToken().value
	}
	return true
}
