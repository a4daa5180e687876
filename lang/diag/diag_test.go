package diag

import (
	"bytes"
	"testing"
)

func TestPosition(t *testing.T) {
	src := NewSource("r.txt", []byte("ab\nçd\n\nxyz"))
	cases := []struct {
		off  int
		want Position
	}{
		{0, Position{1, 1}}, {2, Position{1, 3}}, {3, Position{2, 1}},
		{5, Position{2, 2}}, {7, Position{3, 1}}, {8, Position{4, 1}}, {11, Position{4, 4}}, {99, Position{4, 4}},
	}
	for _, c := range cases {
		if got := src.Position(c.off); got != c.want {
			t.Errorf("Position(%d) = %v, want %v", c.off, got, c.want)
		}
	}
	if got := src.Line(2); got != "çd" {
		t.Errorf("Line(2) = %q", got)
	}
}

func TestListSortDedupRender(t *testing.T) {
	src := NewSource("rules.txt", []byte("{\"selector\": \"a:(\"}\nsecond line\n"))
	var l List
	l.Add(New("SEL001", Span{src, 20, 26}, "unexpected word"))
	l.Add(New("SEL002", Span{src, 14, 18}, "unclosed group"))
	l.Add(New("SEL002", Span{src, 14, 18}, "unclosed group"))
	l.Add(Warn("RUL010", Span{src, 0, 1}, "a warning"))
	l.Sort()
	l.Dedup()
	if l.Len() != 3 {
		t.Fatalf("len = %d", l.Len())
	}
	var b bytes.Buffer
	Render(&b, &l)
	want := "rules.txt:1:1: warning: RUL010 a warning\n" +
		"    {\"selector\": \"a:(\"}\n" +
		"    ^\n" +
		"rules.txt:1:15: SEL002 unclosed group\n" +
		"    {\"selector\": \"a:(\"}\n" +
		"                  ^^^^\n" +
		"rules.txt:2:1: SEL001 unexpected word\n" +
		"    second line\n" +
		"    ^^^^^^\n"
	if b.String() != want {
		t.Errorf("render:\n%s\nwant:\n%s", b.String(), want)
	}
	if !l.HasErrors() || l.Err() == nil {
		t.Error("expected errors")
	}
}

func TestListCap(t *testing.T) {
	l := List{Cap: 2}
	src := NewSource("x", []byte("abc"))
	for i := 0; i < 5; i++ {
		l.Add(New("X", Span{src, 0, 1}, "m"))
	}
	if l.Len() != 2 || l.Dropped != 3 {
		t.Fatalf("len=%d dropped=%d", l.Len(), l.Dropped)
	}
}

// One error on a huge line prints a bounded excerpt around the error, and
// control characters never reach the terminal raw.
func TestExcerptIsBoundedAndEscaped(t *testing.T) {
	line := append(bytes.Repeat([]byte("a"), 5<<20), []byte("\x1b[31mBAD\x00")...)
	line = append(line, bytes.Repeat([]byte("b"), 5<<20)...)
	src := NewSource("big.txt", append(line, '\n'))
	at := 5<<20 + 5
	var l List
	l.Add(New("X001", Span{src, at, at + 3}, "bad word %q", string(line[at-10:at+20])+string(bytes.Repeat([]byte("z"), 5000))))
	var b bytes.Buffer
	Render(&b, &l)
	out := b.String()
	if len(out) > 2*ExcerptWidth+MessageWidth+200 {
		t.Fatalf("rendered %d bytes", len(out))
	}
	if bytes.ContainsAny(b.Bytes(), "\x1b\x00") {
		t.Errorf("raw control characters in %q", out)
	}
	lines := bytes.Split(b.Bytes(), []byte("\n"))
	excerpt, carets := string(lines[1]), string(lines[2])
	col := bytes.IndexByte(lines[2], '^')
	if col < 0 || excerpt[col:col+3] != "BAD" || len(bytes.TrimSpace(lines[2])) != 3 {
		t.Errorf("carets do not mark BAD:\n%s\n%s", excerpt, carets)
	}
	if !bytes.Contains(lines[1], []byte(`\x1b[31m`)) || !bytes.HasPrefix(bytes.TrimSpace(lines[1]), []byte("...")) {
		t.Errorf("excerpt not escaped or not marked as cut: %q", excerpt)
	}
}
