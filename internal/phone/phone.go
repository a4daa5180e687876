package phone

import (
	"errors"
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// ErrNoNumber is toISDN's "Could not determine the incoming phone number".
var ErrNoNumber = errors.New("Could not determine the incoming phone number")

// ErrNormalize is the isdn built-in's "could not normalize".
var ErrNormalize = errors.New("could not normalize")

// ErrInvalid is returned by NormalizeISDN for a number that normalizes but is
// not valid.
var ErrInvalid = errors.New("invalid phone number")

// parsed is the part of awesome-phonenumber's result the callers use.
type parsed struct {
	e164  string // with the leading "+"; "" when no number was produced
	valid bool
}

// parsePhoneNumber emulates awesome-phonenumber parsePhoneNumber(s) without a
// region hint.
func parsePhoneNumber(s string) parsed {
	s = trimJS(s)
	if !strings.HasPrefix(s, "+") && !strings.HasPrefix(s, "00") {
		return parsed{}
	}
	phonenumbers.Load()
	num, err := phonenumbers.Parse(s, "")
	region := ""
	if err == nil {
		region = phonenumbers.GetRegionCodeForNumber(num)
	}
	if region == "" || region == phonenumbers.UNKNOWN_REGION {
		if region = regionFromPrefix(s); region == "" {
			return parsed{}
		}
		num, err = phonenumbers.Parse(s, region)
	}
	if phonenumbers.GetCountryCodeForRegion(region) == 0 || err != nil {
		return parsed{}
	}
	return parsed{e164: phonenumbers.Format(num, phonenumbers.E164), valid: phonenumbers.IsValidNumber(num)}
}

// regionFromPrefix is awesome-phonenumber's fallback: the first 1, 2 or 3
// characters after the first one, read literally as a country calling code
// (so only canonical digit strings match), give the region; "" when none
// does.
func regionFromPrefix(s string) string {
	for n := 1; n <= 3; n++ {
		if unitLen(s) < n+1 {
			return ""
		}
		cc, ok := callingCode(s[1:], n)
		if !ok {
			continue
		}
		if r := phonenumbers.GetRegionCodeForCountryCode(cc); r != phonenumbers.UNKNOWN_REGION {
			return r
		}
	}
	return ""
}

// callingCode reads the first n bytes of s as a canonical decimal number (no
// leading zero), as a JavaScript object key lookup would.
func callingCode(s string, n int) (int, bool) {
	if len(s) < n || s[0] == '0' {
		return 0, false
	}
	cc := 0
	for i := 0; i < n; i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		cc = cc*10 + int(s[i]-'0')
	}
	return cc, true
}

// IsISDN is data-mate FieldValidator.isISDN: parsePhoneNumber('+' +
// String(v)).valid, with no leading-0 stripping. nil is false; an array
// input is true when it has at least one non-nil element and every non-nil
// element is valid (data-mate's _lift).
func IsISDN(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case []any:
		n := 0
		for _, e := range x {
			if e == nil {
				continue
			}
			if !parsePhoneNumber("+" + jsString(e)).valid {
				return false
			}
			n++
		}
		return n > 0
	}
	return parsePhoneNumber("+" + jsString(v)).valid
}

// toE164Digits is core-utils parsePhoneNumber: trim, drop one leading "0",
// prefix "+" unless present, and return the E.164 digits without "+".
// Validity is not required.
func toE164Digits(v any) (string, error) {
	s := trimJS(coreString(v))
	s = strings.TrimPrefix(s, "0")
	if !strings.HasPrefix(s, "+") {
		s = "+" + s
	}
	p := parsePhoneNumber(s)
	if p.e164 == "" {
		return "", ErrNoNumber
	}
	return p.e164[1:], nil
}

// ToISDN is data-mate FieldTransform.toISDN. nil gives nil; an array input
// drops nil elements and maps the rest ([]any), failing as a whole when one
// element fails; a scalar gives the digits as a string.
func ToISDN(v any) (any, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case []any:
		out := make([]any, 0, len(x))
		for _, e := range x {
			if e == nil {
				continue
			}
			d, err := toE164Digits(e)
			if err != nil {
				return nil, err
			}
			out = append(out, d)
		}
		return out, nil
	}
	return toE164Digits(v)
}

// NormalizeISDN is the deprecated built-in isdn validation for one value:
// normalize parsePhoneNumber('+' + String(v)) to its E.164 digits
// (ErrNormalize when there is none), then require that '+' + digits is
// valid (ErrInvalid). The wrapper maps array elements through it.
func NormalizeISDN(v any) (string, error) {
	p := parsePhoneNumber("+" + jsString(v))
	if p.e164 == "" {
		return "", ErrNormalize
	}
	digits := p.e164[1:]
	if !parsePhoneNumber("+" + digits).valid {
		return "", ErrInvalid
	}
	return digits, nil
}
