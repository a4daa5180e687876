package selector

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/sluice-dev/sluice/internal/ipx"
	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/record"
)

// dateValue is an instant (epoch milliseconds) computed at parse time from
// date math such as now-1d.
type dateValue float64

func (d dateValue) String() string {
	return time.UnixMilli(int64(d)).UTC().Format("2006-01-02T15:04:05.000Z")
}

// fieldType is the reference getFieldType: the exact type_config entry, else
// the type of the first path segment when that is not "object".
func (p *parser) fieldType(field string) string {
	if t, ok := p.types[field]; ok {
		return t
	}
	if i := strings.IndexByte(field, '.'); i > 0 {
		if t, ok := p.types[field[:i]]; ok && t != "object" {
			return t
		}
	}
	return ""
}

// coerce applies coerceTermType to a term-like node that has a field.
func (p *parser) coerce(n *Node) {
	t := p.fieldType(n.Field)
	if t == "" {
		return
	}
	n.Analyzed = t == "~string" || p.types[n.Field] == ""
	if n.Value.IsVar() {
		n.FieldType = t
		return
	}
	if n.Kind == KTerm && t == "ip_range" {
		if s, ok := n.Value.V.(string); ok && p.cidrToRange(n, s) {
			return
		}
	}
	if n.FieldType != t {
		v, err := coerceValue(n.Value.V, t, p.now)
		if err != nil {
			p.fatal = &ParseError{Kind: errKind(t), Pos: n.Start, End: n.End, Msg: err.Error()}
			return
		}
		n.Value.V = v
	}
	n.FieldType = t
}

// cidrToRange rewrites an ip_range CIDR term into the range of its block.
func (p *parser) cidrToRange(n *Node, s string) bool {
	pfx, ok := ipx.ParseCIDR(s)
	if !ok {
		return false
	}
	n.Kind = KRange
	n.Left = &Bound{Op: "gte", Value: Value{V: pfx.First().String()}, FieldType: "ip_range"}
	n.Right = &Bound{Op: "lte", Value: Value{V: pfx.Last().String()}, FieldType: "ip_range"}
	n.Value = Value{}
	n.FieldType = "ip_range"
	return true
}

func (p *parser) coerceRange(n *Node) {
	for _, b := range []*Bound{n.Left, n.Right} {
		if b == nil {
			continue
		}
		t := p.fieldType(n.Field)
		if t == "" || b.Value.IsVar() {
			if t != "" {
				b.FieldType = t
			}
			continue
		}
		if b.FieldType != t {
			v, err := coerceValue(b.Value.V, t, p.now)
			if err != nil {
				p.fatal = &ParseError{Kind: errKind(t), Pos: n.Start, End: n.End, Msg: err.Error()}
				return
			}
			b.Value.V = v
		}
		b.FieldType = t
	}
	n.FieldType = p.fieldType(n.Field)
}

func errKind(t string) string {
	if t == "integer" || t == "float" {
		return "TypeError"
	}
	return "Error"
}

// coerceValue converts a literal to the field type t, with the reference's
// error messages.
func coerceValue(v any, t string, now time.Time) (any, error) {
	switch t {
	case "string", "~string":
		return record.ToString(v), nil
	case "integer":
		f, ok := toNumberLike(v)
		if !ok {
			return nil, fmt.Errorf("Expected %s (%s) to be parsable to a integer", record.ToString(v), record.GetTypeOf(v))
		}
		return math.Trunc(f), nil
	case "float":
		f, ok := toNumberLike(v)
		if !ok {
			return nil, fmt.Errorf("Expected %s (%s) to be parsable to a float", record.ToString(v), record.GetTypeOf(v))
		}
		return f, nil
	case "number":
		f := record.ToNumber(v)
		if math.IsNaN(f) {
			return nil, fmt.Errorf("Expected %s (%s) to be in a number like format", record.ToString(v), record.GetTypeOf(v))
		}
		return f, nil
	case "boolean":
		return toBooleanLike(v)
	case "date":
		return coerceDate(v, now), nil
	case "ip":
		if _, ok := v.(string); !ok {
			return nil, fmt.Errorf("Expected %s (%s) to be in a IP like format", record.ToString(v), record.GetTypeOf(v))
		}
	}
	return v, nil
}

// toNumberLike is core-utils number parsing for integer/float coercion:
// thousands separators between digits are ignored.
func toNumberLike(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, !math.IsNaN(x)
	case string:
		s := stripThousands(strings.TrimSpace(x))
		if s == "" {
			return 0, false
		}
		f := record.StringToNumber(s)
		return f, !math.IsNaN(f)
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

func stripThousands(s string) string {
	if !strings.Contains(s, ",") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == ',' && i > 0 && i+1 < len(s) && isDigitByte(s[i-1]) && isDigitByte(s[i+1]) {
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func toBooleanLike(v any) (any, error) {
	switch x := v.(type) {
	case bool:
		return x, nil
	case nil:
		return false, nil
	case float64:
		if x == 1 || x == 0 {
			return x == 1, nil
		}
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true", "yes", "1":
			return true, nil
		case "false", "no", "0", "":
			return false, nil
		}
	}
	return nil, fmt.Errorf("Expected %s (%s) to be in a boolean like format", record.ToString(v), record.GetTypeOf(v))
}

// coerceDate keeps a valid date as written, resolves date math against now,
// and otherwise keeps the value (the matcher rejects it at build time).
func coerceDate(v any, now time.Time) any {
	s, ok := v.(string)
	if !ok {
		return v
	}
	if _, ok := jsdate.Parse(s); ok {
		return s
	}
	if ms, ok := jsdate.DateMath(s, now); ok {
		return dateValue(ms)
	}
	return v
}
