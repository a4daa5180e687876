package l10n

import (
	"strings"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

// isIdentityCard of validator.js 13.15.35 (src/lib/isIdentityCard.js, MIT
// licence, Copyright (c) 2018 Chris O'Hara), one Go function per locale.

// idLocales lists the validators in validator.js's key order ("any" tries
// them in this order).
var idLocales = []string{"PL", "ES", "FI", "IN", "IR", "IT", "NO", "TH", "LK",
	"he-IL", "ar-LY", "ar-TN", "zh-CN", "zh-HK", "zh-TW", "PK"}

var idValidators = map[string]func(string) bool{
	"PL": idPL, "ES": idES, "FI": idFI, "IN": idIN, "IR": idIR, "IT": idIT,
	"NO": idNO, "TH": idTH, "LK": idLK, "he-IL": idHeIL, "ar-LY": idArLY,
	"ar-TN": idArTN, "zh-CN": idZhCN, "zh-HK": idZhHK, "zh-TW": idZhTW,
	"PK": idPK,
}

var (
	reIdES   = lazyre.New(`^[0-9X-Z][0-9]{7}[TRWAGMYFPDXBNJZSQVHLCKE]$`)
	reIdFI   = lazyre.New(`^\d{6}[\-A\+]\d{3}[0-9ABCDEFHJKLMNPRSTUVWXY]{1}$`)
	reIdIN   = lazyre.New(`^[1-9]\d{3}[` + jsSpaceClass + `]?\d{4}[` + jsSpaceClass + `]?\d{4}$`)
	reIdIT   = lazyre.New(`[cC][A-Za-z]\d{5}[A-Za-z]{2}`)
	reIdLKv1 = lazyre.New(`^[1-9]\d{8}[vxVX]$`)
	reIdPK   = lazyre.New(`^[1-7][0-9]{4}-[0-9]{7}-[1-9]$`)
)

// digitsN reports whether s is exactly n ASCII digits.
func digitsN(s string, n int) bool {
	return len(s) == n && digitRun(s, 0) == n
}

func digit(s string, i int) int { return int(s[i] - '0') }

func idPL(s string) bool {
	if !digitsN(s, 11) {
		return false
	}
	weights := [10]int{1, 3, 7, 9, 1, 3, 7, 9, 1, 3}
	sum := 0
	for i, w := range weights {
		sum += digit(s, i) * w
	}
	mod, last := sum%10, digit(s, 10)
	return (mod == 0 && last == 0) || last == 10-mod
}

func idES(s string) bool {
	s = jsUpper(jsTrim(s))
	if !reIdES().MatchString(s) {
		return false
	}
	n := 0
	for i := 0; i < 8; i++ {
		d := int(s[i] - '0')
		if s[i] >= 'X' {
			d = int(s[i] - 'X')
		}
		n = n*10 + d
	}
	return s[8] == "TRWAGMYFPDXBNJZSQVHLCKE"[n%23]
}

func idFI(s string) bool {
	if len(s) != 11 || !reIdFI().MatchString(s) {
		return false
	}
	n := atoiDigits(s[:6])*1000 + atoiDigits(s[7:10])
	return "0123456789ABCDEFHJKLMNPRSTUVWXY"[n%31] == s[10]
}

// atoiDigits parses a string of ASCII digits.
func atoiDigits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

var verhoeffD = [10][10]int{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 3, 4, 0, 6, 7, 8, 9, 5},
	{2, 3, 4, 0, 1, 7, 8, 9, 5, 6}, {3, 4, 0, 1, 2, 8, 9, 5, 6, 7}, {4, 0, 1, 2, 3, 9, 5, 6, 7, 8},
	{5, 9, 8, 7, 6, 0, 4, 3, 2, 1}, {6, 5, 9, 8, 7, 1, 0, 4, 3, 2}, {7, 6, 5, 9, 8, 2, 1, 0, 4, 3},
	{8, 7, 6, 5, 9, 3, 2, 1, 0, 4}, {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}}

var verhoeffP = [8][10]int{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 5, 7, 6, 2, 8, 3, 0, 9, 4},
	{5, 8, 0, 3, 7, 9, 6, 1, 4, 2}, {8, 9, 1, 6, 0, 4, 3, 5, 2, 7}, {9, 4, 5, 3, 1, 2, 6, 8, 7, 0},
	{4, 2, 8, 6, 5, 7, 3, 9, 0, 1}, {2, 7, 9, 3, 8, 0, 6, 4, 1, 5}, {7, 0, 4, 6, 9, 1, 3, 2, 5, 8}}

