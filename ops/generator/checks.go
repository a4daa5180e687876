package generator

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// Parameter checks with the reference's messages (processors.md §2.1).

// sizeCheck is the reference's isNaN-based check (numeric strings pass and
// become numbers), plus: a size must be a whole number, since a fractional
// count fails every slice in the reference.
func sizeCheck(v any) (any, error) {
	n := record.ToNumber(v)
	switch {
	case math.IsNaN(n):
		return v, errors.New("Invalid size parameter for data_generator, must be a number")
	case n <= 0:
		return v, errors.New("Invalid size parameter for data_generator, must be greater than zero")
	case n != math.Trunc(n) || n > maxSafeInt:
		return v, errors.New("Invalid size parameter for data_generator, must be a whole number")
	}
	return n, nil
}

// delayCheck is the reference's check of delay, in seconds.
func delayCheck(v any) (any, error) {
	n := record.ToNumber(v)
	switch {
	case math.IsNaN(n):
		return v, errors.New("Invalid rate parameter for data_generator, must be a number")
	case n < 0:
		return v, errors.New("Invalid rate parameter for data_generator, must not be negative")
	}
	return n, nil
}

// enumCheck is the reference's check of format and set_id: null, or one
// of values. The format message lists the date formats (spec 12 row 7: the
// reference lists the id types there).
func enumCheck(param string, values []string) job.Check {
	return func(v any) (any, error) {
		switch x := v.(type) {
		case nil:
			return v, nil
		case string:
			for _, e := range values {
				if x == e {
					return v, nil
				}
			}
			return v, fmt.Errorf("Invalid parameter %s, must be one of these values: %s, but was given %s", param, strings.Join(values, ","), x)
		}
		return v, fmt.Errorf("Invalid parameter %s, it must be a string, was given %s", param, typeOf(v))
	}
}

// typeOf is core-utils' getTypeOf for JSON values ("Number", "Array", ...).
func typeOf(v any) string {
	t := record.TypeName(v)
	return strings.ToUpper(t[:1]) + t[1:]
}

// dateKeyCheck accepts a non-empty string.
func dateKeyCheck(v any) (any, error) {
	if s, ok := v.(string); ok && s != "" {
		return v, nil
	}
	return v, errors.New("must be a non-empty string (the name of the date field)")
}

// idStartCheck checks that id_start_key is a regular expression the id
// generator supports on its own (balanced, bounded: an id has a known
// length).
func idStartCheck(v any) (any, error) {
	if s, _ := v.(string); s != "" {
		if _, err := compileID(s); err != nil {
			return v, fmt.Errorf("Invalid parameter id_start_key: %v", err)
		}
	}
	return v, nil
}

// validateJob is the reference's validateJob, plus loading the json_schema
// file (its diagnostics point into the file).
func validateJob(j *job.Job, c *job.Config) []error {
	var errs []error
	if c.String("id_start_key") != "" && c.Get("set_id") == nil {
		errs = append(errs, job.ParamErr("id_start_key", "Invalid data_generator configuration, id_start_key must be used with set_id parameter, please set the missing parameters"))
	}
	if c.Bool("stress_test") && record.ToNumber(c.Get("delay")) != 0 {
		errs = append(errs, job.ParamErr("delay", "Invalid data_generator configuration, setting \"delay\" while \"stress_test\" is true is not permitted."))
	}
	if startAfterEnd(c) {
		errs = append(errs, job.ParamErr("start", "Invalid start and end times, start must be before end"))
	}
	if c.String("json_schema") != "" {
		cs, serrs := loadSchema(j, c)
		c.Prepared = cs
		errs = append(errs, serrs...)
	}
	return errs
}

func startAfterEnd(c *job.Config) bool {
	start, ok1 := jsdate.Parse(c.String("start"))
	end, ok2 := jsdate.Parse(c.String("end"))
	return ok1 && ok2 && start > end
}

// optionalDate is the reference's optional_date, with date math relative
// to the time of validation.
func optionalDate() job.Check { return job.OptionalDate(time.Now) }
