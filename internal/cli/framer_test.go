package cli

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// chunked is a source that yields the given pieces, then EOF. Like the
// reader's, each piece that fits is in a buffer of its own after
// readHeadroom bytes of room, which the line framer can adopt as a batch.
func chunked(pieces ...string) *source {
	ch := make(chan chunk, len(pieces)+1)
	for _, p := range pieces {
		if len(p) > readBytes {
			ch <- chunk{data: []byte(p)}
			continue
		}
		whole := make([]byte, batchRoom)
		ch <- chunk{data: whole[readHeadroom : readHeadroom+copy(whole[readHeadroom:], p)], whole: whole}
	}
	ch <- chunk{err: io.EOF}
	close(ch)
	return &source{chunks: ch, stop: make(chan struct{})}
}

func TestSniff(t *testing.T) {
	cases := []struct {
		pieces []string
		array  bool
	}{
		{[]string{`{"a":1}` + "\n"}, false},
		{[]string{`[{"a":1}]`}, true},
		{[]string{"  \n [{\"a\":1},\n{\"b\":2}]\n"}, true},
		{[]string{"[1,2]\n{\"a\":1}\n"}, false}, // NDJSON whose first line is an array
		{[]string{"[1,2]\n", "\n  \n"}, true},   // one array alone
		{[]string{"[1,", "2]\n", "{\"a\":1}"}, false},
		{[]string{"\xef\xbb", "\xbf[{\"a\":1}]"}, true}, // a BOM split across reads
		{[]string{"\xef\xbb\xbf{\"a\":1}\n"}, false},
		{[]string{""}, false},
		{[]string{"[\"a\\\"]\", 1]\n"}, true}, // brackets inside strings
		{[]string{"[", strings.Repeat(" ", 100), "{}"}, true},
	}
	for _, c := range cases {
		src := chunked(c.pieces...)
		if got := sniff(src, 1<<20); got != c.array {
			t.Errorf("%q: array = %v", c.pieces, got)
		}
		var all []byte
		for {
			b, err := src.next(false)
			all = append(all, b...)
			if err != nil {
				break
			}
		}
		want := strings.TrimPrefix(strings.Join(c.pieces, ""), "\xef\xbb\xbf")
		if string(all) != want {
			t.Errorf("%q: sniff lost input: got %q", c.pieces, all)
		}
	}
}

func TestWholeJSON(t *testing.T) {
	for in, want := range map[string]bool{
		`[1,2]`: true, `[1,2] `: true, `[1,[2]`: false, `[1] [2]`: false, `"a"`: true, `12`: true, `12 3`: false,
		`{"a":"]"}`: true, `["\\"]`: true, `["\"]`: false, ``: false,
	} {
		if got := wholeJSON([]byte(in)); got != want {
			t.Errorf("wholeJSON(%q) = %v", in, got)
		}
	}
}

// The line framer gives every line back once, in order, with its number,
// however the input is cut into reads; lines longer than max come back as
// dead letters with their number.
func TestLineFramerProperty(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 300; iter++ {
		checkLineFramer(t, rnd, 30, 40, 25, 20)
	}
}

// The same with inputs of many batches, read in pieces up to a reader's
// buffer, and a --max-record-size from tiny to the default: complete lines
// are taken a piece at a time (lineFramer.addLines) or line by line, and
// either way every line is there once, with its number, or dead-lettered.
func TestLineFramerBatches(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 40; iter++ {
		max := []int{50, 150, 4000, DefaultMaxRecord}[iter%4]
		checkLineFramer(t, rnd, 4000, 200, readBytes, max)
	}
}

// The same with lines longer than the room in front of a reader's buffer:
// a read after such a line's start is copied, not adopted as a batch.
func TestLineFramerLongLines(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 20; iter++ {
		checkLineFramer(t, rnd, 300, 3*readHeadroom, readBytes, []int{2 * readHeadroom, DefaultMaxRecord}[iter%2])
	}
}

// checkLineFramer frames up to maxLines random lines of up to maxLen bytes,
// cut into pieces of up to maxPiece bytes, and compares what it emits with
// the lines.
func checkLineFramer(t *testing.T, rnd *rand.Rand, maxLines, maxLen, maxPiece, max int) {
	t.Helper()
	var lines []string
	for n := rnd.IntN(maxLines); n > 0; n-- {
		lines = append(lines, strings.Repeat(string(rune('a'+rnd.IntN(26))), rnd.IntN(maxLen)))
	}
	input := strings.Join(lines, "\n")
	terminated := rnd.IntN(2) == 0 && len(lines) > 0
	if terminated {
		input += "\n"
	}
	var pieces []string
	for rest := input; rest != ""; {
		k := min(len(rest), 1+rnd.IntN(maxPiece))
		pieces = append(pieces, rest[:k])
		rest = rest[k:]
	}
	var got []string
	f := &lineFramer{name: "x", max: max, emit: func(b *batch) {
		for i, l := range strings.Split(strings.TrimSuffix(string(b.data), "\n"), "\n") {
			if len(b.data) > 0 {
				got = append(got, fmt.Sprintf("%d:%s", b.line+i, l))
			}
		}
		if len(b.dead) > 0 {
			got = append(got, fmt.Sprintf("%d:dead", b.line))
		}
	}}
	if err := f.run(chunked(pieces...)); err != nil {
		t.Fatal(err)
	}
	var want []string
	for i, l := range lines {
		switch {
		case len(l) > max:
			want = append(want, fmt.Sprintf("%d:dead", i+1))
		case i < len(lines)-1 || l != "" || terminated: // an unterminated empty last line is no line
			want = append(want, fmt.Sprintf("%d:%s", i+1, l))
		}
	}
	if g, w := fmt.Sprint(got), fmt.Sprint(want); g != w {
		if len(pieces) > 20 {
			pieces = pieces[:20]
		}
		t.Fatalf("max %d, pieces %q…\ngot  %.2000s\nwant %.2000s", max, pieces, g, w)
	}
}

