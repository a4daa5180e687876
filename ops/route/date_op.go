package route

import (
	"fmt"
	"strings"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	job.Register(&job.Spec{
		Name:    "date_router",
		Kind:    job.KindProcessor,
		Summary: "Routes each record by a date (a field's value or the clock) at a resolution from hourly to yearly, in UTC, setting `standard:route`.",
		Doc: "The date is the field's value — epoch milliseconds, a date string, date math (`now-1h`) or a duration from " +
			"now — or the clock with `use_clock_time`. The route is the year, month, day and hour parts the resolution asks " +
			"for (`weekly`: year and week of the year, zero-padded below 10; `weekly_epoch`: weeks since 1970), joined with " +
			"`date_delimiter`, each prefixed by its unit and `date_unit_delimiter` with `include_date_units`. A record whose " +
			"date cannot be read goes to the `_dead_letter_action` (it is never replaced by an empty record).",
		Params: []*job.Param{
			{Name: "field", Type: "string", Required: true, Default: nil, Check: job.RequiredString(), Doc: "The field holding the date."},
			{Name: "use_clock_time", Type: "boolean", Default: false, Check: job.Bool(), Doc: "Use the current time instead of the field."},
			{Name: "resolution", Type: "string", Default: "daily", Check: job.Enum(Resolutions...), Doc: "`hourly`, `daily`, `monthly`, `yearly`, `weekly` or `weekly_epoch`."},
			{Name: "date_delimiter", Type: "string", Default: ".", Check: delimiterCheck(), Doc: "Between the date parts: `-`, `_`, `.`, `/` or `\"\"`."},
			{Name: "date_unit_delimiter", Type: "string", Default: "_", Check: delimiterCheck(), Doc: "Between a unit and its value (with `include_date_units`): `-`, `_`, `.`, `/` or `\"\"`."},
			{Name: "include_date_units", Type: "boolean", Default: false, Check: job.Bool(), Doc: "Prefix each part with its unit (`year`, `month`, `day`, `hour`, `week`)."},
		},
		ValidateJob:  constructorCheck(NewDateRouter),
		NewProcessor: newRouterProc(NewDateRouter),
		Examples: []job.Example{{
			Title:      "Daily",
			Config:     `{"_op": "date_router", "field": "date", "resolution": "daily"}`,
			Input:      `[{"date": "2020-01-17T19:21:52.159Z"}, {"date": 790941900001}]`,
			Output:     `[{"date": "2020-01-17T19:21:52.159Z"}, {"date": 790941900001}]`,
			OutputMeta: `[{"standard:route": "2020.01.17"}, {"standard:route": "1995.01.24"}]`,
		}, {
			Title:      "Hourly with units, as a directory path",
			Config:     `{"_op": "date_router", "field": "date", "resolution": "hourly", "include_date_units": true, "date_delimiter": "/", "date_unit_delimiter": "-"}`,
			Input:      `[{"date": "1995-01-01T10:05:00.001Z"}]`,
			Output:     `[{"date": "1995-01-01T10:05:00.001Z"}]`,
			OutputMeta: `[{"standard:route": "year-1995/month-01/day-01/hour-10"}]`,
		}, {
			Title:      "A record without a date goes to the dead-letter action",
			Config:     `{"_op": "date_router", "field": "date", "resolution": "weekly", "_dead_letter_action": "none"}`,
			Input:      `[{"date": "2021-08-22T19:21:52.159Z"}, {"date": "not a date"}]`,
			Output:     `[{"date": "2021-08-22T19:21:52.159Z"}]`,
			OutputMeta: `[{"standard:route": "2021.33"}]`,
		}},
	})
}

// delimiterCheck is date_router's schema check of a delimiter.
func delimiterCheck() job.Check {
	return func(v any) (any, error) {
		if isDelimiter(v, false) {
			return v, nil
		}
		return v, fmt.Errorf("Delimiter must be one of %s, value was %s", strings.Join(dateDelimiters, ","), record.ToString(v))
	}
}
