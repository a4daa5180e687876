package jsdate

import (
	"math"
	"strconv"
	"strings"
)

// Anchor parsing of datemath-parser 1.0.6 (MIT, Ran Ding): moment.js
// non-strict parsing (`moment.utc(s, formats)`) against the
// Elasticsearch-style format list, choosing the best-scoring format the
// way moment's configFromStringAndArray does.
//
// Each format is spelled in a one-letter-per-token code:
//
//	Y=YYYY y=YYYYY M=MM D=DD J=DDD H=HH m=mm s=ss S=SSS Z=Z/ZZ
//
// and the literals '-', ':', '.', 'T' (from "[T]").
var momentFormats = buildMomentFormats([]string{
	"Y", "YT", "YM", "YMD", "YMDTHms.SZ", "YMDTHmsZ", "YJ", "YJTHms.SZ", "YJTHmsZ",
	"Hms.SZ", "HmsZ", "THms.SZ", "THmsZ", "Y-M", "Y-M-D", "Y-M-DTH", "Y-M-DTH:m",
	"Y-M-DTH:m:s", "Y-M-DTH:m:s.S", "Y-M-DTH:m:s.SZ", "Y-M-DTH:m:sZ", "Y-M-DTH:mZ",
	"H", "H:m", "H:m:s", "H:m:s.S", "Y-J", "Y-JTH:m:s.SZ", "Y-JTH:m:sZ", "H:m:s.SZ",
	"H:m:sZ", "TH:m:s.SZ", "TH:m:sZ",
})

// buildMomentFormats appends the five-digit-year variant of every format
// containing YYYY, as datemath-parser does at load time.
func buildMomentFormats(base []string) []string {
	out := append([]string(nil), base...)
	for _, f := range base {
		if strings.Contains(f, "Y") {
			out = append(out, strings.Replace(f, "Y", "y", 1))
		}
	}
	return out
}

const (
	aYear = iota
	aMonth
	aDate
	aHour
	aMinute
	aSecond
	aMillis
)

// momentParse is the state of one non-strict configFromStringAndFormat run.
type momentParse struct {
	a             [7]int
	set           [7]bool
	dayOfYear     int
	hasDayOfYear  bool
	tzm           int
	hasTZM        bool
	invalidOffset bool
	empty         bool
	unusedTokens  int
	parsedLen     int
	t             float64
	nextDay       bool
	valid         bool
}

// momentAnchor parses s like moment.utc(s, formats) and returns the time
// value (NaN when moment's result is invalid).
func momentAnchor(s string, now float64) float64 {
	var best, cur momentParse
	bestValid, haveBest, bestScore := false, false, 0
	for _, f := range momentFormats {
		cur = momentParse{}
		cur.run(s, f, now)
		score := (len(s) - cur.parsedLen) + cur.unusedTokens*10
		switch {
		case !bestValid:
			if !haveBest || score < bestScore || cur.valid {
				best, bestScore, haveBest = cur, score, true
				bestValid = cur.valid
			}
		case score < bestScore:
			best, bestScore = cur, score
		}
		if bestValid && bestScore == 0 {
			break // nothing can score lower: the choice is final
		}
	}
	if !best.valid {
		return nanTime
	}
	if best.nextDay {
		return timeClip(best.t + msPerDay)
	}
	return best.t
}

func (p *momentParse) run(s, format string, now float64) {
	p.empty = true
	rest := s
	for i := 0; i < len(format); i++ {
		code := format[i]
		start, end := momentMatch(rest, code)
		isToken := !strings.ContainsRune("-:.T", rune(code))
		if start < 0 {
			if isToken {
				p.unusedTokens++
			}
			continue
		}
		text := rest[start:end]
		rest = rest[end:]
		p.parsedLen += len(text)
		if isToken {
			p.empty = false
			p.addToken(code, text)
		}
	}
	p.build(now)
}

// momentMatch finds the first (unanchored) match of the token's
// non-strict regex in s; start is -1 when there is none.
func momentMatch(s string, code byte) (start, end int) {
	switch code {
	case 'Y':
		return digitRun(s, 1, 4, false)
	case 'y':
		return digitRun(s, 1, 6, true)
	case 'M', 'D', 'H', 'm', 's':
		return digitRun(s, 1, 2, false)
	case 'J', 'S':
		return digitRun(s, 1, 3, false)
	case 'Z':
		return shortOffset(s)
	}
	i := strings.IndexByte(s, code)
	if i < 0 {
		return -1, -1
	}
	return i, i + 1
}

// digitRun matches /[+-]?\d{min,max}/ (sign only when signed).
func digitRun(s string, min, max int, signed bool) (int, int) {
	for i := 0; i < len(s); i++ {
		j := i
		if signed && (s[i] == '+' || s[i] == '-') && i+1 < len(s) && isDigit(s[i+1]) {
			j++
		}
		if !isDigit(s[j]) {
			continue
		}
		k := j
		for k < len(s) && k-j < max && isDigit(s[k]) {
			k++
		}
		if k-j >= min {
			return i, k
		}
	}
	return -1, -1
}

// shortOffset matches /Z|[+-]\d\d(?::?\d\d)?/i.
func shortOffset(s string) (int, int) {
	for i := 0; i < len(s); i++ {
		if s[i] == 'Z' || s[i] == 'z' {
			return i, i + 1
		}
		if (s[i] == '+' || s[i] == '-') && i+2 < len(s) && isDigit(s[i+1]) && isDigit(s[i+2]) {
			j := i + 3
			k := j
			if k < len(s) && s[k] == ':' {
				k++
			}
			if k+1 < len(s) && isDigit(s[k]) && isDigit(s[k+1]) {
				return i, k + 2
			}
			return i, j
		}
	}
	return -1, -1
}

func (p *momentParse) addToken(code byte, text string) {
	n := momentToInt(text)
	switch code {
	case 'Y':
		if len(text) == 2 {
			if n > 68 {
				n += 1900
			} else {
				n += 2000
			}
		}
		p.put(aYear, n)
	case 'y':
		p.put(aYear, n)
	case 'M':
		p.put(aMonth, n-1)
	case 'D':
		p.put(aDate, n)
	case 'J':
		p.dayOfYear, p.hasDayOfYear = n, true
	case 'H':
		p.put(aHour, n)
	case 'm':
		p.put(aMinute, n)
	case 's':
		p.put(aSecond, n)
	case 'S':
		f, _ := strconv.ParseFloat("0."+text, 64)
		p.put(aMillis, int(math.Floor(f*1000)))
	case 'Z':
		p.tzm, p.hasTZM = offsetFromString(text)
		p.invalidOffset = !p.hasTZM
	}
}

func (p *momentParse) put(i, v int) { p.a[i], p.set[i] = v, true }

// momentToInt is moment's toInt for the (digit, optionally signed) texts
// the token regexes produce.
func momentToInt(s string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(s, "+"))
	return n
}

// offsetFromString converts a matched "Z" / "+hh" / "+hh:mm" / "+hhmm" to
// minutes; ok is false for moment's invalid offsets.
func offsetFromString(s string) (int, bool) {
	if s == "Z" || s == "z" {
		return 0, true
	}
	digits := strings.ReplaceAll(s[1:], ":", "")
	h, m := momentToInt(digits[:2]), 0
	if len(digits) >= 4 {
		m = momentToInt(digits[2:4])
	}
	minutes := h*60 + m
	if m > 59 || (s[0] == '+' && minutes > 14*60) || (s[0] == '-' && minutes > 12*60) {
		return 0, false
	}
	if s[0] == '-' {
		return -minutes, true
	}
	return minutes, true
}
