package generator

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sluice-dev/sluice/job"
)

func init() { job.Register(Spec()) }

// Spec is the registry entry of data_generator.
func Spec() *job.Spec {
	return &job.Spec{
		Name: "data_generator",
		Kind: job.KindReader,
		// the slice size: the last operation's size (or its api's), see SliceSize
		ReadsFromLast: []string{"size"},
		Summary:       "Generates random records: the built-in web-log-like record or one described by a JSON schema file of field generators.",
		Doc:           specDoc(),
		Params: []*job.Param{
			{Name: "size", Type: "number", Default: 5000.0, Check: sizeCheck,
				Doc: "Lifecycle `once`: the total number of records. Lifecycle `persistent`: records per slice, streamed until the job stops. Either way a slice holds the last operation's `size` (or its `_api_name` api's `size`) when that is set."},
			{Name: "json_schema", Type: "string", Default: nil, Check: job.OptionalString(),
				Doc: "Path of a JSON schema file describing the record's fields (see above); relative paths try the working directory, then the job file's directory."},
			{Name: "format", Type: "string", Default: nil, Check: enumCheck("format", dateFormats),
				Doc: "Date format of the date field: `dateNow` (local time with offset, the default), `utcDate`, `isoBetween` or `utcBetween` (random times from `start` to `end`)."},
			{Name: "start", Type: "string", Default: nil, Check: optionalDate(), Doc: "Start of the date range of `isoBetween`/`utcBetween` (a date, epoch milliseconds or date math); default 1970-01-01T00:00:00Z."},
			{Name: "end", Type: "string", Default: nil, Check: optionalDate(), Doc: "End of the date range (excluded); default the time the worker starts."},
			{Name: "stress_test", Type: "boolean", Default: false, Check: job.Bool(), Doc: "Generate one record per slice and repeat it, as fast as possible."},
			{Name: "delay", Type: "number", Default: 0.0, Check: delayCheck, Doc: "Seconds each slice waits before generating; not allowed with `stress_test`."},
			{Name: "date_key", Type: "string", Default: "created", Check: dateKeyCheck, Doc: "Name of the date field; another name than `created` moves the built-in record's date field last."},
			{Name: "set_id", Type: "string", Default: nil, Check: enumCheck("set_id", idTypes),
				Doc: "Add an `id` field: `base64url` (one of `[a-zA-Z1-9-_]` then 8 of `\\w`), `hexadecimal` or `HEXADECIMAL` (8 digits). No metadata (`_key`) is set."},
			{Name: "id_start_key", Type: "string", Default: nil, Check: job.All(job.OptionalString(), idStartCheck),
				Doc: "A regular expression the id starts with (`a`, `[a-f]`, `(x|y)`, `\\d{3}`); bounded repeats only. Needs `set_id`."},
		},
		ValidateJob: validateJob,
		NewSlicer:   NewSlicer,
		NewFetcher:  newFetcher,
		Examples:    examples(),
	}
}

func specDoc() string {
	return "The slicer counts records into slices `{\"count\", \"processed\"}`; each worker's fetcher generates `count` records. " +
		"The built-in record is `{ip, userAgent, url, uuid, created, ipv6, location, bytes}` (an IPv4 address, a browser user agent, " +
		"an https URL, a v4 UUID, the date, an IPv6 address, `\"<lat>, <lon>\"` with up to 5 decimals, an integer from 7850 to 5642867).\n\n" +
		"A `json_schema` file is a JSON object mapping each field to a generator object — one of " +
		"`{\"faker\": \"<name>\"}`, `{\"chance\": \"<name>\"}` (arguments in the reference's form, `\"integer({\\\"min\\\": 1, \\\"max\\\": 9})\"` or `\"lorem.words(5)\"`), " +
		"`{\"randexp\": \"<regular expression>\"}`, `{\"static\": <value>}`, `{\"values\": [<values to pick from>]}`, " +
		"`{\"incrementalId\": <first id>}` (numbered by the record's position in the job) — or to an object of nested fields; " +
		"`[{<generator>, \"length\": n, \"fixedLength\": true}]` makes an array of n values (1 to n without fixedLength). " +
		"`date_key`, `format` and `set_id` apply to custom schemas too: the date field is added last unless the schema has it " +
		"(a `format` then replaces its generator), and `set_id` sets `id`. The file is checked when the job is validated.\n\n" +
		"faker names: " + names(fakerGens) + ".\n\nOlder faker names also accepted: " + aliasList() + ".\n\n" +
		"chance names: " + names(chanceGens) + "."
}

// names lists a generator table with the arguments each takes.
func names(table map[string]genSpec) string {
	out := make([]string, 0, len(table))
	for n, g := range table {
		out = append(out, "`"+n+g.args+"`")
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

func aliasList() string {
	out := make([]string, 0, len(fakerAliases))
	for old, cur := range fakerAliases {
		out = append(out, fmt.Sprintf("`%s` (`%s`)", old, cur))
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}
