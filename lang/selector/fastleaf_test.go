package selector

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/record"
)

// leafValues are values of every kind for a field: strings (equal, longer,
// empty, non-ASCII, numeric), numbers (edges, -0, huge), booleans, null,
// objects, arrays mixing them (nested and empty arrays too).
var leafValues = []string{`"GET"`, `"get"`, `"GETS"`, `""`, `"é"`, `1`, `0`, `-0`, `200`, `200.5`, `-1`, `1e308`,
	`-1e308`, `500`, `499.99999999999994`, `40000`, `true`, `false`, `null`, `{"a":"GET"}`, `{}`, `["GET"]`,
	`["x","GET"]`, `[]`, `[1,"GET",null]`, `[["GET"]]`, `[null]`, `[null,null]`, `["é",""]`, `"1"`, `"200"`,
	`" 500 "`, `"abc"`, `[200]`, `[1,500]`, `["500"]`, `[[500]]`, `[true]`, `[{}]`, `[false,0]`,
	`"10.1.2.3"`, `"11.0.0.1"`, `"010.1.2.3"`, `"10.0.0.0/9"`, `"::ffff:10.0.0.1"`, `"2001:db8::1"`, `"10."`,
	`["7.1.1.1","10.9.9.9"]`, `["10.0.0.0/8"]`, `[["10.0.0.1"]]`, `"1.2.3.4"`}

// TestFastLeavesAgreeWithGeneralLeaves pins each leaf made for a common
// predicate (keyString, keyNumber, keyRange, keyExists, keyPattern,
// keyIPBlock, keyIPEq, and on a path pathExists, pathPattern)
// against the general leaf with the same predicate, on random records with
// values of every kind under the field, or without the field.
func TestFastLeavesAgreeWithGeneralLeaves(t *testing.T) {
	preds := []pred{termString("GET"), termString(""), termString("é"), termString("1"),
		termNumber(200), termNumber(0), termNumber(-1), termNumber(math.Inf(1)), exists{}}
	for _, q := range []string{`k:>=500`, `k:>500`, `k:<=0`, `k:<1`, `k:[1 TO 500]`, `k:{0 TO 200}`, `k:>=abc`,
		`k:<"500"`, `k:[* TO 200]`, `k:>=-1`, `k:/GE.*/`, `k:/.*(1|true|null).*/`, `k:/[0-9]+/`, `k:/()/`,
		`k:/.*é.*/`, `k:/\[.*/`, `k:G*`, `k:*E*`, `k:?`, `k:*`, `k:1*`,
		`ip:k:"10.0.0.0/8"`, `ip:k:"0.0.0.0/0"`, `ip:k:"2001:db8::/32"`, `ip:k:[10.0.0.5 TO 11.0.0.9]`,
		`ip:k:"10.1.2.3"`, `ip:k:"1.2.3.4"`, `ip:k:"::ffff:10.0.0.1"`, `ip:k:"2001:db8::1"`} {
		var types map[string]string
		if ip, ok := strings.CutPrefix(q, "ip:"); ok { // on a field of type ip
			q, types = ip, map[string]string{"k": "ip"}
		}
		n, err := Parse(q, Options{Types: types})
		if err != nil {
			t.Fatal(err)
		}
		p, err := (&builder{query: q, types: types}).pred(n)
		if err != nil {
			t.Fatal(err)
		}
		preds = append(preds, p)
	}
	rng := rand.New(rand.NewSource(4))
	for _, p := range preds {
		fast := keyNode(record.NewKey("k"), p)
		if _, general := fast.(*keyLeaf); general {
			t.Fatalf("%#v: no fast leaf", p)
		}
		slow := &keyLeaf{key: record.NewKey("k"), p: p}
		path := pathNode(record.ParsePath("n.k"), p)
		slowPath := &pathLeaf{path: record.ParsePath("n.k"), p: p}
		for i := 0; i < 3000; i++ {
			text := `{"a":1,"n":{}}`
			if i%len(leafValues) != 0 || rng.Intn(2) == 0 { // now and then no "k" at all
				v := leafValues[rng.Intn(len(leafValues))]
				text = `{"a":1,"k":` + v + `,"n":{"k":` + v + `}}`
			}
			o, err := record.ParseObject([]byte(text))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := fast.match(o, nil), slow.match(o, nil); got != want {
				t.Fatalf("%T %#v on %s: fast %v, general %v", fast, p, text, got, want)
			}
			if got, want := path.match(o, nil), slowPath.match(o, nil); got != want {
				t.Fatalf("%T %#v on %s: fast %v, general %v", path, p, text, got, want)
			}
		}
	}
}

