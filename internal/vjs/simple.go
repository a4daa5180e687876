package vjs

import (
	"github.com/sluice-dev/sluice/internal/lazyre"
	"github.com/sluice-dev/sluice/internal/swar"
)

// IsAscii is validator.isAscii: /^[\x00-\x7F]+$/ ("" => false).
func IsAscii(s string) bool {
	return s != "" && swar.ASCII(s)
}

func isHexByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// allHex reports whether s is non-empty and all [0-9a-fA-F].
func allHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHexByte(s[i]) {
			return false
		}
	}
	return s != ""
}

// IsHexadecimal is validator.isHexadecimal: /^(0x|0h)?[0-9A-F]+$/i.
func IsHexadecimal(s string) bool {
	if allHex(s) {
		return true
	}
	return len(s) > 2 && s[0] == '0' && (s[1]|0x20 == 'x' || s[1]|0x20 == 'h') && allHex(s[2:])
}

// IsHexColor is validator.isHexColor: #? then 3, 4, 6 or 8 hex digits;
// requireHashtag makes the '#' mandatory.
func IsHexColor(s string, requireHashtag bool) bool {
	if s != "" && s[0] == '#' {
		s = s[1:]
	} else if requireHashtag {
		return false
	}
	switch len(s) {
	case 3, 4, 6, 8:
		return allHex(s)
	}
	return false
}

// IsMD5 is validator.isMD5: /^[a-f0-9]{32}$/ (lower case only).
func IsMD5(s string) bool {
	if len(s) != 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

var (
	rfc3339Re = lazyre.New(`^[0-9]{4}-(0[1-9]|1[0-2])-([12]\d|0[1-9]|3[01])[ tT]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?([zZ]|[-+]([01][0-9]|2[0-3]):[0-5][0-9])$`)
	isinRe    = lazyre.New(`^[A-Z]{2}[0-9A-Z]{9}[0-9]$`)
)

// IsRFC3339 is validator.isRFC3339 (regex only, no calendar check).
func IsRFC3339(s string) bool {
	return rfc3339Re().MatchString(s)
}

// IsISIN is validator.isISIN: format plus the ISIN Luhn variant.
func IsISIN(s string) bool {
	if !isinRe().MatchString(s) {
		return false
	}
	double, sum := true, 0
	add := func(d int) {
		if double {
			d *= 2
			if d >= 10 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	for i := len(s) - 2; i >= 0; i-- {
		if c := s[i]; c >= 'A' {
			v := int(c) - 55
			add(v % 10)
			add(v / 10)
		} else {
			add(int(c - '0'))
		}
	}
	check := (sum+9)/10*10 - sum
	return int(s[len(s)-1]-'0') == check
}

// ISSNOptions are validator.isISSN's options.
type ISSNOptions struct {
	CaseSensitive bool // case_sensitive: reject a lower-case 'x'
	RequireHyphen bool // require_hyphen
}

// IsISSN is validator.isISSN: ^\d{4}-?\d{3}[\dX]$ then a mod-11 checksum.
func IsISSN(s string, o ISSNOptions) bool {
	hyphen := len(s) == 9 && s[4] == '-'
	if !hyphen && (len(s) != 8 || o.RequireHyphen) {
		return false
	}
	sum := 0
	for i := 0; i < 8; i++ {
		c := s[i]
		if hyphen && i >= 4 {
			c = s[i+1]
		}
		switch {
		case c >= '0' && c <= '9':
			sum += int(c-'0') * (8 - i)
		case i == 7 && (c == 'X' || c == 'x' && !o.CaseSensitive):
			sum += 10
		default:
			return false
		}
	}
	return sum%11 == 0
}
