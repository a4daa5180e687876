package jsdate

import (
	"math"
	"strings"
	"time"
)

// ParseLenient is @terascope/core-utils getValidDate for a string: V8
// Parse; then the same with every '-' replaced by '/'; then DateMath
// relative to now; then an `ms` duration ("2 days", "1h", "-3d") added to
// now. ok is false when all four fail.
func ParseLenient(s string, now time.Time) (ms float64, ok bool) {
	if t, ok := parseWithRetry(s); ok {
		return t, true
	}
	return parseRelative(s, FromTime(now))
}

// parseWithRetry is the string branch of core-utils _getValidDate.
func parseWithRetry(s string) (float64, bool) {
	if t, ok := Parse(s); ok {
		return t, true
	}
	if strings.IndexByte(s, '-') < 0 {
		return nanTime, false
	}
	return Parse(strings.ReplaceAll(s, "-", "/"))
}

// parseRelative is core-utils parseRelativeDate.
func parseRelative(s string, now float64) (float64, bool) {
	if s == "" {
		return nanTime, false
	}
	trimmed := normalizeNow(s)
	if t, ok := dateMath(trimmed, now); ok {
		return t, true
	}
	if trimmed == "" {
		return nanTime, false
	}
	d, ok := msDuration(trimmed)
	if !ok {
		return nanTime, false
	}
	t := now + d
	// getValidDate(number): integers only. An out-of-range integer gives an
	// Invalid Date object there; it is reported as invalid here.
	if t != math.Trunc(t) || !Valid(t) {
		return nanTime, false
	}
	return t, true
}

// ValidDate is core-utils _getValidDate / isValidDate for a JS value
// (nil, bool, float64, string, []any, map[string]any, ...): integer
// numbers are epoch milliseconds, strings are parsed with the
// dashes-to-slashes retry, a [ms, offsetMinutes] date tuple is its first
// element, other values go through `new Date(value)`. No date math.
//
// As in core-utils, an integer outside the JS time range is reported as
// valid (it yields an Invalid Date object there); the returned time value
// is then NaN.
func ValidDate(v any) (ms float64, ok bool) {
	switch x := v.(type) {
	case nil, bool:
		return nanTime, false
	case float64:
		if x != math.Trunc(x) || math.IsInf(x, 0) {
			return nanTime, false
		}
		return timeClip(x), true
	case int:
		return timeClip(float64(x)), true
	case int64:
		return timeClip(float64(x)), true
	case string:
		return parseWithRetry(x)
	case []any:
		if t, ok := dateTuple(x); ok {
			return timeClip(t), true
		}
	}
	t := NewDate(v)
	return t, !math.IsNaN(t)
}

// dateTuple recognizes core-utils' DateTuple [epochMillis, offsetMinutes].
func dateTuple(a []any) (float64, bool) {
	if len(a) != 2 {
		return 0, false
	}
	t, ok1 := a[0].(float64)
	off, ok2 := a[1].(float64)
	if !ok1 || !ok2 || t != math.Trunc(t) || off != math.Trunc(off) || math.IsInf(t, 0) {
		return 0, false
	}
	return t, off <= 1440 && off >= -1440
}

// NewDate is `new Date(value)` for a JSON-like JS value: numbers are time
// values, strings are parsed (Parse), booleans and null convert to numbers,
// arrays and objects go through their string conversion.
func NewDate(v any) float64 {
	switch x := v.(type) {
	case nil:
		return 0
	case bool:
		if x {
			return 1
		}
		return 0
	case float64:
		return timeClip(x)
	case int:
		return timeClip(float64(x))
	case int64:
		return timeClip(float64(x))
	case string:
		t, _ := Parse(x)
		return t
	}
	t, _ := Parse(ToString(v))
	return t
}
