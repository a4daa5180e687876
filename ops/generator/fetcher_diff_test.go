package generator_test

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
	"github.com/sluice-dev/sluice/record"
)

// shapes classify generated values independently of the generator.
var shapes = []struct {
	name string
	re   *regexp.Regexp
}{
	{"ipv4", regexp.MustCompile(`^\d{1,3}(\.\d{1,3}){3}$`)},
	{"ipv6", regexp.MustCompile(`^[0-9a-f]{4}(:[0-9a-f]{4}){7}$`)},
	{"uuid", regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)},
	{"local-date", regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$`)},
	{"utc-date", regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`)},
	{"url", regexp.MustCompile(`^https://[a-z-]+\.[a-z]+/?$`)},
	{"coordinates", regexp.MustCompile(`^-?\d+(\.\d+)?, -?\d+(\.\d+)?$`)},
	{"hex", regexp.MustCompile(`^[0-9a-f]+$`)},
	{"HEX", regexp.MustCompile(`^[0-9A-F]+$`)},
	{"a-or-b-then-HEX", regexp.MustCompile(`^[ab][0-9A-F]{8}$`)},
}

// shapesOf is every shape v has: a random value can fit more than one
// (`a19853028` is both hex and a-or-b-then-HEX).
func shapesOf(v any) []string {
	s, ok := v.(string)
	if !ok {
		return []string{record.TypeName(v)}
	}
	var out []string
	for _, sh := range shapes {
		if sh.re.MatchString(s) {
			out = append(out, sh.name)
		}
	}
	if len(out) > 0 {
		return out
	}
	if strings.HasPrefix(s, "Mozilla/") || strings.Contains(s, "bot") {
		return []string{"user-agent"}
	}
	return []string{"string"}
}

type fetchDiff struct {
	ID        string          `json:"id"`
	Params    map[string]any  `json:"params"`
	Request   map[string]any  `json:"request"`
	Reference json.RawMessage `json:"reference"` // raw: keeps key order
}

// The reference's records and sluice's have the same keys in the same
// order and values of the same shapes; `ip` is always IPv4 in sluice
// (row 5), where the reference mixes in IPv6.
func TestFetcherDifferential(t *testing.T) {
	cases, err := ndjson.Read[fetchDiff](filepath.Join("testdata", "fetcher-differential.jsonl"), nil)
	if err != nil || len(cases) == 0 {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			raw, err := record.ParseJSON(c.Reference)
			if err != nil {
				t.Fatal(err)
			}
			out := fetch(t, c.Params, "", req(3, 3))
			for i, refRec := range raw.([]any) {
				compareShapes(t, refRec.(*record.Object), out[i].Data)
			}
		})
	}
}

func compareShapes(t *testing.T, ref, got *record.Object) {
	t.Helper()
	if rk, gk := strings.Join(ref.Keys(), ","), strings.Join(got.Keys(), ","); rk != gk {
		t.Fatalf("keys %s, reference %s", gk, rk)
	}
	for _, k := range ref.Keys() {
		rv, _ := ref.Get(k)
		gv, _ := got.Get(k)
		want := shapesOf(rv)
		if k == "ip" && slices.Contains(want, "ipv6") {
			want = []string{"ipv4"}
		}
		if g := shapesOf(gv); !slices.ContainsFunc(g, func(s string) bool { return slices.Contains(want, s) }) {
			t.Errorf("%s: %s is %v, the reference's %s is %v", k, record.JSON(gv), g, record.JSON(rv), want)
		}
	}
}