// The array framer finds every element, with the line it starts on, however the input is cut into
// reads, with brackets and quotes inside strings, nested values and white
// space anywhere.
func TestArrayFramerProperty(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	atoms := []string{`1`, `-2.5e3`, `true`, `null`, `"a]b"`, `"q\"[x"`, `"\\"`, `{"k":[1,{"z":"}"}]}`, `[]`, `{}`, `[[["]"]]]`, "{\n\"k\" :\n [1 ,\r\n2] }", "[\n\"\\\\\",\n{}\n]"}
	ws := []string{"", " ", "\n", "\t", "\r\n  "}
	for iter := 0; iter < 3000; iter++ {
		var elems []string
		var b strings.Builder
		max := 1 << 20
		if iter%3 == 0 {
			max = 12 // some elements are too large: dead letters, the others still found
		}
		b.WriteString(ws[rnd.IntN(len(ws))] + "[")
		for n := rnd.IntN(8); n > 0; n-- {
			e := atoms[rnd.IntN(len(atoms))]
			if rnd.IntN(3) == 0 {
				e = "{\"w\":" + e + "}"
			}
			if len(elems) > 0 {
				b.WriteString(ws[rnd.IntN(len(ws))] + ",")
			}
			b.WriteString(ws[rnd.IntN(len(ws))])
			line := 1 + strings.Count(b.String(), "\n")
			b.WriteString(e + ws[rnd.IntN(len(ws))])
			if len(e) > max {
				elems = append(elems, fmt.Sprintf("dead:%d", line))
			} else {
				elems = append(elems, fmt.Sprintf("%d:%s", line, e))
			}
		}
		b.WriteString("]" + ws[rnd.IntN(len(ws))])
		input := b.String()
		var pieces []string
		for rest := input; rest != ""; {
			k := min(len(rest), 1+rnd.IntN(7))
			pieces = append(pieces, rest[:k])
			rest = rest[k:]
		}
		var got []string
		f := &arrayFramer{name: "x", max: max, emit: func(b *batch) {
			for _, e := range b.elems {
				got = append(got, fmt.Sprintf("%d:%s", e.line, e.text))
			}
			if len(b.dead) > 0 {
				got = append(got, fmt.Sprintf("dead:%d", b.line))
			}
		}}
		if err := f.run(chunked(pieces...)); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(elems) {
			t.Fatalf("input %q\ngot  %q\nwant %q", input, got, elems)
		}
	}
}

// plainStringRun, eight bytes at a time, finds what a byte loop finds: the
// first quote, backslash or newline, on random bytes at every length.
func TestPlainStringRunAgreesWithByteLoop(t *testing.T) {
	rnd := rand.New(rand.NewPCG(11, 12))
	alphabet := []byte("ab\"\\\n\x00\x7f\x80\xa2\xdc\x8a\xff\x21\x5b\x0b")
	for n := 0; n < 100000; n++ {
		b := make([]byte, rnd.IntN(40))
		for i := range b {
			if rnd.IntN(4) == 0 {
				b[i] = alphabet[rnd.IntN(len(alphabet))]
			} else {
				b[i] = byte(rnd.IntN(256))
			}
		}
		want := len(b)
		for i, c := range b {
			if c == '"' || c == '\\' || c == '\n' {
				want = i
				break
			}
		}
		if got := plainStringRun(b); got != want {
			t.Fatalf("%q: %d, want %d", b, got, want)
		}
	}
}

// The reader reads at most readBytes at a time, after readHeadroom bytes of
// room, also into a given-back buffer that grew for a long line: a batch
// adopted from a read stays a batch's size.
func TestReadChunksBoundsReads(t *testing.T) {
	free := make(chan []byte, 1)
	free <- make([]byte, 4*batchRoom)
	stop := make(chan struct{})
	defer close(stop)
	ch := readChunks(strings.NewReader(strings.Repeat("x", 3*batchRoom)), stop, free)
	for c := range ch {
		if c.err != nil {
			break
		}
		if len(c.data) > readBytes || len(c.whole) != batchRoom || &c.whole[readHeadroom] != &c.data[0] {
			t.Fatalf("a read of %d bytes in a buffer of %d", len(c.data), len(c.whole))
		}
	}
}
