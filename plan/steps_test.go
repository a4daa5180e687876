package plan

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/record"
)

func obj(t testing.TB, s string) *record.Object {
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
		s.join(o, &State{})
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
		if _, err := c.e.apply(src, dst, src, &State{}); err != nil {
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

// TestJoinMatchesArrayJoin pins join's direct writer against the plain
// definition: flatten the values deeply, then Array.prototype.join.
func TestJoinMatchesArrayJoin(t *testing.T) {
	inner := record.NewObject(1)
	inner.Set("k", "v")
	values := []any{"", "a", "é✓", "\x00\xff", "𝄞", 0.0, -1.5, 1e21, 1e-7, 123456789012345680000.0,
		math.NaN(), math.Inf(-1), true, false, nil, record.Undefined, inner,
		[]any{}, []any{nil}, []any{"x", []any{1.0, []any{nil, "y"}}, record.Undefined}}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		n := rng.IntN(4)
		o := record.NewObject(n)
		var fields []string
		for j := 0; j < n+rng.IntN(2); j++ {
			name := string(rune('a' + j))
			fields = append(fields, name)
			if j < n {
				o.Set(name, values[rng.IntN(len(values))])
			}
		}
		delim := []string{"", " ", "-", "::", "é", "𝄞", "✓"}[rng.IntN(7)]
		want := joinOracle(o, paths(fields...), delim)
		target := record.ParsePath([]string{"t", "x.t"}[rng.IntN(2)]) // one key, or a path
		s := &Step{Kind: StepJoin, Fields: paths(fields...), Delimiter: delim, Target: target}
		s.join(o, &State{})
		got, set := target.Get(o)
		if want == nil && set || want != nil && (!set || got != *want) {
			t.Fatalf("join %v of %s with %q: got %v (set %v), want %v", fields, record.JSON(o), delim, got, set, want)
		}
	}
}

// TestSameLength16: the byte-length shortcut agrees with counting code
// units, for texts of 1- to 4-byte characters and invalid bytes around
// three times the length of the other string.
func TestSameLength16(t *testing.T) {
	parts := []string{"a", "é", "✓", "𝄞", "\xff", "\xed\xa0\x80"}
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 20000; i++ {
		var a, b string
		for n := rng.IntN(4); n > 0; n-- {
			a += parts[rng.IntN(len(parts))]
		}
		for n := rng.IntN(10); n > 0; n-- {
			b += parts[rng.IntN(len(parts))]
		}
		if got, want := sameLength16([]byte(b), a), len16(b) == len16(a); got != want {
			t.Fatalf("sameLength16(%q, %q) = %v, want %v", b, a, got, want)
		}
	}
}

// joinOracle is join by its definition; nil when the target is not set.
func joinOracle(o *record.Object, fields []record.Path, delim string) *string {
	var parts []any
	for _, f := range fields {
		v, ok := f.Get(o)
		if !ok {
			v = record.Undefined
		}
		parts = flattenDeep(parts, v)
	}
	res := record.JoinJS(parts, delim)
	if len16(res) == len16(delim) {
		return nil
	}
	return &res
}

func flattenDeep(out []any, v any) []any {
	if arr, ok := v.([]any); ok {
		for _, e := range arr {
			out = flattenDeep(out, e)
		}
		return out
	}
	return append(out, v)
}

// TestRegexFirstIsTheListsFirst pins the first-value path (FirstIn, groups
// in the State's room) against the first element of the full matchAll list,
// on linear and backtracking patterns with optional and zero-length groups.
func TestRegexFirstIsTheListsFirst(t *testing.T) {
	patterns := []string{`(\d)(x)?`, `/(products|blog)/`, `(Chrome|Firefox)/[0-9.]+`, `\d*`, `(a)|(b)`, `b+`,
		`(?<=a)b(c)?`, `(a)\1(b)?`, `x?`, `(é+)(✓)?`}
	const alphabet = "ab1x2/é✓Chrome/9."
	rng := rand.New(rand.NewPCG(11, 12))
	var st State
	for _, p := range patterns {
		e := &Extraction{Regex: jsre.MustCompile(p, "g"), Multi: MultiTrue}
		first := &Extraction{Regex: e.Regex, Multi: MultiFalse}
		for i := 0; i < 300; i++ {
			r := []rune(alphabet)
			var s []rune
			for n := rng.IntN(10); n > 0; n-- {
				s = append(s, r[rng.IntN(len(r))])
			}
			all, err := e.regexFn(string(s), &st)
			if err != nil {
				t.Fatal(err)
			}
			want := any(nil)
			if list, ok := all.([]any); ok {
				want = list[0]
			}
			got, err := first.regexFn(string(s), &st)
			if err != nil || got != want {
				t.Fatalf("/%s/ on %q: first %v (%v), list starts with %v", p, string(s), got, err, want)
			}
		}
	}
}

// TestExtractionTargets: an extraction writes where Path.Set writes, into
// a fork and into the record itself, for a target of one key, one key
// written as a path, a nested path and a path that is a key of the record.
func TestExtractionTargets(t *testing.T) {
	for _, target := range []string{"t", `["t"]`, "a.t", "a[0]", "x.y"} {
		for _, mutate := range []bool{false, true} {
			e := &Extraction{HasSource: true, Direct: true, Source: record.ParsePath("s"), Target: record.ParsePath(target)}
			src := obj(t, `{"s":{"v":[1]},"x.y":0}`)
			dst, want := record.NewObject(1), record.NewObject(1)
			if mutate {
				dst, want = src, obj(t, `{"s":{"v":[1]},"x.y":0}`)
			}
			if _, err := e.apply(src, dst, src, &State{}); err != nil {
				t.Fatal(err)
			}
			v, _ := src.Get("s")
			e.Target.Set(want, v)
			if got, w := record.JSON(dst), record.JSON(want); got != w {
				t.Errorf("target %s (in place %v): got %s, want %s", target, mutate, got, w)
			}
		}
	}
}
