package datamate

import (
	"time"

	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/record"
)

// Date transforms (V8 Date parsing, date-fns format/parse, UTC).

func dateTransformSpecs() []*spec {
	return []*spec{
		ft(&spec{Name: "toUnixTime", Summary: "Epoch seconds (floor), or milliseconds with ms, of a date string or epoch-milliseconds number.",
			Params:   []param{{Name: "ms", Type: "boolean", Default: "false", Doc: "return milliseconds"}},
			Examples: []example{ex(`"2020-01-01"`, `1577836800`), exArgs(`{"ms":true}`, `"Jan 1, 2020 UTC"`, `1577836800000`), ex(`"notADate"`, "removed")}},
			buildUnixTime),
		ft(&spec{Name: "toISO8601", Summary: "ISO 8601 UTC string of a date string or epoch number (milliseconds; seconds when resolution is set).",
			Params:   []param{{Name: "resolution", Type: "string", Doc: "any truthy value (seconds or milliseconds) multiplies numbers by 1000"}},
			Examples: []example{ex(`"2020-01-01"`, `"2020-01-01T00:00:00.000Z"`), exArgs(`{"resolution":"seconds"}`, `1580418907`, `"2020-01-30T21:15:07.000Z"`)}},
			buildISO8601),
		ft(&spec{Name: "formatDate", Summary: "Format a date string or epoch number with date-fns format tokens (UTC).",
			Params: []param{{Name: "format", Type: "string", Required: true, Doc: "date-fns format, e.g. yyyy-MM-dd"},
				{Name: "resolution", Type: "string", Doc: "seconds: numbers are epoch seconds"}},
			Examples: []example{exArgs(`{"format":"MMM do yy"}`, `"2020-01-14T20:34:01.034Z"`, `"Jan 14th 20"`), exArgs(`{"format":"yyyy-MM-dd","resolution":"seconds"}`, `1581013130`, `"2020-02-06"`)}},
			buildFormatDate),
		ft(&spec{Name: "parseDate", Summary: "Parse String(value) with date-fns parse tokens; sluice stores the epoch milliseconds (the reference removes the field).",
			Params:   []param{{Name: "format", Type: "string", Required: true, Doc: "date-fns parse format, e.g. yyyy-MM-ddxxx"}},
			Examples: []example{exArgs(`{"format":"yyyy-MM-ddxxx"}`, `"2020-01-10-00:00"`, `1578614400000`), exArgs(`{"format":"t"}`, `"1581025950"`, `1581025950000`)}},
			buildParseDate),
	}
}

func buildUnixTime(a *args) (transformFn, error) {
	ms := truthyKey(a, "ms")
	return func(v any, _ *record.Object) (any, error) { return jsdate.ToUnixTimeValue(v, ms) }, nil
}

func buildISO8601(a *args) (transformFn, error) {
	res, _ := a.Get("resolution")
	res = record.ToGo(res)
	return func(v any, _ *record.Object) (any, error) { return jsdate.ToISO8601Value(v, res) }, nil
}

// requiredFormat reads format: a non-string throws on every value.
func requiredFormat(a *args) (string, error) {
	v, ok := a.Get("format")
	s, isStr := v.(string)
	if !isStr {
		return "", paramErr("format", "is required (a date-fns format string), got "+got(v, ok))
	}
	return s, nil
}

func buildFormatDate(a *args) (transformFn, error) {
	format, err := requiredFormat(a)
	if err != nil {
		return nil, err
	}
	if _, err := jsdate.Format(0, format); err != nil {
		return nil, paramErr("format", err.Error())
	}
	r, _ := a.Get("resolution")
	res, _ := r.(string)
	return func(v any, _ *record.Object) (any, error) { return jsdate.FormatDateValue(v, format, res) }, nil
}

func buildParseDate(a *args) (transformFn, error) {
	format, err := requiredFormat(a)
	if err != nil {
		return nil, err
	}
	return func(v any, _ *record.Object) (any, error) { return jsdate.ParseDateValue(v, format, time.Now()) }, nil
}
