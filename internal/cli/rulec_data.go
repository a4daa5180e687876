package cli

import (
	"bufio"
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

func readInput(name string, env Env) ([]byte, error) {
	if name == "-" {
		b, err := io.ReadAll(env.Stdin)
		if err != nil {
			return nil, usageErr("cannot read stdin: %v", err)
		}
		return b, nil
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, usageErr("cannot read data: %v", err)
	}
	return b, nil
}

func parseRecords(name string, data []byte) ([]inputRecord, int) {
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '[' {
		return parseArray(name, t)
	}
	var out []inputRecord
	skipped := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1<<16), 1<<30)
	for line := 1; sc.Scan(); line++ {
		t := bytes.TrimSpace(sc.Bytes())
		if len(t) == 0 || t[0] == '#' {
			continue
		}
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
