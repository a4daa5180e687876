package generator

import (
	"fmt"

	"github.com/sluice-dev/sluice/ops/generator/randexp"
	"github.com/sluice-dev/sluice/record"
)

// field is one output field of a record schema and its generator.
type field struct {
	name string
	gen  gen
}

// object generates one object of the fields, in their order.
func (s *state) object(fields []field) *record.Object {
	o := record.NewObject(len(fields))
	for _, f := range fields {
		o.Append(f.name, f.gen(s))
	}
	return o
}

// nested is the generator of a nested object schema.
func nested(fields []field) gen {
	return func(s *state) any { return s.object(fields) }
}

// withField sets name's generator: in place when the field exists (its
// position is kept), else appended. The input is never modified.
func withField(fields []field, name string, g gen) []field {
	out := append([]field(nil), fields...)
	for i := range out {
		if out[i].name == name {
			out[i].gen = g
			return out
		}
	}
	return append(out, field{name, g})
}

// withoutField removes name. The input is never modified.
func withoutField(fields []field, name string) []field {
	out := make([]field, 0, len(fields))
	for _, f := range fields {
		if f.name != name {
			out = append(out, f)
		}
	}
	return out
}

func hasField(fields []field, name string) bool {
	for _, f := range fields {
		if f.name == name {
			return true
		}
	}
	return false
}

// shape is what the parameters say about the record's fields.
type shape struct {
	dateKey    string
	format     string // "" when not set
	start, end int64  // epoch ms of the date range
	setID      string // "" when not set
	idStartKey string // "" when not set
}

// idPatterns are the id formats of set_id. base64url is the pattern the
// reference meant (spec 12 row 1: its JavaScript string lost the escapes
// and gave one class character followed by a literal "wwwwwwww").
var idPatterns = map[string]string{
	"base64url":   `[a-zA-Z1-9\-_]\w{8}`,
	"hexadecimal": `[0-9a-f]{8}`,
	"HEXADECIMAL": `[0-9A-F]{8}`,
}

var idTypes = []string{"base64url", "hexadecimal", "HEXADECIMAL"}

// idPattern is the id regex: id_start_key, as a group, before the format's
// pattern.
func idPattern(setID, startKey string) string {
	p := idPatterns[setID]
	if startKey != "" {
		p = "(?:" + startKey + ")" + p
	}
	return p
}

// compileID compiles an id pattern; ids are always bounded.
func compileID(pattern string) (*randexp.Generator, error) {
	return randexp.Compile(pattern, randexp.Unbounded)
}

// regexGen generates strings from a compiled pattern.
func regexGen(g *randexp.Generator) gen {
	return func(s *state) any {
		s.buf = g.Append(s.buf, s.rng)
		return s.boxed()
	}
}

// shapeDefault applies the parameters to the built-in record, as the
// reference does: a date_key other than "created" moves the date field
// last; the format sets its generator; set_id adds `id`.
func shapeDefault(sh shape) ([]field, error) {
	fields := defaultFields()
	date := dateGen(sh.format, sh.start, sh.end)
	if sh.dateKey != "created" {
		fields = withoutField(fields, "created")
	}
	fields = withField(fields, sh.dateKey, date)
	return withID(fields, sh)
}

// shapeCustom applies the parameters to a custom schema (a sluice
// decision; the reference never did): the date field is added last unless
// the schema has it, and a format replaces the schema's own generator;
// set_id sets `id`.
func shapeCustom(base []field, sh shape) ([]field, error) {
	fields := base
	if sh.format != "" || !hasField(fields, sh.dateKey) {
		fields = withField(fields, sh.dateKey, dateGen(sh.format, sh.start, sh.end))
	}
	return withID(fields, sh)
}

func withID(fields []field, sh shape) ([]field, error) {
	if sh.setID == "" {
		return fields, nil
	}
	g, err := compileID(idPattern(sh.setID, sh.idStartKey))
	if err != nil {
		return nil, fmt.Errorf("id_start_key: %w", err)
	}
	return withField(fields, "id", regexGen(g)), nil
}
