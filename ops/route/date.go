package route

import (
	"math"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// clock is the time source of date_router's `use_clock_time` and of
// relative dates ("now-1h"); tests replace it.
var clock = time.Now

// Resolutions are date_router's resolutions.
var Resolutions = []string{"hourly", "daily", "monthly", "yearly", "weekly_epoch", "weekly"}

// dateDelimiters are the delimiters a date route may use, in the
// reference's order (its messages list them).
var dateDelimiters = []string{"-", "_", ".", "/", ""}

const weekMs = 7 * 24 * 3600 * 1000

// units are the parts after the year, in order.
var units = []string{"month", "day", "hour"}

// DateRouter routes a record by a date: its field's value or the clock,
// in UTC, at a resolution from hourly to yearly (spec 4.4).
type DateRouter struct {
	field      string
	clock      bool
	resolution string
	dateDelim  string
	unitDelim  string
	withUnits  bool
}

// NewDateRouter builds a date router from a configuration object (field,
// use_clock_time, resolution, date_delimiter, date_unit_delimiter,
// include_date_units) with the reference constructor's checks.
func NewDateRouter(o *record.Object) (*DateRouter, error) {
	d := &DateRouter{field: getString(o, "field"), clock: record.Truthy(mustGet(o, "use_clock_time")),
		resolution: stringOr(o, "resolution", "daily"), withUnits: record.Truthy(mustGet(o, "include_date_units"))}
	var err error
	if d.dateDelim, err = delimiter(o, "date_delimiter", "."); err != nil {
		return nil, err
	}
	if d.unitDelim, err = delimiter(o, "date_unit_delimiter", "_"); err != nil {
		return nil, err
	}
	if !isResolution(d.resolution) {
		return nil, job.ParamErr("resolution", "Unsupported date resolution \"%s\"", d.resolution)
	}
	return d, nil
}

func mustGet(o *record.Object, k string) any {
	v, _ := o.Get(k)
	return v
}

func delimiter(o *record.Object, k, def string) (string, error) {
	d := stringOr(o, k, def)
	if !isDelimiter(mustGet(o, k), true) {
		return "", job.ParamErr(k, "Expected %s to be one of %s, got %s", k, strings.Join(dateDelimiters, " "), d)
	}
	return d, nil
}

// isDelimiter reports whether v is one of the date delimiters (null too
// when nullable: the router's `?? default`).
func isDelimiter(v any, nullable bool) bool {
	if record.IsNil(v) {
		return nullable
	}
	s, ok := v.(string)
	return ok && contains(dateDelimiters, s)
}

func isResolution(s string) bool { return contains(Resolutions, s) }

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// Lookup returns the date route of a record.
func (d *DateRouter) Lookup(r *record.Record) (string, error) {
	ms, err := d.date(r)
	if err != nil {
		return "", err
	}
	return d.Route(ms), nil
}

// date is the clock, or core-utils getValidDate of the field.
func (d *DateRouter) date(r *record.Record) (float64, error) {
	if d.clock {
		return float64(clock().UnixMilli()), nil
	}
	v := field(r, d.field)
	if ms, ok := ValidDate(v, clock); ok {
		return ms, nil
	}
	return 0, job.RecordErr("BAD_DATE", "Could not convert value %s to a date", record.ToString(v))
}

// ValidDate is core-utils getValidDate: integers are epoch milliseconds,
// strings are dates, date math ("now-1h") or durations from now ("2 days");
// an instant outside the JavaScript range is invalid.
func ValidDate(v any, now func() time.Time) (float64, bool) {
	var ms float64
	var ok bool
	if s, isStr := v.(string); isStr {
		ms, ok = jsdate.ParseLenient(s, now())
	} else {
		ms, ok = jsdate.ValidDate(v)
	}
	return ms, ok && !math.IsNaN(ms)
}

// Route is the route of an instant (epoch ms): the parts the resolution
// asks for, from the UTC ISO string cut as the reference cuts it (year,
// month, day and hour of `toISOString().slice(0, 14)`), joined with
// date_delimiter.
func (d *DateRouter) Route(ms float64) string {
	var b strings.Builder
	if d.resolution == "weekly_epoch" {
		d.part(&b, 0, "week", record.FormatNumber(math.Floor(ms/weekMs)))
		return b.String()
	}
	iso, _ := jsdate.ToISOString(ms)
	ymdh := splitISO(iso[:min(14, len(iso))])
	d.part(&b, 0, "year", ymdh[0])
	switch d.resolution {
	case "yearly":
		return b.String()
	case "weekly":
		d.part(&b, 1, "week", weekOfYear(ms, ymdh[0]))
		return b.String()
	}
	for i, u := range units[:depth(d.resolution)] {
		d.part(&b, i+1, u, ymdh[i+1])
	}
	return b.String()
}

// splitISO is JavaScript's s.split(/[-T\s:]/), padded to four parts.
func splitISO(s string) [4]string {
	var out [4]string
	n, start := 0, 0
	for i, c := range s {
		if c == '-' || c == 'T' || c == ':' || unicode.IsSpace(c) {
			if n < 4 {
				out[n] = s[start:i]
			}
			n, start = n+1, i+utf8.RuneLen(c)
		}
	}
	if n < 4 {
		out[n] = s[start:]
	}
	return out
}

// depth is how many of month, day and hour a resolution has.
func depth(resolution string) int {
	switch resolution {
	case "monthly":
		return 1
	case "daily":
		return 2
	case "hourly":
		return 3
	}
	return 0
}

// weekOfYear is floor((t − Date.parse(year)) / week), zero-padded below 10.
func weekOfYear(ms float64, year string) string {
	start, _ := jsdate.Parse(year)
	w := math.Floor((ms - start) / weekMs)
	if w < 10 {
		return "0" + record.FormatNumber(w)
	}
	return record.FormatNumber(w)
}

// part appends the i-th part of the route: the value, after its unit with
// include_date_units, after date_delimiter unless it is the first.
func (d *DateRouter) part(b *strings.Builder, i int, unit, value string) {
	if i > 0 {
		b.WriteString(d.dateDelim)
	}
	if d.withUnits {
		b.WriteString(unit)
		b.WriteString(d.unitDelim)
	}
	b.WriteString(value)
}
