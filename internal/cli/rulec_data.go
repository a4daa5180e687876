package cli

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	"github.com/sluice-dev/sluice/record"
)

// inputRecord is a record of a data file with where it came from.
type inputRecord struct {
	at  string // file:line (file:#index for a JSON array)
	rec *record.Record
}

// readRecords reads every record of the data files for the authoring
// commands, which need the whole data set, exactly as rulec run reads them
// (the same framers: NDJSON or one JSON array, a search or teraserver
// response unwrapped, a BOM dropped; "-" is stdin). Every line or element
// that is not a record (rulec run's dead letters) is counted in skipped,
// never dropped silently.
func readRecords(names []string, env Env) (recs []inputRecord, skipped int, err error) {
	readers, closeAll, err := openInputs(names, env)
	if err != nil {
		return nil, 0, err
	}
	defer closeAll()
	dead := &lineCounter{}
	s := &stream{out: newChecked("output", io.Discard), dead: newChecked("dead letters", dead),
		maxRecord: DefaultMaxRecord, stop: make(chan struct{})}
	s.visit = func(o *record.Object, input string, line int) {
		// resolved here, on the worker that decoded it: the command reads
		// it on another goroutine
		recs = append(recs, inputRecord{input + ":" + strconv.Itoa(line), record.New(o.Clone())})
	}
	for i := range readers {
		readers[i].r = &boundedReader{r: readers[i].r, left: maxAnalysisInput}
	}
	if err := s.runAll(readers); err != nil {
		return nil, 0, err
	}
	return recs, dead.lines, nil
}

// maxAnalysisInput bounds the data trace, diff and coverage hold in memory
// (they keep every record; rulec run streams).
const maxAnalysisInput = 1 << 30

// boundedReader fails an input larger than the authoring commands hold.
type boundedReader struct {
	r    io.Reader
	left int64
}

func (b *boundedReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if b.left -= int64(n); b.left < 0 {
		return n, fmt.Errorf("larger than %d MiB, more than this command holds in memory (rulec run streams any size)", maxAnalysisInput>>20)
	}
	return n, err
}

// lineCounter counts the lines written to it (one dead letter each).
type lineCounter struct{ lines int }

func (c *lineCounter) Write(p []byte) (int, error) {
	c.lines += bytes.Count(p, []byte{'\n'})
	return len(p), nil
}

// bareRecords returns the records without their positions.
func bareRecords(in []inputRecord) []*record.Record {
	out := make([]*record.Record, len(in))
	for i, r := range in {
		out[i] = r.rec
	}
	return out
}
