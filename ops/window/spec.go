package window

import (
	"errors"
	"math"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	job.Register(&job.Spec{
		Name:         "window",
		Kind:         job.KindProcessor,
		Summary:      "Groups records into tumbling or sliding time windows (event or clock time) and emits each closed window as a data window.",
		Doc:          windowDoc,
		SingleWorker: true,
		Params: []*job.Param{
			{Name: "time_field", Type: "string", Default: "@timestamp", Check: job.RequiredString(), Doc: "The top-level field holding a record's event time."},
			{Name: "window_time_setting", Type: "string", Default: "event", Check: job.Enum("event", "clock"), Doc: "`event` (the time field) or `clock` (the time a record is processed)."},
			{Name: "window_length", Type: "number", Default: 30000.0, Check: intCheck(1, "window_size must be an integer greater than 0"), Doc: "Length of a window in ms (both ends included)."},
			{Name: "window_type", Type: "string", Default: "tumbling", Check: job.Enum("tumbling", "sliding"), Doc: "`tumbling` or `sliding`."},
			{Name: "sliding_window_interval", Type: "number", Default: 0.0, Check: intCheck(0, "window_size must be an integer greater than 0"), Doc: "Sliding windows: ms between window starts; 0 starts a new window at every slice."},
			{Name: "event_window_expiration", Type: "number", Default: 0.0, Check: intCheck(0, "event_window_expiration must be an integer greater than or equal to 0"), Doc: "Event time: emit the open windows when no record has been added for more than this many ms; 0 never expires."},
		},
		NewProcessor: newWindow,
		Examples: []job.Example{{
			Title:  "Tumbling windows of one second (the last one is emitted at the flush)",
			Config: `{"_op": "window", "time_field": "time", "window_length": 1000}`,
			Input:  `[{"id": 1, "time": "2019-04-25T18:12:00.000Z"}, {"id": 2, "time": "2019-04-25T18:12:01.000Z"}, {"id": 3, "time": "2019-04-25T18:12:02.000Z"}]`,
			Output: `[{"dataArray": [{"id": 1, "time": "2019-04-25T18:12:00.000Z"}, {"id": 2, "time": "2019-04-25T18:12:01.000Z"}]}, {"dataArray": [{"id": 3, "time": "2019-04-25T18:12:02.000Z"}]}]`,
		}, {
			Title:  "Sliding windows of 3 s every 2 s over epoch-millisecond times",
			Config: `{"_op": "window", "time_field": "t", "window_type": "sliding", "window_length": 3000, "sliding_window_interval": 2000}`,
			Input:  `[{"t": 1000}, {"t": 2000}, {"t": 3000}, {"t": 4000}, {"t": 5000}, {"t": 6000}]`,
			Output: `[{"dataArray": [{"t": 1000}, {"t": 2000}, {"t": 3000}, {"t": 4000}]}, {"dataArray": [{"t": 3000}, {"t": 4000}, {"t": 5000}, {"t": 6000}]}, {"dataArray": [{"t": 5000}, {"t": 6000}]}]`,
		}},
	})
	job.Register(&job.Spec{
		Name:    "data_window_to_array",
		Kind:    job.KindProcessor,
		Summary: "Flattens data windows into their records, in window order, so windows can feed record operations and exporters.",
		Doc:     "A record that is not a data window passes through unchanged.",
		Params: []*job.Param{
			{Name: "type", Type: "string", Default: nil, Check: job.OptionalString(), Doc: "The type of data window (accepted for compatibility; unused)."},
		},
		NewProcessor: func(*job.OpContext, *job.Config) (job.Processor, error) { return toArray{}, nil },
		Examples: []job.Example{{
			Title:  "Windows back to records",
			Config: `{"_op": "data_window_to_array"}`,
			Input:  `[{"id": 1}]`,
			Output: `[{"id": 1}]`,
		}},
	})
}

const windowDoc = "A window is identified by the time of the record that opened it and holds every record processed while " +
	"`time − start ≤ window_length` (both ends included); the first record beyond it closes it. Tumbling: that record " +
	"opens the next window. Sliding: a new window also opens whenever a record's time is at least " +
	"`sliding_window_interval` after the newest start (with 0, at the first record of every slice), and each record " +
	"goes to every open window, so windows overlap. Records that arrive out of order join the open windows. Event time " +
	"is the `time_field` value (epoch milliseconds — 0 included —, a date string, date math such as `now-1h`); clock " +
	"time is when a record is processed, and clock windows are also checked at the end of every slice. Event windows " +
	"expire when no record has been added to them for more than `event_window_expiration` ms (0: never), checked at " +
	"the start of every slice, empty or not, before its records. The windows still open are emitted at the flush (the " +
	"end of a once job, or a graceful stop). One call emits, in order: expired windows, windows closed by the slice's " +
	"records, windows closed at its end (clock), flushed windows. A record without a usable time goes to the " +
	"`_dead_letter_action` with the reason (the default, `throw`, fails the slice). A failed or retried slice leaves the windows as they were before it. Each " +
	"worker keeps its own windows: with several workers, records of one time range may be windowed on different workers."

// intCheck accepts integers ≥ min, with the reference's message.
func intCheck(min float64, msg string) job.Check {
	return func(v any) (any, error) {
		if f, ok := v.(float64); ok && f >= min && f == math.Trunc(f) && !math.IsInf(f, 0) {
			return v, nil
		}
		return v, errors.New(msg)
	}
}

type toArray struct{}

// Process replaces each data window by its records.
func (toArray) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	out := make([]*record.Record, 0, len(in))
	for _, r := range in {
		if r.Window != nil {
			out = append(out, r.Window...)
		} else {
			out = append(out, r)
		}
	}
	return out, nil
}
