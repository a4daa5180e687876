package l10n

import (
	"strings"
	"time"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

// The zh-CN, zh-HK and zh-TW identity-card validators of validator.js
// 13.15.35 (MIT licence, Copyright (c) 2018 Chris O'Hara).

var (
	reIdCN15 = lazyre.New(`^[1-9]\d{7}((0[1-9])|(1[0-2]))((0[1-9])|([1-2][0-9])|(3[0-1]))\d{3}$`)
	reIdCN18 = lazyre.New(`^[1-9]\d{5}[1-9]\d{3}((0[1-9])|(1[0-2]))((0[1-9])|([1-2][0-9])|(3[0-1]))\d{3}(\d|x|X)$`)
	reIdHK   = lazyre.New(`^[A-Z]{1,2}[0-9]{6}((\([0-9A]\))|(\[[0-9A]\])|([0-9A]))$`)
)

// cnAddressCodes are the province codes accepted by zh-CN.
var cnAddressCodes = map[string]bool{
	"11": true, "12": true, "13": true, "14": true, "15": true, "21": true,
	"22": true, "23": true, "31": true, "32": true, "33": true, "34": true,
	"35": true, "36": true, "37": true, "41": true, "42": true, "43": true,
	"44": true, "45": true, "46": true, "50": true, "51": true, "52": true,
	"53": true, "54": true, "61": true, "62": true, "63": true, "64": true,
	"65": true, "71": true, "81": true, "82": true, "91": true,
}

// nowFunc is the clock of the zh-CN birthday check (a var for tests).
var nowFunc = time.Now

// idZhCN: the entry regex /^\d{15}|(\d{17}(\d|x|X))$/ (whose alternation
// is unanchored) is implied by both anchored checks below.
func idZhCN(s string) bool {
	if len(s) == 15 {
		return reIdCN15().MatchString(s) && cnAddressCodes[s[:2]] && cnBirthday("19"+s[6:12])
	}
	return reIdCN18().MatchString(s) && cnAddressCodes[s[:2]] && cnBirthday(s[6:14]) &&
		cnParity(s)
}

// cnBirthday is checkBirthDayCode on yyyymmdd: a real calendar date, not
// after now. JS builds it in local time, which sluice fixes to UTC.
func cnBirthday(code string) bool {
	y, m, d := atoiDigits(code[:4]), atoiDigits(code[4:6]), atoiDigits(code[6:])
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.After(nowFunc()) {
		return false
	}
	return t.Year() == y && int(t.Month()) == m && t.Day() == d
}

func cnParity(s string) bool {
	powers := [17]int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for i, p := range powers {
		sum += digit(s, i) * p
	}
	last := s[17]
	if last == 'x' {
		last = 'X'
	}
	return "10X98765432"[sum%11] == last
}

func idZhHK(s string) bool {
	s = jsUpper(jsTrim(s))
	if !reIdHK().MatchString(s) {
		return false
	}
	s = strings.NewReplacer("[", "", "]", "", "(", "", ")", "").Replace(s)
	if len(s) == 8 {
		s = "3" + s
	}
	sum := 0
	for i := 0; i <= 7; i++ {
		v := int(s[i]-55) % 11
		if s[i] >= '0' && s[i] <= '9' {
			v = digit(s, i)
		}
		sum += v * (9 - i)
	}
	sum %= 11
	want := byte('0' + 11 - sum)
	switch sum {
	case 0:
		want = '0'
	case 1:
		want = 'A'
	}
	return s[len(s)-1] == want
}

// twCodes maps the zh-TW leading letter to its numeric code.
var twCodes = [26]int{10, 11, 12, 13, 14, 15, 16, 17, 34, 18, 19, 20, 21,
	22, 35, 23, 24, 25, 26, 27, 28, 29, 32, 30, 31, 33}

func idZhTW(s string) bool {
	s = jsUpper(jsTrim(s))
	if len(s) != 10 || s[0] < 'A' || s[0] > 'Z' || digitRun(s, 1) != 10 {
		return false
	}
	code := twCodes[s[0]-'A']
	sum := code%10*9 + code/10
	for i := 1; i < 9; i++ {
		sum += digit(s, i) * (9 - i)
	}
	return (10-sum%10-digit(s, 9))%10 == 0
}
