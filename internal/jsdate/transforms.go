package jsdate

import (
	"errors"
	"math"
	"time"
)

// The data-mate field transforms toUnixTime, toISO8601, formatDate and
// parseDate. The scalar functions are the per-element operation (what
// data-mate applies to a non-array input or to each non-nil array
// element); an error means the JS function throws. The ...Value variants
// take the whole field value: nil gives nil (JS null), an array drops its
// nil elements and maps the rest to a []any, anything else gives the
// scalar result.

// ToUnixTime converts a date to epoch seconds (floor), or milliseconds
// when ms is set. Integers are epoch milliseconds, strings are parsed with
// the dashes-to-slashes retry. An integer outside the JS time range gives
// NaN, as in JS.
func ToUnixTime(v any, ms bool) (float64, error) {
	r, err := unixTime(v, ms)
	if err != nil {
		return nanTime, err
	}
	f, ok := r.(float64)
	if !ok {
		return nanTime, nil // data-mate returns `false` for this (nested array) input
	}
	return f, nil
}

func unixTime(v any, ms bool) (any, error) {
	if !elemValid(v) {
		return nil, errors.New("Not a valid date, cannot transform " + ToString(v) + " to unix time")
	}
	t, ok := ValidDate(v)
	if !ok {
		return false, nil // core-utils getTime returned false
	}
	if ms {
		return t, nil
	}
	return math.Floor(t / 1000), nil
}

// ToUnixTimeValue is ToUnixTime over a whole field value.
func ToUnixTimeValue(v any, ms bool) (any, error) {
	return mapValue(v, func(e any) (any, error) { return unixTime(e, ms) })
}

// ToISO8601 is data-mate toISO8601: new Date(v).toISOString(), where a
// number is first multiplied by 1000 when resolution is truthy (any
// resolution, "milliseconds" included).
func ToISO8601(v any, resolution any) (string, error) {
	if !elemValid(v) {
		return "", errors.New("Input is not valid date, received " + ToString(v))
	}
	t := NewDate(v)
	if isNumberValue(v) && Truthy(resolution) {
		t = timeClip(toNumber(v) * 1000)
	}
	s, ok := ToISOString(t)
	if !ok {
		return "", errInvalidTime
	}
	return s, nil
}

// ToISO8601Value is ToISO8601 over a whole field value.
func ToISO8601Value(v any, resolution any) (any, error) {
	return mapValue(v, func(e any) (any, error) { return ToISO8601(e, resolution) })
}

// FormatDate is data-mate formatDate: date-fns format of new Date(v) in
// Local (UTC); a number is multiplied by 1000 when resolution is
// "seconds". The rule's format must be a string (data-mate throws
// otherwise; the caller checks that).
func FormatDate(v any, format string, resolution string) (string, error) {
	if !elemValid(v) {
		return "", errors.New("Input is not valid date")
	}
	t := NewDate(v)
	input := func() string { return ToString(v) } // String(date) in messages
	if isStringValue(v) {
		input = func() string { return DateString(t) }
	} else if isNumberValue(v) && resolution == "seconds" {
		t = timeClip(toNumber(v) * 1000)
		input = func() string { return FormatNumber(t) }
	}
	return formatDate(t, format, input)
}

// FormatDateValue is FormatDate over a whole field value.
func FormatDateValue(v any, format string, resolution string) (any, error) {
	return mapValue(v, func(e any) (any, error) { return FormatDate(e, format, resolution) })
}

// ParseDate is data-mate parseDate with the current time as the
// reference date: date-fns parse(String(v), format, new Date()).
func ParseDate(v any, format string) (float64, error) {
	return ParseDateAt(v, format, time.Now())
}

// ParseDateAt is ParseDate with an explicit reference date (used for the
// fields the format does not set).
func ParseDateAt(v any, format string, now time.Time) (float64, error) {
	t, err := ParseFormat(ToString(v), format, FromTime(now))
	if err != nil {
		return nanTime, err
	}
	if !Valid(t) {
		return nanTime, errors.New("Cannot parse date")
	}
	return t, nil
}

// ParseDateValue is ParseDateAt over a whole field value; results are
// time values (float64 ms).
func ParseDateValue(v any, format string, now time.Time) (any, error) {
	return mapValue(v, func(e any) (any, error) { return ParseDateAt(e, format, now) })
}

// mapValue applies data-mate's nil / array handling around fn.
func mapValue(v any, fn func(any) (any, error)) (any, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case []any:
		out := make([]any, 0, len(x))
		for _, e := range x {
			if e == nil {
				continue
			}
			r, err := fn(e)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return out, nil
	}
	return fn(v)
}
