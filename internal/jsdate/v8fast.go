package jsdate

// fastISO handles the common ISO shapes YYYY-MM-DD and
// YYYY-MM-DDTHH:mm:ss[.sss]Z without the tokenizer. It gives exactly the
// ES5 parser's result; handled is false when s has another shape.
func fastISO(s string) (t float64, ok, handled bool) {
	n := len(s)
	if n != 10 && n != 20 && n != 24 {
		return 0, false, false
	}
	if !digits(s, 0, 4) || s[4] != '-' || !digits(s, 5, 2) || s[7] != '-' || !digits(s, 8, 2) {
		return 0, false, false
	}
	year, month, day := num(s, 0, 4), num(s, 5, 2), num(s, 8, 2)
	if n == 10 {
		if !isMonth(month) || !isDay(day) {
			return 0, false, false // let the legacy parser decide
		}
		return finishFast(year, month, day, 0, 0, 0, 0)
	}
	if s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[n-1] != 'Z' ||
		!digits(s, 11, 2) || !digits(s, 14, 2) || !digits(s, 17, 2) {
		return 0, false, false
	}
	ms := 0
	if n == 24 {
		if s[19] != '.' || !digits(s, 20, 3) {
			return 0, false, false
		}
		ms = num(s, 20, 3)
	}
	h, m, sec := num(s, 11, 2), num(s, 14, 2), num(s, 17, 2)
	if !isMonth(month) || !isDay(day) || h > 24 || !isMinute(m) || !isMinute(sec) ||
		(h == 24 && (m > 0 || sec > 0 || ms > 0)) {
		return 0, false, false
	}
	return finishFast(year, month, day, h, m, sec, ms)
}

func finishFast(year, month, day, h, m, s, ms int) (float64, bool, bool) {
	r := parsed{year: year, month: month - 1, day: day, h: h, m: m, s: s, ms: ms, hasOffset: true}
	t := r.timeValue()
	return t, Valid(t), true
}

func digits(s string, i, n int) bool {
	for j := i; j < i+n; j++ {
		if !isDigit(s[j]) {
			return false
		}
	}
	return true
}

func num(s string, i, n int) int {
	v := 0
	for j := i; j < i+n; j++ {
		v = v*10 + int(s[j]-'0')
	}
	return v
}
