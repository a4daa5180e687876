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
