package job

import (
	"errors"
	"fmt"

	"github.com/sluice-dev/sluice/record"
)

// DeadLetter is a record an operation could not process, with the reason.
type DeadLetter struct {
	Op      string // the operation's (or api's) label
	Index   int    // its position in operations (or apis)
	Code    string
	Message string
	Record  *record.Record
}

// JSON renders the dead letter as {op, index, code, message, record}; the
// record is its data (a data window as {"dataArray": [...]}).
func (d *DeadLetter) JSON() []byte {
	o := record.NewObject(5)
	o.Set("op", d.Op)
	o.Set("index", float64(d.Index))
	o.Set("code", d.Code)
	o.Set("message", d.Message)
	if d.Record != nil {
		o.Set("record", RecordValue(d.Record))
	}
	return record.AppendJSON(nil, o)
}

// DeadLetterSink is implemented by apis that take dead letters: an
// operation whose _dead_letter_action names such an api hands it every
// record it rejects.
type DeadLetterSink interface {
	DeadLetter(d *DeadLetter) error
}

// RecordError is an error about one record with a stable code.
type RecordError struct {
	Code string
	Msg  string
}

func (e *RecordError) Error() string { return e.Msg }

// RecordErr builds a RecordError.
func RecordErr(code, format string, args ...any) error {
	return &RecordError{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of a RecordError in err's chain, or "RECORD".
func ErrorCode(err error) string {
	var re *RecordError
	if errors.As(err, &re) && re.Code != "" {
		return re.Code
	}
	return "RECORD"
}

// RejectedError is the error of a record rejected under the `throw`
// action: returned by Reject, it fails the slice.
type RejectedError struct {
	Where  string
	Record *record.Record
	Err    error
}

func (e *RejectedError) Error() string { return e.Where + ": " + e.Err.Error() }
func (e *RejectedError) Unwrap() error { return e.Err }

// Reject applies the configuration's _dead_letter_action to a record the
// operation cannot process: `throw` (or unset) returns an error that the
// operation returns to fail the slice; `none` drops the record; `log` logs
// it; any other value names an api of the job that takes the dead letter.
// The operation leaves the record out of its output unless it throws.
func (c *OpContext) Reject(r *record.Record, err error) error {
	action := c.Config.String("_dead_letter_action")
	if action == "" || action == "throw" {
		return &RejectedError{Where: c.Config.Where(), Record: r, Err: err}
	}
	c.stats.countDead()
	switch action {
	case "none":
		return nil
	case "log":
		c.Logger.Warn("Bad record", "op", c.Config.Where(), "code", ErrorCode(err), "error", err.Error(), "record", shortJSON(RecordValue(r)))
		return nil
	}
	return c.sendDeadLetter(action, r, err)
}

func (c *OpContext) sendDeadLetter(action string, r *record.Record, err error) error {
	api, aerr := c.API(action)
	if aerr != nil {
		return fmt.Errorf("%s: dead-letter api: %w", c.Config.Where(), aerr)
	}
	sink, ok := api.(DeadLetterSink)
	if !ok {
		return fmt.Errorf("%s: _dead_letter_action names the api %q, which does not take dead letters", c.Config.Where(), action)
	}
	return sink.DeadLetter(&DeadLetter{Op: c.Config.Label, Index: c.Config.Index, Code: ErrorCode(err), Message: err.Error(), Record: r})
}

// RecordValue is what a JSON writer sees of a record: its data, or for a
// data window {"dataArray": [the records' data]}.
func RecordValue(r *record.Record) any {
	if r == nil {
		return nil
	}
	if r.Window == nil {
		return r.Data
	}
	arr := make([]any, len(r.Window))
	for i, e := range r.Window {
		arr[i] = RecordValue(e)
	}
	o := record.NewObject(1)
	o.Set("dataArray", arr)
	return o
}

// AppendRecordJSON appends the JSON a writer sees of a record.
func AppendRecordJSON(b []byte, r *record.Record) []byte {
	if r.Window == nil {
		return record.AppendJSON(b, r.Data)
	}
	return record.AppendJSON(b, RecordValue(r))
}
