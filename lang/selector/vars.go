package selector

import (
	"strings"

	"github.com/sluice-dev/sluice/record"
)

// substitute resolves variables (xlucene.md §4). Without a variables object
// every variable node is marked undefined and never matches.
func substitute(n *Node, opts Options, p *parser) error {
	var err error
	var visit func(*Node, bool)
	visit = func(x *Node, inFunc bool) {
		if x == nil || err != nil {
			return
		}
		switch x.Kind {
		case KLogicalGroup, KFieldGroup:
			for _, c := range x.Flow {
				visit(c, inFunc)
			}
		case KConjunction:
			for _, c := range x.Nodes {
				visit(c, inFunc)
			}
		case KNegation:
			visit(x.Child, inFunc)
		case KFunction:
			for _, c := range x.Params {
				visit(c, true)
			}
		case KTermList:
			x.Value.V = resolveList(x.Value.V.([]any), opts.Variables)
		case KRange:
			resolveBound(x, x.Left, opts.Variables, p)
			resolveBound(x, x.Right, opts.Variables, p)
		case KTerm:
			err = resolveTerm(x, opts.Variables, inFunc, p)
		}
	}
	visit(n, false)
	if err == nil && p.fatal != nil {
		err = p.fatal
	}
	return err
}

func lookup(vars map[string]any, v Value) (any, bool) {
	if vars == nil {
		return nil, false
	}
	x, ok := vars[v.Var]
	return record.FromGo(x), ok
}

func resolveList(list []any, vars map[string]any) []any {
	out := make([]any, len(list))
	for i, e := range list {
		switch x := e.(type) {
		case Value:
			out[i], _ = lookup(vars, x)
		case []any:
			out[i] = resolveList(x, vars)
		default:
			out[i] = e
		}
	}
	return out
}

func resolveBound(n *Node, b *Bound, vars map[string]any, p *parser) {
	if b == nil || !b.Value.IsVar() {
		return
	}
	v, ok := lookup(vars, b.Value)
	if !ok || v == nil {
		n.Undefined = true
		return
	}
	b.Value = Value{V: v}
	if t := p.fieldType(n.Field); t != "" && n.HasField {
		cv, err := coerceValue(v, t, p.now)
		if err != nil {
			p.fatal = &ParseError{Kind: errKind(t), Pos: n.Start, End: n.End, Msg: err.Error()}
			return
		}
		b.Value.V, b.FieldType = cv, t
	}
}

func resolveTerm(n *Node, vars map[string]any, inFunc bool, p *parser) error {
	if !n.Value.IsVar() {
		return nil
	}
	v, ok := lookup(vars, n.Value)
	if !ok || v == nil {
		// Undefined never matches; null would match the variable's own name in
		// the reference (a bug, see docs/compat.md) and also never matches here.
		n.Undefined = true
		return nil
	}
	if inFunc {
		n.Value = Value{V: v}
		return nil
	}
	switch x := v.(type) {
	case []any:
		return expandArray(n, x, p)
	case string:
		if re, ok := regexLiteral(x); ok {
			n.Kind, n.Value = KRegexp, Value{V: re}
			return nil
		}
	case *record.Object:
		return objectTerm(n, p)
	}
	return setTermValue(n, v, p)
}

func setTermValue(n *Node, v any, p *parser) error {
	n.Value = Value{V: v}
	n.FieldType = syntacticType(v)
	if n.HasField {
		p.coerce(n)
	}
	return p.fatalErr()
}

func (p *parser) fatalErr() error {
	if p.fatal != nil {
		return p.fatal
	}
	return nil
}

func syntacticType(v any) string {
	switch x := v.(type) {
	case bool:
		return "boolean"
	case float64:
		if x == float64(int64(x)) {
			return "integer"
		}
		return "float"
	}
	return "string"
}

// objectTerm: an object variable cannot be coerced to a typed field (parse
// error); on an untyped field it never equals a record value.
func objectTerm(n *Node, p *parser) error {
	if t := p.fieldType(n.Field); t != "" && n.HasField {
		return &ParseError{Kind: "Error", Pos: n.Start, End: n.End,
			Msg: "Expected [object Object] (Object) to be in a " + strings.TrimPrefix(t, "~") + " like format"}
	}
	n.Undefined = true
	return nil
}

// expandArray turns `f:$v` with an array value into a field group OR.
func expandArray(n *Node, arr []any, p *parser) error {
	var flow []*Node
	for _, e := range arr {
		if _, isObj := e.(*record.Object); isObj {
			if err := objectTerm(&Node{Field: n.Field, HasField: n.HasField, Start: n.Start, End: n.End}, p); err != nil {
				return err
			}
			continue
		}
		t := &Node{Kind: KTerm, Field: n.Field, HasField: n.HasField, Start: n.Start, End: n.End}
		if err := setTermValue(t, e, p); err != nil {
			return err
		}
		flow = append(flow, &Node{Kind: KConjunction, Nodes: []*Node{t}})
	}
	*n = Node{Kind: KFieldGroup, Field: n.Field, HasField: n.HasField, Flow: flow, Start: n.Start, End: n.End}
	return nil
}

// regexLiteral recognises "/body/" and "/body/flags" strings.
func regexLiteral(s string) (string, bool) {
	if len(s) < 2 || s[0] != '/' {
		return "", false
	}
	end := strings.LastIndexByte(s, '/')
	if end == 0 {
		return "", false
	}
	for _, c := range s[end+1:] {
		if !strings.ContainsRune("gimsuy", c) {
			return "", false
		}
	}
	return s[1:end], true
}
