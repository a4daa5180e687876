package selector

import (
	"errors"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/record"
)

var fuzzTypes = map[string]string{"d": "date", "ip": "ip", "r": "ip_range", "n": "integer", "f": "float", "b": "boolean",
	"s": "string", "g": "geo-point", "j": "geo-json", "num": "number"}

var fuzzRecords = []string{
	`{}`, `{"a":1,"b":"x","c":[1,"2",null],"d":"2020-01-01","ip":"10.0.0.1","r":"10.0.0.0/8","n":5,"s":"foo bar"}`,
	`{"g":"33.4,-111.9","j":{"type":"Point","coordinates":[1,2]},"a":{"b":{"c":true}},"b":false,"f":1.5}`,
}

// FuzzSelector: parsing, building and matching never panic, and every error
// position lies inside the query.
func FuzzSelector(f *testing.F) {
	for _, c := range loadCases(f) {
		f.Add(c.Query)
	}
	for _, s := range []string{"a:1 AND (b:2 OR NOT c:[1 TO 5}) d:>=3", `f:"x\"y" g:/a\/b/ h:w?l*`, "_exists_:a.b", `$v`, `@a.b`} {
		f.Add(s)
	}
	recs := make([]*record.Object, len(fuzzRecords))
	for i, r := range fuzzRecords {
		recs[i], _ = record.ParseObject([]byte(r))
	}
	opts := Options{Types: fuzzTypes, Variables: map[string]any{"v": "x", "@a.b": []any{1.0, "y"}}, Now: time.Unix(1700000000, 0)}
	f.Fuzz(func(t *testing.T, q string) {
		m, err := Compile(q, opts)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%q: error of type %T: %v", q, err, err)
			}
			if pe.Pos < 0 || pe.End < pe.Pos || pe.End > len(q) {
				t.Fatalf("%q: error span [%d,%d) outside the query: %v", q, pe.Pos, pe.End, err)
			}
			return
		}
		for _, r := range recs {
			m.Match(r)
		}
	})
}

// FuzzFastLeaves: a selector built with the leaves for common predicates
// matches the fuzz records exactly as it does built with the general
// leaves only.
func FuzzFastLeaves(f *testing.F) {
	for _, c := range loadCases(f) {
		f.Add(c.Query)
	}
	recs := make([]*record.Object, len(fuzzRecords))
	for i, r := range fuzzRecords {
		recs[i], _ = record.ParseObject([]byte(r))
	}
	opts := Options{Types: fuzzTypes, Variables: map[string]any{"v": "x", "@a.b": []any{1.0, "y"}}, Now: time.Unix(1700000000, 0)}
	f.Fuzz(func(t *testing.T, q string) {
		n, err := Parse(q, opts)
		if err != nil {
			return
		}
		fast, err := Build(n, q, opts)
		if err != nil {
			return
		}
		root, err := (&builder{types: opts.Types, query: q, general: true}).node(n)
		if err != nil {
			t.Fatalf("%q: the general build fails where the fast one does not: %v", q, err)
		}
		general := &Matcher{query: q, root: root, types: opts.Types}
		for _, r := range recs {
			if got, want := fast.Match(r), general.Match(r); got != want {
				t.Fatalf("%q on %s: fast leaves %v, general leaves %v", q, record.JSON(r), got, want)
			}
		}
	})
}
