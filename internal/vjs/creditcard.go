package vjs

import (
	"errors"
	"strings"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

// cardRes is validator.isCreditCard's provider table (note the mastercard
// alternation whose first branch is only anchored at the start).
var cardRes = map[string]lazyre.Regexp{
	"amex":       lazyre.New(`^3[47][0-9]{13}$`),
	"dinersclub": lazyre.New(`^3(?:0[0-5]|[68][0-9])[0-9]{11}$`),
	"discover":   lazyre.New(`^6(?:011|5[0-9][0-9])[0-9]{12,15}$`),
	"jcb":        lazyre.New(`^(?:2131|1800|35\d{3})\d{11}$`),
	"mastercard": lazyre.New(`^5[1-5][0-9]{2}|(222[1-9]|22[3-9][0-9]|2[3-6][0-9]{2}|27[01][0-9]|2720)[0-9]{12}$`),
	"unionpay":   lazyre.New(`^(6[27][0-9]{14}|^(81[0-9]{14,17}))$`),
	"visa":       lazyre.New(`^(?:4[0-9]{12})(?:[0-9]{3,6})?$`),
}

var cardOrder = []string{"amex", "dinersclub", "discover", "jcb", "mastercard", "unionpay", "visa"}

// CardProvider resolves a provider option the way isCreditCard does: ""
// means none; an unknown name is an error (validator throws).
func CardProvider(provider string) (string, error) {
	if provider == "" {
		return "", nil
	}
	p := jsLower(provider)
	if cardRes[p] == nil {
		return "", errors.New(provider + " is not a valid credit card provider.")
	}
	return p, nil
}

// IsCreditCard is validator.isCreditCard with a provider already resolved by
// CardProvider ("" = any provider).
func IsCreditCard(s, provider string) bool {
	sanitized := stripDashSpace(s)
	if provider != "" {
		if !cardRes[provider]().MatchString(sanitized) {
			return false
		}
	} else if !anyCard(sanitized) {
		return false
	}
	return luhn(sanitized)
}

func anyCard(s string) bool {
	for _, p := range cardOrder {
		if cardRes[p]().MatchString(s) {
			return true
		}
	}
	return false
}

// stripDashSpace is str.replace(/[- ]+/g, "").
func stripDashSpace(s string) string {
	if !strings.ContainsAny(s, "- ") {
		return s
	}
	return strings.NewReplacer("-", "", " ", "").Replace(s)
}

// luhn is validator's isLuhnNumber on an already sanitized string (any
// non-digit makes the sum NaN => false).
func luhn(s string) bool {
	sum, double := 0, false
	for i := len(s) - 1; i >= 0; i-- {
		c := s[i]
		if c < '0' || c > '9' {
			return false
		}
		d := int(c - '0')
		if double {
			d *= 2
			if d >= 10 {
				d = d%10 + 1
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0 && s != ""
}
