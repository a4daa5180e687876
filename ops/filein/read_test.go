package filein

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/ops/fileout"
	"github.com/sluice-dev/sluice/record"
)

// memSource serves ranges of data, in reads of at most step bytes.
func memSource(data []byte, step int) Source {
	return func(offset, length int64) (io.ReadCloser, error) {
		offset = min(offset, int64(len(data)))
		end := int64(len(data))
		if length >= 0 {
			end = min(end, offset+length)
		}
		return io.NopCloser(&stepReader{b: data[offset:end], step: step}), nil
	}
}

type stepReader struct {
	b    []byte
	step int
}

func (r *stepReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), r.step)], r.b)
	r.b = r.b[n:]
	return n, nil
}

// splitJS is the records of a file: split on the delimiter (leftmost and
// non-overlapping, as JavaScript's split and strings.Split), minus the
// empty string after a delimiter that ends the file; an empty file has
// none. (For a delimiter without a border this is the reference's
// definition; for "\n\n" it keeps "x\n\n\n" as "x" and "\n", where the
// reference first strips a final delimiter and reads "x\n".)
func splitJS(text, delim string) []string {
	if text == "" {
		return nil
	}
	parts := strings.Split(text, delim)
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

// readAllRanges reads every range of the file in raw format and returns
// the records in order.
func readAllRanges(t *testing.T, data []byte, delim string, size int64, step int) []string {
	t.Helper()
	r, err := NewReader(Options{Format: fileout.Raw, Delimiter: delim})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	src := memSource(data, step)
	for _, rg := range SegmentFile("f", int64(len(data)), SliceOptions{Size: size, Delimiter: delim}) {
		err := r.Read(src, rg, func(o *record.Object, _ int64) error {
			v, _ := o.Get("data")
			got = append(got, v.(string))
			return nil
		}, func(b Bad) error { return b.Err })
		if err != nil {
			t.Fatalf("range %+v: %v", rg, err)
		}
	}
	return got
}

// alphabets the random texts are drawn from: they share characters with
// the delimiters so that delimiters straddle every boundary.
var (
	delimiters = []string{"\n", "\r\n", ",", "aa", "aba", "\n\n", "é", "∑x", "ab\n", "||||", "xyx", "😀", "\r\n\f"}
	pieces     = []string{"a", "b", "x", "y", "\n", "\r", "é", "∑", "😀", "\f", ",", "|", " ", "ab", "{}"}
)

func randomText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// TestEveryRecordOnceForAnySizeDelimiterAndText is the exactly-once rule:
// whatever the slice size, the delimiter (multi-byte, self-overlapping) and
// the text (multi-byte characters cut anywhere by the ranges), reading all
// ranges of a file yields the file's records, each once, in order.
func TestEveryRecordOnceForAnySizeDelimiterAndText(t *testing.T) {
	defer func(n int, m int64) { readChunk, spanMargin = n, m }(readChunk, spanMargin)
	rng := rand.New(rand.NewPCG(11, 29))
	for i := range 4000 {
		readChunk = 1 + rng.IntN(16)         // buffers that must grow and shift
		spanMargin = int64(1 + rng.IntN(16)) // records read through several ranges
		delim := delimiters[rng.IntN(len(delimiters))]
		text := randomText(rng, rng.IntN(60))
		if rng.IntN(3) == 0 {
			text += delim
		}
		size := int64(1 + rng.IntN(25))
		want := splitJS(text, delim)
		got := readAllRanges(t, []byte(text), delim, size, 1+rng.IntN(9))
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
			t.Fatalf("case %d: size %d, delimiter %q, text %q\n got %q\nwant %q", i, size, delim, text, got, want)
		}
	}
}

// TestRecordsLongerThanTheSlice: a record many times the slice size is
// read whole, once, by the range it starts in; the ranges it covers read
// nothing.
func TestRecordsLongerThanTheSlice(t *testing.T) {
	long := strings.Repeat("x", 100_000)
	text := "a\n" + long + "\nb\n" + long
	got := readAllRanges(t, []byte(text), "\n", 10, 4096)
	if len(got) != 4 || got[0] != "a" || got[1] != long || got[2] != "b" || got[3] != long {
		t.Fatalf("got %d records", len(got))
	}
}

func TestSplitStraddlingDelimiterIsNotDuplicated(t *testing.T) {
	// spec 8.5: the reference reads "aaaa, bbbb, bbbb, cccc" here (row 21)
	got := readAllRanges(t, []byte("aaaa\r\nbbbb\r\ncccc\r\n"), "\r\n", 5, 100)
	if want := []string{"aaaa", "bbbb", "cccc"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("got %q", got)
	}
}

func TestUTF8CutAtABoundaryIsNotCorrupted(t *testing.T) {
	// row 22: a character cut by the range boundary is whole in its record
	text := "ééééé\n∑∑∑∑\n😀😀\n"
	for size := int64(1); size < int64(len(text)); size++ {
		got := readAllRanges(t, []byte(text), "\n", size, 3)
		if want := []string{"ééééé", "∑∑∑∑", "😀😀"}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("size %d: got %q", size, got)
		}
	}
}

func TestSyncPointWalksBackThroughOverlaps(t *testing.T) {
	// "aaaaaaa" split on "aa": aa|aa|aa|a -> records "", "", "", "a"
	text := "x" + strings.Repeat("a", 2001) + "y"
	want := splitJS(text, "aa")
	for _, size := range []int64{3, 7, 64, 1000} {
		got := readAllRanges(t, []byte(text), "aa", size, 512)
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
			t.Fatalf("size %d: got %d records, want %d", size, len(got), len(want))
		}
	}
}

func TestHasBorder(t *testing.T) {
	for d, want := range map[string]bool{"\n": false, "\r\n": false, "aa": true, "aba": true, "\n\n": true, "abc": false, "abab": true} {
		if hasBorder([]byte(d)) != want {
			t.Errorf("hasBorder(%q) != %v", d, want)
		}
	}
}

func TestReadsOnlyItsBytesWhenNoRecordStarts(t *testing.T) {
	// a range inside a long record stops scanning at its end
	data := []byte("a\n" + strings.Repeat("x", 1<<20) + "\n")
	var read int64
	src := func(offset, length int64) (io.ReadCloser, error) {
		rc, _ := memSource(data, 1<<16)(offset, length)
		return io.NopCloser(io.TeeReader(rc, countWriter{&read})), nil
	}
	r, _ := NewReader(Options{Format: fileout.Raw})
	rg := Range{Path: "f", Offset: 99, Length: 101, Total: int64(len(data))}
	if err := r.Read(src, rg, func(*record.Object, int64) error { t.Fatal("a record"); return nil }, nil); err != nil {
		t.Fatal(err)
	}
	if read > int64(2*readChunk) {
		t.Errorf("read %d bytes for a range of 101", read)
	}
}

type countWriter struct{ n *int64 }

func (c countWriter) Write(p []byte) (int, error) { *c.n += int64(len(p)); return len(p), nil }

func TestBufferDoesNotHoldTheRange(t *testing.T) {
	// a 4 MiB range of short lines never grows the buffer
	data := bytes.Repeat([]byte("0123456789\n"), 400_000)
	s := newScanner(bytes.NewReader(data), []byte("\n"), 0)
	n := 0
	if err := scanOwned(s, 0, int64(len(data)), func([]byte, int64) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 400_000 || len(s.buf) != readChunk {
		t.Fatalf("%d records, buffer %d", n, len(s.buf))
	}
}
