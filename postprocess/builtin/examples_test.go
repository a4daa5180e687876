package builtin

import (
	"encoding/json"
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// TestExamples runs every documented example through the real wrapper.
func TestExamples(t *testing.T) {
	for _, s := range Specs() {
		for i, e := range s.Examples {
			op, err := newOp(s, ruleFor(t, json.RawMessage(e.Args)))
			if err != nil {
				t.Errorf("%s example %d: build: %v", s.Name, i, err)
				continue
			}
			want := e.Output
			if want != "removed" {
				want = record.JSON(mustParse(t, json.RawMessage(want)))
			}
			if got := runField(op, mustParse(t, json.RawMessage(e.Input))); got != want {
				t.Errorf("%s example %d (%s on %s): got %s, want %s", s.Name, i, e.Args, e.Input, got, want)
			}
		}
	}
}

var wantCore = []string{"geolocation", "string", "number", "boolean", "url", "email", "ip", "macaddress", "uuid", "isdn",
	"base64decode", "base64encode", "urldecode", "urlencode", "hexdecode", "hexencode", "md5encode", "sha1encode", "sha2encode",
	"jsonparse", "lowercase", "uppercase", "dedup", "trim"}

var wantPlugin = []string{"after", "alpha", "alphanumeric", "ascii", "base64", "before", "bytelength", "creditcard", "currency",
	"decimal", "divisibleby", "empty", "float", "fqdn", "hash", "hexcolor", "hexadecimal", "identitycard", "iprange", "issn", "isin",
	"iso8601", "iso31661alpha2", "iso31661alpha3", "in", "int", "latlong", "length", "matches", "md5", "mimetype", "numeric", "port",
	"postalcode", "rfc3339"}

// TestRegistry checks the names, their order and each spec's metadata.
func TestRegistry(t *testing.T) {
	all := Specs()
	want := append(append([]string{}, wantCore...), wantPlugin...)
	if len(all) != len(want) {
		t.Fatalf("got %d specs, want %d", len(all), len(want))
	}
	for i, s := range all {
		if s.Name != want[i] {
			t.Errorf("spec %d is %s, want %s", i, s.Name, want[i])
		}
		checkSpec(t, s, i >= len(wantCore))
	}
}

func checkSpec(t *testing.T, s *postprocess.Spec, isPlugin bool) {
	t.Helper()
	if s.Summary == "" || s.Build == nil || len(s.Examples) == 0 {
		t.Errorf("%s: summary, build and examples are required", s.Name)
	}
	if isPlugin != (s.Kind == postprocess.ValidatorPlugin) {
		t.Errorf("%s: kind %v", s.Name, s.Kind)
	}
	for _, e := range s.Examples {
		if e.Args != "" && !json.Valid([]byte(e.Args)) {
			t.Errorf("%s: example args %q are not JSON", s.Name, e.Args)
		}
	}
}

func TestGeoParentPaths(t *testing.T) {
	tests := []struct{ src, tgt, wantSrc, wantTgt string }{
		{"field", "field", "field", "field"},
		{"loc.lat", "loc.lon", "loc", "loc"},
		{"a.b.latitude", "out", "a.b", "out"},
		{"a.longitude", "lat", "a", "a"}, // target "" falls back to the source
		{"lat", "x", "", "x"},
		{"a.latx", "b.la", "a.latx", "b.la"},
	}
	for _, tt := range tests {
		s, g := geoParentPaths(tt.src, tt.tgt)
		if s != tt.wantSrc || g != tt.wantTgt {
			t.Errorf("geoParentPaths(%q, %q) = %q, %q; want %q, %q", tt.src, tt.tgt, s, g, tt.wantSrc, tt.wantTgt)
		}
	}
}
