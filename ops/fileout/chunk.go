package fileout

import "github.com/sluice-dev/sluice/record"

// Chunk is one piece of a file's bytes, in order (a part of a multipart
// upload).
type Chunk struct {
	Index   int
	Data    []byte
	HasMore bool // more chunks follow
}

// Chunk sizes: chunks are ChunkLimits.MaxBytes long (100 MiB by default)
// but never shorter than MinBytes (5 MiB, the smallest multipart part).
const (
	MiB           = 1024 * 1024
	MaxChunkBytes = 100 * MiB
	MinChunkBytes = 5 * MiB
)

// ChunkLimits bound the chunk size; zero fields take the defaults.
type ChunkLimits struct{ MaxBytes, MinBytes int }

func (l ChunkLimits) size() int {
	hi, lo := l.MaxBytes, l.MinBytes
	if hi <= 0 {
		hi = MaxChunkBytes
	}
	if lo <= 0 {
		lo = MinChunkBytes
	}
	return max(hi, lo)
}

// RowOptimized reports whether records can be chunked row by row (ldjson
// without compression) instead of formatting the whole slice at once.
func RowOptimized(f Format, c Compression) bool {
	return f == LDJSON && (c == None || c == "")
}

// EachChunk formats and compresses recs and hands the result to fn in
// chunks, as the reference's ChunkGenerator does (spec 8.6): no records
// give no chunks; ldjson without compression closes a chunk at the first
// row that reaches the chunk size (a chunk may overshoot by less than a
// row, and a row longer than a chunk is cut); any other format or
// compression is formatted and compressed whole and cut into chunk-size
// pieces. The concatenated chunks are always compress(format(recs)).
// Sizes are counted in bytes (the reference counts UTF-16 code units in
// row mode). Records the format cannot represent are returned.
func EachChunk(f *Formatter, c Compression, recs []*record.Record, header bool, l ChunkLimits, fn func(Chunk) error) ([]BadRecord, error) {
	if len(recs) == 0 {
		return nil, nil
	}
	size := l.size()
	if RowOptimized(f.opt.Format, c) {
		return nil, chunkRows(f, recs, size, fn)
	}
	data, bad := f.Append(nil, recs, header)
	data, err := c.Compress(data)
	if err != nil {
		return bad, err
	}
	return bad, chunkWhole(data, size, fn)
}

func chunkRows(f *Formatter, recs []*record.Record, size int, fn func(Chunk) error) error {
	var buf []byte
	index := 0
	emit := func(data []byte, more bool) error {
		c := Chunk{Index: index, Data: data, HasMore: more}
		index++
		return fn(c)
	}
	for _, r := range recs {
		buf = f.AppendRow(buf, r)
		over := len(buf) - size
		switch {
		case over >= size:
			if err := emit(buf[:size:size], true); err != nil {
				return err
			}
			buf = append([]byte(nil), buf[size:]...)
		case over >= 0:
			if err := emit(buf, true); err != nil {
				return err
			}
			buf = nil
		}
	}
	if len(buf) > 0 {
		return emit(buf, false)
	}
	return nil
}

func chunkWhole(data []byte, size int, fn func(Chunk) error) error {
	n := (len(data) + size - 1) / size
	for i := 0; i < n; i++ {
		end := min((i+1)*size, len(data))
		if err := fn(Chunk{Index: i, Data: data[i*size : end : end], HasMore: i+1 != n}); err != nil {
			return err
		}
	}
	return nil
}
