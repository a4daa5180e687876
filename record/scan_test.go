package record

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/internal/swar"
)

// byteLoopStr is the byte-at-a-time string decoder the word-at-a-time
// scanner replaced, kept as the oracle of the differential tests.
func (d *decoder) byteLoopStr() (string, error) {
	d.i++
	start := d.i
	var high byte
	for d.i < len(d.s) {
		c := d.s[d.i]
		high |= c
		if c == '"' {
			s := d.s[start:d.i]
			d.i++
			if high >= 0x80 && !utf8.ValidString(s) {
				return string([]rune(s)), nil
			}
			return s, nil
		}
		if c == '\\' {
			return d.byteLoopEscaped(start)
		}
		if c < 0x20 {
			return "", d.err("control character in string")
		}
		d.i++
	}
	return "", d.err("unterminated string")
}

func (d *decoder) byteLoopEscaped(start int) (string, error) {
	buf := append([]byte(nil), d.s[start:d.i]...)
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			d.i++
			if !utf8.Valid(buf) {
				return string([]rune(string(buf))), nil
			}
			return string(buf), nil
		case c < 0x20:
			return "", d.err("control character in string")
		case c != '\\':
			buf = append(buf, c)
			d.i++
			continue
		}
		var err error
		if buf, err = d.escape(buf); err != nil {
			return "", err
		}
	}
	return "", d.err("unterminated string")
}

// stringPieces are the parts random string literals are made of: plain
// text, every escape (valid or not), surrogate pairs and lone halves,
// control characters, non-ASCII and invalid UTF-8, and quotes that end
// the literal early.
var stringPieces = []string{
	"a", "abcdefgh", "0123456789abcdefghij", " ", "~", "\x7f", "é", "日本", "\U0001F600",
	"\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\x80abc",
	`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u00e9`, `\u0000`, `\uFFFF`,
	`\ud83d\ude00`, `\ud83d`, `\ude00`, `\ud83d\u0041`, `\ud83dx`, `\ud83d\uZZZZ`, `\u001f`, `\u001F`, `\u000a`, `\u0008`, `\u0010`, `\u007f`, `\u0020`,
	`\x`, `\u12`, `\u12G4`, `\`, "\x00", "\x1f", "\n", "\t", `"`, `","k":"`,
}

func randomLiteral(rng *rand.Rand) string {
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", rng.Intn(9))) // every alignment of the words
	b.WriteByte('"')
	for n := rng.Intn(12); n > 0; n-- {
		b.WriteString(stringPieces[rng.Intn(len(stringPieces))])
	}
	if rng.Intn(8) != 0 {
		b.WriteByte('"')
	}
	b.WriteString(strings.Repeat("x", rng.Intn(10)))
	return b.String()
}

// TestStringScannerMatchesByteLoop: the word-at-a-time string decoder
// and validator agree with the byte loop on the value, the error and its
// offset, and where they stop, on random literals.
func TestStringScannerMatchesByteLoop(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	boxSlab := new(slab)
	for n := 0; n < 200000; n++ {
		in := randomLiteral(rng)
		at := strings.IndexByte(in, '"')
		want := decoder{s: in, i: at}
		wv, werr := want.byteLoopStr()
		got := decoder{s: in, i: at}
		gv, gerr := got.str()
		if gv != wv || fmt.Sprint(gerr) != fmt.Sprint(werr) || got.i != want.i {
			t.Fatalf("str(%q) = %q, %v at %d; the byte loop gives %q, %v at %d", in, gv, gerr, got.i, wv, werr, want.i)
		}
		skip := decoder{s: in, i: at}
		serr := skip.skipStr()
		if fmt.Sprint(serr) != fmt.Sprint(werr) || skip.i != want.i {
			t.Fatalf("skipStr(%q) = %v at %d; decoding gives %v at %d", in, serr, skip.i, werr, want.i)
		}
		// boxedStr, with a slab (its fast path, whose chunk fills now and
		// then) and without
		for _, sl := range []*slab{boxSlab, nil} {
			boxed := decoder{s: in, i: at, slab: sl}
			bv, berr := boxed.boxedStr()
			if bv == nil && berr == nil || bv != nil && bv != any(wv) || fmt.Sprint(berr) != fmt.Sprint(werr) || boxed.i != want.i {
				t.Fatalf("boxedStr(%q) = %q, %v at %d; the byte loop gives %q, %v at %d", in, bv, berr, boxed.i, wv, werr, want.i)
			}
		}
	}
}

