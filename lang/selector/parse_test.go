package selector

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestParseShapes pins parse results in the compact notation of xlucene.md
// Appendix A.
func TestParseShapes(t *testing.T) {
	cases := []struct{ q, types, want string }{
		{"foo bar", "", `(<any>="foo" | <any>="bar")`},
		{"foo bar baz", "", `<any>="foo bar baz"`},
		{"a:1 b:2 OR c:3", "", `(a=1 | b=2 | c=3)`},
		{"a:1 OR b:2 AND c:3", "", `(a=1 | b=2 & c=3)`},
		{"a:1 NOT b:1", "", `(a=1 & !b=1)`},
		{"a:1 ! b:1", "", `(a=1 | !b=1)`},
		{"NOT NOT a:1", "", `(!<any>="NOT" | a=1)`},
		{"a:1 AND", "", `(a=1 | <any>="AND")`},
		{"count:22.5", "count:integer", `count=22`},
		{"a:-1", "", `a="-1"`},
		{"a:1\tAND b:2", "", `(a="1" & b=2)`},
		{`foo:bar\ baz`, "", `foo="bar\\ baz"`},
		{`foo:"a\d"`, "", `foo="\"a\\d\""`},
		{"a:(x y z)", "", `a="x y z"`},
		{"a:(b:1 OR 2)", "", `a:{b=1 | a=2}`},
		{"a:[1 TO *]", "", `a:[gte 1, lte +inf]`},
		{"a:[1.5 TO 5.3]", "a:string", `a:[gte "1.5", lte "5.3"]`},
		{`ip:"1.2.3.0/24"`, "ip:ip_range", `ip:[gte "1.2.3.0", lte "1.2.3.255"]`},
		{"loc:geoDistance(point:\"33.4,-111.9\" distance:5000m)", "", `loc:geoDistance(point:"33.4,-111.9", distance:"5000m")`},
		{"v:knn(vector:[1,2] k:5)", "", `v:knn(vector:["1,2"], k:5)`},
		{"c:1 (a:1 OR b:1)", "", `c:1(a:1, <any>:"OR", b:1)`},
	}
	for _, c := range cases {
		types := map[string]string{}
		if c.types != "" {
			k, v, _ := strings.Cut(c.types, ":")
			types[k] = v
		}
		n, err := Parse(c.q, Options{Types: types})
		if err != nil {
			t.Errorf("%q: %v", c.q, err)
			continue
		}
		if got := n.String(); got != c.want {
			t.Errorf("%q = %s, want %s", c.q, got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ q, want string }{
		{"a:1 b:2 c:3", `SyntaxError`},
		{"NOT(a:1)", `SyntaxError`},
		{"a:[1 TO 5 ]", `SyntaxError`},
		{"n:1*", `Expected 1* (String) to be parsable to a integer`},
		{"bool:maybe", `Expected maybe (String) to be in a boolean like format`},
		{"a:$@v", `Cannot have a variable char next to a "@"`},
		{"a:@v..w", `Invalid scoped variable "@v..w"`},
		{`loc:(_geo_point_:"33.4,-111.9" _geo_distance_:5km)`, `please use "loc:geoDistance(point:"33.4,-111.9", distance:5km)"`},
	}
	types := map[string]string{"n": "integer", "bool": "boolean"}
	for _, c := range cases {
		_, err := Parse(c.q, Options{Types: types})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "Failure to parse xLucene query") {
			t.Errorf("%q: error %v, want one containing %q", c.q, err, c.want)
		}
	}
}

// TestParseIsNotExponential: nesting and long OR chains parse quickly.
func TestParseIsNotExponential(t *testing.T) {
	var terms []string
	for i := 0; i < 1000; i++ {
		terms = append(terms, fmt.Sprintf("a:%d", i))
	}
	queries := []string{
		strings.Repeat("(", 200) + "a:1" + strings.Repeat(")", 200),
		strings.Repeat("(", 200) + "a:1",
		"(" + strings.Join(terms, " OR ") + ") AND b:0 OR " + strings.Join(terms[:500], " OR "),
	}
	for _, q := range queries {
		start := time.Now()
		Parse(q, Options{})
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("parsing a %d-byte query took %v", len(q), d)
		}
	}
}
