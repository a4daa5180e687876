package conformance

import (
	"fmt"
	"os"

	"github.com/sluice-dev/sluice/record"
)

// Deviation policies (docs/compat.md).
const (
	// PolicyKeepScalar: a field transform returning a number, a boolean or
	// a Date keeps the value (a Date as epoch milliseconds); the reference
	// removes the field (core-utils isEmpty is true for those).
	PolicyKeepScalar = "keep-scalar"
	// PolicyDateEpoch: a field transform returning a Date stores its epoch
	// milliseconds; the reference removes a scalar Date (isEmpty) and
	// serialises Dates inside arrays as ISO strings.
	PolicyDateEpoch = "date-epoch-ms"
	// PolicyParamError: an argument that makes the reference fail on every
	// record is a compile-time diagnostic (RUL011) instead.
	PolicyParamError = "param-error"
)

// Deviation is one case where sluice deliberately differs from the
// reference, with the outcome sluice gives instead.
type Deviation struct {
	ID           int
	Fn           string
	Policy       string
	CompileError string // expected diagnostic code (param-error)
	Field        any    // expected field value (keep-scalar)
	Reason       string
}

// Outcome is the sluice outcome the deviation expects.
func (d *Deviation) Outcome() Outcome {
	if d.CompileError != "" {
		return Outcome{CompileError: d.CompileError}
	}
	return Outcome{Value: d.Field}
}

// LoadDeviations reads the deviation table: a JSON array of
// {"id","fn","policy","sluice":{"field":v}|{"compile_error":code},"reason"}.
func LoadDeviations(path string) (map[int]*Deviation, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	v, err := record.ParseJSON(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s: expected a JSON array", path)
	}
	out := make(map[int]*Deviation, len(arr))
	for i, e := range arr {
		d, err := parseDeviation(e)
		if err != nil {
			return nil, fmt.Errorf("%s: entry %d: %w", path, i, err)
		}
		if out[d.ID] != nil {
			return nil, fmt.Errorf("%s: case %d listed twice", path, d.ID)
		}
		out[d.ID] = d
	}
	return out, nil
}

func parseDeviation(e any) (*Deviation, error) {
	o, ok := e.(*record.Object)
	if !ok {
		return nil, fmt.Errorf("not an object")
	}
	id, _ := get(o, "id").(float64)
	d := &Deviation{ID: int(id), Fn: str(o, "fn"), Policy: str(o, "policy"), Reason: str(o, "reason")}
	sl, ok := get(o, "sluice").(*record.Object)
	if !ok || d.ID == 0 || d.Fn == "" || d.Reason == "" {
		return nil, fmt.Errorf("id, fn, sluice and reason are required")
	}
	d.CompileError = str(sl, "compile_error")
	d.Field = get(sl, "field")
	switch {
	case d.Policy == PolicyParamError && d.CompileError != "" && !sl.Has("field"):
	case (d.Policy == PolicyKeepScalar || d.Policy == PolicyDateEpoch) && d.CompileError == "" && sl.Has("field"):
	default:
		return nil, fmt.Errorf("case %d: policy %q does not match sluice %s", d.ID, d.Policy, record.JSON(sl))
	}
	return d, nil
}
