package job

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/record"
)

// Param is one parameter of an operation or api schema. Validation follows
// the reference's convict emulation: an absent key takes Default (unless
// NoDefault), an explicit null is kept and checked, and Check runs on the
// resulting value (defaults included, which is how a null default with a
// required format makes a parameter required).
type Param struct {
	Name      string
	Type      string // for documentation: "string", "number", "boolean", "string[]", ...
	Doc       string
	Default   any  // record values; nil is JSON null
	NoDefault bool // an absent key stays absent and is not checked
	Required  bool // documentation: the parameter must be given (its Check enforces it)
	Check     Check
}

// Check validates a value and may return a coerced one (for example a date
// turned into an ISO string). Its error text is the expectation shown to the
// user, in the reference's words where the reference has them.
type Check func(v any) (any, error)

// Run applies the check; a nil check accepts anything.
func (c Check) Run(v any) (any, error) {
	if c == nil {
		return v, nil
	}
	return c(v)
}

// All runs checks in order, each on the previous one's result.
func All(checks ...Check) Check {
	return func(v any) (any, error) {
		for _, c := range checks {
			var err error
			if v, err = c.Run(v); err != nil {
				return v, err
			}
		}
		return v, nil
	}
}

// Fail is a check failure with a fixed message.
func Fail(format string, args ...any) error { return fmt.Errorf(format, args...) }

// RequiredString is the reference's required_string format.
func RequiredString() Check {
	return func(v any) (any, error) {
		if s, ok := v.(string); ok && s != "" {
			return v, nil
		}
		return v, errors.New("This field is required and must be of type string")
	}
}

// OptionalString is the reference's optional_string format.
func OptionalString() Check {
	return func(v any) (any, error) {
		if _, ok := v.(string); ok || v == nil {
			return v, nil
		}
		return v, errors.New("This field is optional but if specified it must be of type string")
	}
}

// String accepts only strings (null included when nullable).
func String(nullable bool) Check {
	return func(v any) (any, error) {
		if _, ok := v.(string); ok || (nullable && v == nil) {
			return v, nil
		}
		return v, errors.New("must be of type string")
	}
}

// Enum accepts one of the given strings.
func Enum(values ...string) Check {
	return func(v any) (any, error) {
		if s, ok := v.(string); ok {
			for _, e := range values {
				if s == e {
					return v, nil
				}
			}
		}
		return v, fmt.Errorf("must be one of: %s", strings.Join(quoteAll(values), ", "))
	}
}

// NullableEnum is Enum that also accepts null.
func NullableEnum(values ...string) Check {
	enum := Enum(values...)
	return func(v any) (any, error) {
		if v == nil {
			return v, nil
		}
		return enum(v)
	}
}

func quoteAll(values []string) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = fmt.Sprintf("%q", v)
	}
	return out
}

// Bool is convict's Boolean: "true", "1" and 1 are true; "false", "0" and 0
// are false.
func Bool() Check {
	return func(v any) (any, error) {
		switch x := v.(type) {
		case bool:
			return x, nil
		case float64:
			if x == 1 || x == 0 {
				return x == 1, nil
			}
		case string:
			switch x {
			case "true", "1":
				return true, nil
			case "false", "0":
				return false, nil
			}
		}
		return v, errors.New("must be a boolean")
	}
}

// Number accepts any JSON number.
func Number() Check {
	return func(v any) (any, error) {
		if _, ok := v.(float64); ok {
			return v, nil
		}
		return v, errors.New("must be a number")
	}
}

// PositiveInt accepts integers greater than zero.
func PositiveInt() Check {
	return func(v any) (any, error) {
		if f, ok := v.(float64); ok && f > 0 && f == math.Trunc(f) {
			return v, nil
		}
		return v, errors.New("must be a positive integer")
	}
}

// Nat accepts integers greater than or equal to zero.
func Nat() Check {
	return func(v any) (any, error) {
		if f, ok := v.(float64); ok && f >= 0 && f == math.Trunc(f) {
			return v, nil
		}
		return v, errors.New("must be a positive integer or zero")
	}
}

// Duration is convict's duration: a natural number of milliseconds, or a
// string such as "5 minutes" (turned into milliseconds).
func Duration() Check {
	return func(v any) (any, error) {
		switch x := v.(type) {
		case float64:
			if x >= 0 && x == math.Trunc(x) {
				return v, nil
			}
		case string:
			now := time.UnixMilli(0)
			if ms, ok := jsdate.ParseLenient(x, now); ok && ms >= 0 && !strings.ContainsAny(x, "-/T:") {
				return ms, nil
			}
		}
		return v, errors.New("must be a positive integer or human readable string (e.g. 3000, \"5 days\")")
	}
}

// Object accepts a JSON object (null too when nullable).
func Object(nullable bool) Check {
	return func(v any) (any, error) {
		if _, ok := v.(*record.Object); ok || (nullable && v == nil) {
			return v, nil
		}
		return v, errors.New("must be of type Object")
	}
}

// Array accepts a JSON array (null too when nullable).
func Array(nullable bool) Check {
	return func(v any) (any, error) {
		if _, ok := v.([]any); ok || (nullable && v == nil) {
			return v, nil
		}
		return v, errors.New("must be of type Array")
	}
}

// StringArray accepts an array of strings (null too when nullable).
func StringArray(nullable bool) Check {
	return func(v any) (any, error) {
		if v == nil && nullable {
			return v, nil
		}
		arr, ok := v.([]any)
		if ok {
			for _, e := range arr {
				if _, isStr := e.(string); !isStr {
					ok = false
				}
			}
		}
		if !ok {
			return v, errors.New("must be an array of strings")
		}
		return v, nil
	}
}

// OptionalDate is the reference's optional_date: null, or a string or
// integer that parses as a date (date math included); the value becomes an
// ISO string.
func OptionalDate(now func() time.Time) Check {
	return func(v any) (any, error) {
		switch x := v.(type) {
		case nil:
			return nil, nil
		case float64:
			if iso, ok := jsdate.ToISOString(x); ok && x == math.Trunc(x) {
				return iso, nil
			}
		case string:
			if ms, ok := jsdate.ParseLenient(x, now()); ok {
				if iso, ok := jsdate.ToISOString(ms); ok {
					return iso, nil
				}
			}
		default:
			return v, errors.New("parameter must be a string or number IF specified")
		}
		return v, fmt.Errorf("value: %s cannot be coerced into a proper date", record.JSON(v))
	}
}

// Custom wraps a predicate with a fixed message.
func Custom(ok func(v any) bool, msg string) Check {
	return func(v any) (any, error) {
		if ok(v) {
			return v, nil
		}
		return v, errors.New(msg)
	}
}
