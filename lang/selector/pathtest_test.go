package selector

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/sluice-dev/sluice/record"
)

// TestPathTestMatchesAsTheLeaf: a test of one dotted path alone (term,
// pattern, wildcard, range, _exists_, typed) is a PathTest whose value
// test, on what Path.Get reads, matches exactly the records the matcher
// does, with values of every kind at the path, above it or missing;
// anything else (a key, a wildcard path, a negation, a conjunction) is
// not a PathTest.
func TestPathTestMatchesAsTheLeaf(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, q := range []string{`k.v:GET`, `k.v:200`, `k.v:/GE.*/`, `k.v:G*`, `k.v:>=500`, `k.v:[1 TO 500]`,
		`_exists_:k.v`, `ip:k.v:"10.0.0.0/8"`, `k.v:true`, `k.v:""`} {
		var types map[string]string
		if q[:3] == "ip:" {
			q, types = q[3:], map[string]string{"k.v": "ip"}
		}
		m, err := Compile(q, Options{Types: types})
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		path, test, ok := m.Test().PathTest()
		if !ok || path.String() != "k.v" {
			t.Fatalf("%s: PathTest %v, path %q", q, ok, path.String())
		}
		if test.IsExists() != (q == `_exists_:k.v`) {
			t.Fatalf("%s: IsExists %v", q, test.IsExists())
		}
		for i := 0; i < 300; i++ {
			v := leafValues[rng.Intn(len(leafValues))]
			var rec string
			switch rng.Intn(5) {
			case 0:
				rec = `{"k":` + v + `}`
			case 1:
				rec = `{"k.v":` + v + `}` // the path's text as a key
			case 2:
				rec = `{"k":[{"v":` + v + `}]}`
			default:
				rec = fmt.Sprintf(`{"k":{"v":%s,"w":1}}`, v)
			}
			o, err := record.ParseObject([]byte(rec))
			if err != nil {
				t.Fatal(err)
			}
			got, gotOK := path.Get(o)
			if test.Match(got, gotOK, nil) != m.Match(o) {
				t.Fatalf("%s on %s: the value test says %v", q, rec, !m.Match(o))
			}
		}
	}
	for _, q := range []string{`k:GET`, `k.*:GET`, `NOT k.v:GET`, `k.v:GET AND a:1`, `k.v:GET OR k.v:POST`} {
		m, err := Compile(q, Options{})
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if _, _, ok := m.Test().PathTest(); ok {
			t.Errorf("%s is a PathTest", q)
		}
	}
}
