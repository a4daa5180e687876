package fsystest

import (
	"bytes"
	"context"
	"io/fs"

	"github.com/sluice-dev/sluice/fsys"
)

func readCases() []testCase {
	return []testCase{
		{"Missing", missing},
		{"RangesSmallFile", rangesSmall},
		{"RangesLargeFile", rangesLarge},
		{"RangeEmptyFile", rangeEmpty},
		{"RangeOfDirectory", rangeOfDirectory},
		{"RangeNegativeOffset", rangeNegative},
		{"CanceledContext", canceledContext},
	}
}

func missing(e *env) {
	name := e.path("nope")
	_, err := e.fs.Stat(e.ctx, name)
	e.wantErr(err, name, fs.ErrNotExist)
	_, err = e.fs.Lstat(e.ctx, name)
	e.wantErr(err, name, fs.ErrNotExist)
	_, err = e.fs.ReadDir(e.ctx, name)
	e.wantErr(err, name, fs.ErrNotExist)
	_, err = e.fs.ReadRange(e.ctx, name, 0, 10)
	e.wantErr(err, name, fs.ErrNotExist)
	e.wantErr(e.fs.Remove(e.ctx, name), name, fs.ErrNotExist)
}

// expect is data[off:off+n] clipped to the data, n < 0 meaning "to the end":
// the answer ReadRange must give, computed by slicing.
func expect(data []byte, off, n int64) []byte {
	size := int64(len(data))
	start := min(off, size)
	end := size
	if n >= 0 {
		end = min(off+n, size)
	}
	return data[start:max(start, end)]
}

// checkRanges reads every (offset, length) pair and compares with slicing.
func (e *env) checkRanges(name string, data []byte, offsets []int64) {
	e.Helper()
	size := int64(len(data))
	for _, off := range offsets {
		rest := max(size-off, 0)
		for _, n := range []int64{-1, 0, 1, 2, rest - 1, rest, rest + 1, 2*size + 5} {
			if n < -1 {
				continue
			}
			if got, want := e.readRange(name, off, n), expect(data, off, n); !bytes.Equal(got, want) {
				e.Fatalf("range [%d,+%d) of %d bytes: got %d bytes, want %d", off, n, size, len(got), len(want))
			}
		}
	}
}

func boundaryOffsets(size int64, marks ...int64) []int64 {
	offs := []int64{0, 1, 2, size / 2, size - 2, size - 1, size, size + 1, size + 100}
	for _, m := range marks {
		offs = append(offs, m-1, m, m+1)
	}
	return offs
}

func rangesSmall(e *env) {
	name := e.path("small")
	data := payload(3007, 4)
	e.write(name, data)
	e.checkRanges(name, data, boundaryOffsets(int64(len(data)), 512, 1024))
}

func rangesLarge(e *env) {
	name := e.path("large")
	bs := int64(e.h.BlockSize)
	size := int64(256<<10 + 13)
	if bs > 0 {
		size = 3*bs + bs/2 + 13
	}
	data := payload(int(size), 5)
	e.write(name, data)
	var marks []int64
	for b := bs; bs > 0 && b < size; b += bs {
		marks = append(marks, b)
	}
	e.checkRanges(name, data, boundaryOffsets(size, marks...))
}

func rangeEmpty(e *env) {
	name := e.path("empty")
	e.write(name, nil)
	e.checkRanges(name, nil, []int64{0, 1, 5})
	if fi, err := e.fs.Stat(e.ctx, name); err != nil || fi.Size != 0 || fi.Kind != fsys.KindFile {
		e.Fatalf("stat of an empty file: %+v, %v", fi, err)
	}
}

func rangeOfDirectory(e *env) {
	name := e.path("d")
	e.mkdir(name)
	_, err := e.fs.ReadRange(e.ctx, name, 0, -1)
	e.wantErr(err, name, fsys.ErrIsDir)
}

func rangeNegative(e *env) {
	name := e.path("f")
	e.write(name, []byte("abc"))
	_, err := e.fs.ReadRange(e.ctx, name, -1, 2)
	e.wantErr(err, name, fs.ErrInvalid)
}

func canceledContext(e *env) {
	name := e.path("f")
	e.write(name, []byte("abc"))
	ctx, cancel := context.WithCancel(e.ctx)
	cancel()
	_, err := e.fs.Stat(ctx, name)
	e.wantErr(err, name, context.Canceled)
	_, err = e.fs.Create(ctx, e.path("g"))
	e.wantErr(err, e.path("g"), context.Canceled)
}
