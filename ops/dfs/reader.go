package dfs

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/filein"
	"github.com/sluice-dev/sluice/ops/fileout"
	"github.com/sluice-dev/sluice/record"
)

// readerAPI is a worker's dfs_reader_api: its file system and reader.
type readerAPI struct {
	ctx    *job.OpContext
	fs     fsys.FS
	reader *filein.Reader
	// perByte is the records per byte of the last slice read, to size the
	// next slice's list at once (growing it by doubling leaves garbage of
	// the list's size, and up to half of it empty, while the slice lives).
	perByte float64
}

func (f *Family) newReaderAPI(ctx *job.OpContext, c *job.Config) (any, error) {
	reader, err := filein.NewReader(readOptions(c))
	if err != nil {
		return nil, err
	}
	fs, _, err := f.connect(ctx.Context(), ctx.Job.Conns, c)
	if err != nil {
		return nil, err
	}
	return &readerAPI{ctx: ctx, fs: fs, reader: reader}, nil
}

func readOptions(c *job.Config) filein.Options {
	comp, _ := fileout.ParseCompression(c.String("compression"))
	return filein.Options{Format: fileout.Format(c.String("format")), Delimiter: c.String("line_delimiter"),
		Compression: comp, CSV: csvOptions(c)}
}

// Shutdown closes the file-system connection.
func (a *readerAPI) Shutdown(context.Context) error { return a.fs.Close() }

// Read returns the records a slice owns, each with the slice as metadata;
// the records that cannot be read go to the api's dead-letter action.
func (a *readerAPI) Read(ctx context.Context, rg filein.Range) ([]*record.Record, error) {
	out := make([]*record.Record, 0, a.expected(rg))
	open := func(offset, length int64) (io.ReadCloser, error) {
		return a.fs.ReadRange(ctx, rg.Path, offset, length)
	}
	meta := sliceMeta(rg)
	emit := func(o *record.Object, _ int64) error {
		out = append(out, record.WithSharedMeta(o, meta))
		return nil
	}
	err := a.reader.Read(open, rg, emit, func(b filein.Bad) error { return a.reject(rg, b) })
	if err == nil && rg.Length > 0 {
		a.perByte = float64(len(out)) / float64(rg.Length)
	}
	return out, err
}

// expected is how many records a slice is likely to hold: as many per
// byte as the last one, and a few more (a slice's records vary in size).
func (a *readerAPI) expected(rg filein.Range) int {
	if rg.Length <= 0 {
		return 0
	}
	return int(a.perByte*float64(rg.Length)*1.03) + 16
}

// reject hands an unreadable line (or file) to the dead-letter action as
// {path, offset, text} with the slice as metadata.
func (a *readerAPI) reject(rg filein.Range, b filein.Bad) error {
	o := record.NewObject(3)
	o.Set("path", rg.Path)
	o.Set("offset", float64(b.Offset))
	if b.Text != "" {
		o.Set("text", b.Text)
	}
	code := "BAD_RECORD"
	if pe := (*filein.ParseError)(nil); errors.As(b.Err, &pe) {
		code = pe.Code
	}
	err := job.RecordErr(code, "%s at byte %d: %v", rg.Path, b.Offset, b.Err)
	return a.ctx.Reject(record.WithSharedMeta(o, sliceMeta(rg)), err)
}

// sliceMeta is the metadata of every record of a slice: its path, offset,
// length and total, in one map the records share (record.WithSharedMeta:
// a record that gets metadata of its own gets its own copy).
func sliceMeta(rg filein.Range) map[string]any {
	return map[string]any{"path": rg.Path, "offset": float64(rg.Offset), "length": float64(rg.Length), "total": float64(rg.Total)}
}

// fetcher is dfs_reader on a worker.
type fetcher struct {
	api *readerAPI
}

func (f *Family) newFetcher(ctx *job.OpContext, c *job.Config) (job.Fetcher, error) {
	name := c.String("api_name")
	inst, err := ctx.API(name)
	if err != nil {
		return nil, err
	}
	api, ok := inst.(*readerAPI)
	if !ok {
		return nil, fmt.Errorf("the api %q is a %T, not %s", name, inst, f.ReaderAPI)
	}
	return &fetcher{api: api}, nil
}

// Fetch reads one slice request {path, offset, length, total}.
func (f *fetcher) Fetch(s *job.Slice, req any) ([]*record.Record, error) {
	rg, err := rangeOf(req)
	if err != nil {
		return nil, job.NoRetry(err)
	}
	return f.api.Read(s.Context(), rg)
}

func rangeOf(req any) (filein.Range, error) {
	o, _ := req.(*record.Object)
	var path any
	if o != nil {
		path, _ = o.Get("path")
	}
	p, isStr := path.(string)
	if !isStr || p == "" {
		return filein.Range{}, fmt.Errorf("a slice request must be {path, offset, length, total}, got %s", record.JSON(req))
	}
	num := func(k string) int64 {
		v, _ := o.Get(k)
		f, _ := v.(float64)
		return int64(f)
	}
	return filein.Range{Path: p, Offset: num("offset"), Length: num("length"), Total: num("total")}, nil
}

// request is a range as a slice request.
func request(rg filein.Range) *record.Object {
	o := record.NewObject(4)
	o.Set("path", rg.Path)
	o.Set("offset", float64(rg.Offset))
	o.Set("length", float64(rg.Length))
	o.Set("total", float64(rg.Total))
	return o
}