func idIN(s string) bool {
	s = jsTrim(s)
	if !reIdIN().MatchString(s) {
		return false
	}
	digits := strings.Map(func(r rune) rune {
		if isJSSpace(r) {
			return -1
		}
		return r
	}, s)
	c := 0
	for i := 0; i < len(digits); i++ {
		c = verhoeffD[c][verhoeffP[i%8][digit(digits, len(digits)-1-i)]]
	}
	return c == 0
}

func idIR(s string) bool {
	if !digitsN(s, 10) || atoiDigits(s[3:9]) == 0 {
		return false
	}
	sum := 0
	for i := 0; i < 9; i++ {
		sum += digit(s, i) * (10 - i)
	}
	sum %= 11
	last := digit(s, 9)
	return (sum < 2 && last == sum) || (sum >= 2 && last == 11-sum)
}

func idIT(s string) bool {
	return utf16Len(s) == 9 && s != "CA00000AA" && reIdIT().MatchString(s)
}

func idNO(s string) bool {
	s = jsTrim(s)
	if !digitsN(s, 11) || s == "00000000000" {
		return false
	}
	w1 := [9]int{3, 7, 6, 1, 8, 9, 4, 5, 2}
	w2 := [9]int{5, 4, 3, 2, 7, 6, 5, 4, 3}
	s1, s2 := 0, 0
	for i := 0; i < 9; i++ {
		s1 += w1[i] * digit(s, i)
		s2 += w2[i] * digit(s, i)
	}
	k1 := (11 - s1%11) % 11
	k2 := (11 - (s2+2*k1)%11) % 11
	return k1 == digit(s, 9) && k2 == digit(s, 10)
}

func idTH(s string) bool {
	if !digitsN(s, 13) || s[0] < '1' || s[0] > '8' {
		return false
	}
	sum := 0
	for i := 0; i < 12; i++ {
		sum += digit(s, i) * (13 - i)
	}
	return digit(s, 12) == (11-sum%11)%10
}

func idLK(s string) bool {
	if len(s) == 10 && reIdLKv1().MatchString(s) {
		return true
	}
	return digitsN(s, 12) && s[0] != '0'
}

func idHeIL(s string) bool {
	s = jsTrim(s)
	if !digitsN(s, 9) {
		return false
	}
	sum := 0
	for i := 0; i < 9; i++ {
		inc := digit(s, i) * (i%2 + 1)
		if inc > 9 {
			inc -= 9
		}
		sum += inc
	}
	return sum%10 == 0
}

func idArLY(s string) bool {
	s = jsTrim(s)
	return digitsN(s, 12) && (s[0] == '1' || s[0] == '2')
}

func idArTN(s string) bool { return digitsN(jsTrim(s), 8) }

func idPK(s string) bool { return reIdPK().MatchString(jsTrim(s)) }

// idAny is the "any" locale: some validator accepts s.
func idAny(s string) bool {
	for _, l := range idLocales {
		if idValidators[l](s) {
			return true
		}
	}
	return false
}

// idLookup resolves `locale in validators`, then `locale === 'any'`.
// Object.prototype keys call the inherited method with s, as JS does.
func idLookup(key string, isString bool) (func(string) bool, error) {
	if v, ok := idValidators[key]; ok {
		return v, nil
	}
	switch key {
	case "constructor", "toString", "toLocaleString", "valueOf":
		return func(string) bool { return true }, nil // a truthy object/string
	case "hasOwnProperty", "propertyIsEnumerable":
		return func(s string) bool { return idValidators[s] != nil }, nil
	case "isPrototypeOf", "__lookupGetter__", "__lookupSetter__":
		return func(string) bool { return false }, nil
	case "__defineGetter__", "__defineSetter__":
		return nil, typeError("Object.prototype." + key + ": Expecting function")
	case "__proto__":
		return nil, typeError("validators[locale] is not a function")
	case "any":
		if isString {
			return idAny, nil
		}
	}
	return nil, invalidLocale(key)
}

// IsIdentityCard is validator.js isIdentityCard(s, locale); locale is one
// of PL ES FI IN IR IT NO TH LK he-IL ar-LY ar-TN zh-CN zh-HK zh-TW PK, or
// "any".
func IsIdentityCard(s, locale string) (bool, error) {
	v, err := idLookup(locale, true)
	if err != nil {
		return false, err
	}
	return v(s), nil
}

// BindIdentityCard binds the validator plugin's `identitycard`; arg is the
// locale argument (`rule.value || rule`).
func BindIdentityCard(arg any) (Checker, error) {
	_, isString := arg.(string)
	v, err := idLookup(jsToString(arg), isString)
	if err != nil {
		return nil, err
	}
	return func(s string) (bool, error) { return v(s), nil }, nil
}
