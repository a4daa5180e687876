package builtin

import (
	"errors"
	"strings"

	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/internal/phone"
	"github.com/sluice-dev/sluice/record"
)

// The isdn built-in: normalize(v) = parsePhoneNumber('+' + v).number.e164
// without '+' (throws when there is none); validate(d) = '+' + d is valid.

// normalizeISDN returns the E.164 digits, also for a number that
// normalizes but is not valid (output:false keeps those).
func normalizeISDN(v any) (any, error) {
	d, err := phone.NormalizeISDN(v)
	if err == nil {
		return d, nil
	}
	if !errors.Is(err, phone.ErrInvalid) {
		return nil, err
	}
	return invalidISDNDigits(v)
}

// invalidISDNDigits recovers the digits of a number that normalizes but is
// invalid. phone.ToISDN parses '+' + String(v).trim() after dropping one
// leading '0', which is the same parse when neither applies.
func invalidISDNDigits(v any) (any, error) {
	s := record.ToString(v)
	if strings.HasPrefix(s, "0") || jsstr.Trim(s) != s {
		return nil, phone.ErrNormalize // see the report: digits not recoverable
	}
	return phone.ToISDN(s)
}

func validateISDN(v any) (bool, error) {
	s, ok := v.(string)
	return ok && phone.IsISDN(s), nil
}