// TestStopBytes checks the word test against the byte test on every byte
// value in every position, with every other byte plain or a stop byte.
func TestStopBytes(t *testing.T) {
	stop := func(c byte) bool { return c == '"' || c == '\\' || c < 0x20 }
	fills := []byte{'a', 0xff, 0x80, 0x20, '"', 0x00, '\\', 0x1f, 0x21, 0x5d}
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 8; pos++ {
			for _, fill := range fills {
				var w [8]byte
				for i := range w {
					w[i] = 'a'
					if i > pos {
						w[i] = fill // bytes after the probe may be anything
					}
				}
				w[pos] = byte(c)
				m := stopBytes(swar.Load64(string(w[:]), 0))
				first := 8
				for i := range w {
					if stop(w[i]) {
						first = i
						break
					}
				}
				got := 8
				if m != 0 {
					got = trailingByte(m)
				}
				if got != first {
					t.Fatalf("% x: first stop byte at %d, want %d", w, got, first)
				}
			}
		}
	}
}

// TestStopBytesRandom checks the word test on random words whose bytes
// are mostly near the edges of the stop set.
func TestStopBytesRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	edges := []byte{0x00, 0x01, 0x1f, 0x20, 0x21, '"', '"' + 1, '"' - 1, '\\', '\\' - 1, '\\' + 1, 0x7f, 0x80, 0x81, 0xa2, 0xdc, 0xff}
	for n := 0; n < 500000; n++ {
		var w [8]byte
		for i := range w {
			if rng.Intn(2) == 0 {
				w[i] = edges[rng.Intn(len(edges))]
			} else {
				w[i] = byte(rng.Intn(256))
			}
		}
		first := 8
		for i, c := range w {
			if c == '"' || c == '\\' || c < 0x20 {
				first = i
				break
			}
		}
		m := stopBytes(swar.Load64(string(w[:]), 0))
		if got := trailingByte(m); got != first || (m == 0) != (first == 8) {
			t.Fatalf("% x: first stop byte at %d, want %d", w, got, first)
		}
	}
}

func trailingByte(m uint64) int {
	for i := 0; i < 8; i++ {
		if m>>(8*i+7)&1 != 0 {
			return i
		}
	}
	return 8
}

// byteLoopAppendString is the byte-at-a-time AppendString the word scan
// replaced: the oracle.
func byteLoopAppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		b = appendEscape(b, c)
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// TestAppendStringMatchesByteLoop: the word-at-a-time encoder writes what
// the byte loop wrote, on random strings of every byte class and length.
func TestAppendStringMatchesByteLoop(t *testing.T) {
	rng := rand.New(rand.NewSource(19))
	for n := 0; n < 200000; n++ {
		var b strings.Builder
		for k := rng.Intn(12); k > 0; k-- {
			b.WriteString(stringPieces[rng.Intn(len(stringPieces))])
		}
		for k := rng.Intn(4); k > 0; k-- {
			b.WriteByte(byte(rng.Intn(256)))
		}
		s := b.String()
		if got, want := AppendString([]byte("x"), s), byteLoopAppendString([]byte("x"), s); string(got) != string(want) {
			t.Fatalf("AppendString(%q) = %s, want %s", s, got, want)
		}
	}
}

// TestCanonicalStrings: the word-at-a-time scan of canonical() says yes
// to a string member, escapes and all, exactly when encoding its decoding
// gives it back.
func TestCanonicalStrings(t *testing.T) {
	rng := rand.New(rand.NewSource(23))
	checked := 0
	for n := 0; n < 100000; n++ {
		var b strings.Builder
		for k := rng.Intn(10); k > 0; k-- {
			b.WriteString(stringPieces[rng.Intn(len(stringPieces))])
		}
		line := `{"k":"` + b.String() + `"}`
		v, err := ParseJSONString(line)
		if err != nil {
			continue
		}
		checked++
		same := JSON(v) == line // escapes included
		if got := canonical(line); got != same {
			t.Fatalf("canonical(%q) = %v; encoding gives %s", line, got, JSON(v))
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d valid literals", checked)
	}
}
