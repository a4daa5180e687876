package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/sluice-dev/sluice/record"
)

// inputRecord is a record of a data file with where it came from.
type inputRecord struct {
	at  string // file:line (file:#index for a JSON array)
	rec *record.Record
}

// readRecords reads every record of the data files (NDJSON or one JSON
// array; "-" is stdin) for the authoring commands, which need the whole
// data set. Lines that are not JSON objects are counted in skipped.
func readRecords(names []string, env Env) (recs []inputRecord, skipped int, err error) {
	for _, name := range names {
		data, err := readInput(name, env)
		if err != nil {
			return nil, 0, err
		}
		r, s := parseRecords(displayName(name), data)
		recs = append(recs, r...)
		skipped += s
	}
	return recs, skipped, nil
}

func displayName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}

// maxAnalysisInput bounds the data trace, diff and coverage hold in memory
// (they read their inputs whole; rulec run streams).
const maxAnalysisInput = 1 << 30

func readInput(name string, env Env) ([]byte, error) {
	var r io.Reader = env.Stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, usageErr("cannot read data: %v", err)
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxAnalysisInput+1))
	if err != nil {
		return nil, usageErr("cannot read %s: %v", displayName(name), err)
	}
	if len(b) > maxAnalysisInput {
		return nil, usageErr("%s is larger than %d MiB, more than this command holds in memory (rulec run streams any size)", displayName(name), maxAnalysisInput>>20)
	}
	return bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")), nil
}

func parseRecords(name string, data []byte) ([]inputRecord, int) {
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '[' {
		return parseArray(name, t)
	}
	var out []inputRecord
	skipped := 0
	for line := 1; len(data) > 0; line++ {
		var l []byte
		l, data, _ = bytes.Cut(data, []byte{'\n'})
		t := bytes.Trim(l, " \t\r") // JSON white space only
		if len(t) == 0 {
			continue
		}
		// a comment or any other line that is not a JSON object is counted
		// and reported as skipped, never dropped silently
		if o, ok := parseObject(t); ok {
			out = append(out, inputRecord{fmt.Sprintf("%s:%d", name, line), record.New(o)})
		} else {
			skipped++
		}
	}
	return out, skipped
}

func parseArray(name string, data []byte) ([]inputRecord, int) {
	v, err := record.ParseJSON(data)
	arr, ok := v.([]any)
	if err != nil || !ok {
		return nil, 1
	}
	var out []inputRecord
	skipped := 0
	for i, e := range arr {
		if o, ok := e.(*record.Object); ok {
			out = append(out, inputRecord{fmt.Sprintf("%s:#%d", name, i+1), record.New(o)})
		} else {
			skipped++
		}
	}
	return out, skipped
}

func parseObject(b []byte) (*record.Object, bool) {
	v, err := record.ParseJSON(b)
	if err != nil {
		return nil, false
	}
	o, ok := v.(*record.Object)
	return o, ok
}

// bareRecords returns the records without their positions.
func bareRecords(in []inputRecord) []*record.Record {
	out := make([]*record.Record, len(in))
	for i, r := range in {
		out[i] = r.rec
	}
	return out
}