// TestCommonTermsUseFastLeaves: the common terms on a key (and _exists_ on
// a path) are built as their fast leaves (the test above pins them), other
// terms as the general ones.
func TestCommonTermsUseFastLeaves(t *testing.T) {
	for q, want := range map[string]string{
		`host:www.example.com`: "*selector.keyString", `host:"a b"`: "*selector.keyString",
		`n:1`: "*selector.keyNumber", `n:>=500`: "*selector.keyRange", `n:[1 TO 5]`: "*selector.keyRange",
		`_exists_:n`: "*selector.keyExists", `_exists_:a.b`: "*selector.pathExists",
		`a.b:x`: "*selector.pathLeaf", `b:true`: "*selector.keyLeaf", `ip:"10.0.0.1"`: "*selector.keyIPEq",
		`ip:"10.0.0.0/8"`: "*selector.keyIPBlock", `ip:[10.0.0.1 TO 10.0.0.9]`: "*selector.keyIPBlock",
		`d:>=2024-01-01`: "*selector.keyLeaf", `n:/x/`: "*selector.keyPattern", `n:x*`: "*selector.keyPattern",
		`a.b:/x/`: "*selector.pathPattern", `a.b:*x`: "*selector.pathPattern", `a.b:>=1`: "*selector.pathLeaf",
	} {
		m, err := Compile(q, Options{Types: map[string]string{"ip": "ip", "d": "date"}})
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%T", m.root); got != want {
			t.Errorf("%s: built as %s, want %s", q, got, want)
		}
	}
}

// TestFastLeavesAgreeOnConformanceCases: every conformance case's
// selector, built with the leaves for common predicates and built with
// the general leaves only, matches the same of the case's record and of
// records with values of every kind under the fields the cases use.
func TestFastLeavesAgreeOnConformanceCases(t *testing.T) {
	recs := []*record.Object{}
	for _, text := range fuzzRecords {
		o, err := record.ParseObject([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, o)
	}
	rng := rand.New(rand.NewSource(8))
	for i := 0; i < 60; i++ {
		var b strings.Builder
		b.WriteString("{")
		for j, f := range []string{"a", "b", "c", "n", "s", "x", "y", "name", "count", "bool"} {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "%q:%s", f, leafValues[rng.Intn(len(leafValues))])
		}
		fmt.Fprintf(&b, `,"a":{"b":%s}}`, leafValues[rng.Intn(len(leafValues))])
		o, err := record.ParseObject([]byte(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, o)
	}
	compared := 0
	for _, c := range loadCases(t) {
		opts := Options{Types: c.Types, Variables: c.Vars, Now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
		if opts.Variables == nil {
			opts.Variables = map[string]any{}
		}
		n, err := Parse(c.Query, opts)
		if err != nil {
			continue
		}
		fast, err := Build(n, c.Query, opts)
		if err != nil {
			continue
		}
		gb := &builder{types: c.Types, query: c.Query, general: true}
		root, err := gb.node(n)
		if err != nil {
			t.Fatalf("%s: the general build fails where the fast one does not: %v", c.Query, err)
		}
		general := &Matcher{query: c.Query, root: root, types: c.Types}
		cases := recs
		if o, err := record.ParseObject(c.Record); err == nil {
			cases = append([]*record.Object{o}, recs...)
		}
		for _, o := range cases {
			if got, want := fast.Match(o), general.Match(o); got != want {
				t.Fatalf("%s on %s: fast leaves %v, general leaves %v", c.Query, record.JSON(o), got, want)
			}
			compared++
		}
	}
	t.Logf("%d matches compared", compared)
	if compared < 10000 {
		t.Fatalf("only %d matches compared", compared)
	}
}
