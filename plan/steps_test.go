package plan

import (
	"testing"

	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/record"
)

func obj(t *testing.T, s string) *record.Object {
	t.Helper()
	o, err := record.ParseObject([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func paths(names ...string) []record.Path {
	out := make([]record.Path, len(names))
	for i, n := range names {
		out[i] = record.ParsePath(n)
	}
	return out
}

// TestJoinLengthRule: join sets the target only when the result's length
// differs from the delimiter's (transforms.md §12.4).
func TestJoinLengthRule(t *testing.T) {
	cases := []struct {
		rec, delim string
		fields     []string
		want       string
	}{
		{`{"a":"x","b":["y",["z"]]}`, "-", []string{"a", "b"}, `{"a":"x","b":["y",["z"]],"t":"x-y-z"}`},
		{`{}`, " ", []string{"a", "b"}, `{}`},
		{`{}`, " ", []string{"a", "b", "c"}, `{"t":"  "}`},
		{`{"a":1,"b":null,"c":true}`, "", []string{"a", "b", "c"}, `{"a":1,"b":null,"c":true,"t":"1true"}`},
	}
	for _, c := range cases {
		o := obj(t, c.rec)
		s := &Step{Kind: StepJoin, Fields: paths(c.fields...), Delimiter: c.delim, Target: record.ParsePath("t")}
		s.join(o)
		if got := record.JSON(o); got != c.want {
			t.Errorf("join %v on %s = %s, want %s", c.fields, c.rec, got, c.want)
		}
	}
}

// TestArraySpreadsAndKeepsNull: array spreads one level and keeps null.
func TestArraySpreadsAndKeepsNull(t *testing.T) {
	o := obj(t, `{"a":[1,[2]],"b":null,"c":"x"}`)
	s := &Step{Kind: StepArray, Fields: paths("a", "missing", "b", "c"), Target: record.ParsePath("t")}
	s.array(o)
	if got, _ := o.Get("t"); record.JSON(got) != `[1,[2],null,"x"]` {
		t.Errorf("array = %s", record.JSON(got))
	}
}

// TestExtractionRules pins start/end, regex groups, multivalue and
// zero-length matches (transforms.md §9.3).
func TestExtractionRules(t *testing.T) {
	re := func(p string) *jsre.Regexp { return jsre.MustCompile(p, "g") }
	cases := []struct {
		e    *Extraction
		in   string
		want string // JSON of the target, "" = not set
	}{
		{&Extraction{Slice: true, Start: "user=", End: "&"}, `"?user=ann&x=1"`, `"ann"`},
		{&Extraction{Slice: true, Start: "user=", End: "&"}, `"?user=ann"`, `"ann"`},
		{&Extraction{Slice: true, Start: "user=", End: "&"}, `"?user=&x"`, ``},
		{&Extraction{Slice: true, Start: "x=", End: "&"}, `["x=1","nope","x=2"]`, `["1","2"]`},
		{&Extraction{Slice: true, Start: "x=", End: "&", Multi: MultiFalse}, `["x=1","x=2"]`, `"1"`},
		{&Extraction{Regex: re(`(\d)(x)?`)}, `"a1b2"`, `"1"`},
		{&Extraction{Regex: re(`(\d)(x)?`), Multi: MultiTrue}, `"a1b2x"`, `["1",null,"2","x"]`},
		{&Extraction{Regex: re(`\d*`)}, `"abc1"`, ``},
		{&Extraction{Regex: re(`b+`)}, `42`, ``},
		{&Extraction{}, `false`, `false`},
		{&Extraction{}, `null`, ``},
	}
	for i, c := range cases {
		c.e.HasSource, c.e.Direct = true, true
		c.e.Source, c.e.Target = record.ParsePath("s"), record.ParsePath("t")
		src := obj(t, `{"s":`+c.in+`}`)
		dst := record.NewObject(1)
		if _, err := c.e.apply(src, dst, src, nil); err != nil {
			t.Fatal(err)
		}
		got := ""
		if v, ok := dst.Get("t"); ok {
			got = record.JSON(v)
		}
		if got != c.want {
			t.Errorf("case %d on %s: got %q, want %q", i, c.in, got, c.want)
		}
	}
}
