package jexl

import (
	"errors"
	"math"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm"

	"github.com/sluice-dev/sluice/record"
)

// Program is a compiled expression, safe for concurrent use.
type Program struct {
	src  string
	prog *vm.Program
}

type patcher struct{}

var calls = map[string]string{"+": "__add", "==": "__eq", "!=": "__ne", "in": "__in", "&&": "__and", "||": "__or",
	"<": "__lt", "<=": "__le", ">": "__gt", ">=": "__ge", "-": "__sub", "*": "__mul", "/": "__div", "%": "__mod"}

func call(fn string, args ...ast.Node) *ast.CallNode {
	return &ast.CallNode{Callee: &ast.IdentifierNode{Value: fn}, Arguments: args}
}

// Visit rewrites operators, member access, negation and conditionals into
// calls of the functions below, which implement jexl's semantics.
func (patcher) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.BinaryNode:
		if fn, ok := calls[n.Operator]; ok {
			ast.Patch(node, call(fn, n.Left, n.Right))
		}
	case *ast.UnaryNode:
		if n.Operator == "!" || n.Operator == "not" {
			ast.Patch(node, call("__not", n.Node))
		}
	case *ast.MemberNode:
		if !n.Method {
			_, dotted := n.Property.(*ast.StringNode)
			ast.Patch(node, call("__member", n.Node, n.Property, &ast.BoolNode{Value: !dotted}))
		}
	case *ast.ConditionalNode:
		if n.Exp1 == nil {
			n.Exp1 = n.Cond
		}
		n.Cond = call("__truthy", n.Cond)
	}
}

var options = []expr.Option{
	expr.AllowUndefinedVariables(),
	expr.Patch(patcher{}),
	expr.Function("__add", func(p ...any) (any, error) { return add(p[0], p[1]), nil }),
	expr.Function("__eq", func(p ...any) (any, error) { return looseEqual(p[0], p[1]), nil }),
	expr.Function("__ne", func(p ...any) (any, error) { return !looseEqual(p[0], p[1]), nil }),
	expr.Function("__in", func(p ...any) (any, error) { return in(p[0], p[1]), nil }),
	expr.Function("__not", func(p ...any) (any, error) { return !record.Truthy(fromExpr(p[0])), nil }),
	expr.Function("__truthy", func(p ...any) (any, error) { return record.Truthy(fromExpr(p[0])), nil }),
	expr.Function("__member", func(p ...any) (any, error) { return member(p[0], p[1], p[2].(bool)) }),
	expr.Function("__and", func(p ...any) (any, error) { return and(p[0], p[1]), nil }),
	expr.Function("__or", func(p ...any) (any, error) { return or(p[0], p[1]), nil }),
	expr.Function("__lt", func(p ...any) (any, error) { return relational(p[0], p[1], func(c int) bool { return c < 0 }), nil }),
	expr.Function("__le", func(p ...any) (any, error) { return relational(p[0], p[1], func(c int) bool { return c <= 0 }), nil }),
	expr.Function("__gt", func(p ...any) (any, error) { return relational(p[0], p[1], func(c int) bool { return c > 0 }), nil }),
	expr.Function("__ge", func(p ...any) (any, error) { return relational(p[0], p[1], func(c int) bool { return c >= 0 }), nil }),
	expr.Function("__sub", func(p ...any) (any, error) { return number(p[0]) - number(p[1]), nil }),
	expr.Function("__mul", func(p ...any) (any, error) { return number(p[0]) * number(p[1]), nil }),
	expr.Function("__div", func(p ...any) (any, error) { return number(p[0]) / number(p[1]), nil }),
	expr.Function("__mod", func(p ...any) (any, error) { return math.Mod(number(p[0]), number(p[1])), nil }),
}

// number is JavaScript ToNumber; a missing identifier is undefined (NaN).
func number(v any) float64 {
	if v == nil {
		return math.NaN()
	}
	return record.ToNumber(fromExpr(v))
}

// relational is JavaScript's abstract relational comparison.
func relational(a, b any, ok func(int) bool) bool {
	if as, isA := a.(string); isA {
		if bs, isB := b.(string); isB {
			return ok(strings.Compare(as, bs))
		}
	}
	x, y := number(a), number(b)
	if math.IsNaN(x) || math.IsNaN(y) {
		return false
	}
	switch {
	case x < y:
		return ok(-1)
	case x > y:
		return ok(1)
	}
	return ok(0)
}

// Compile compiles src.
func Compile(src string) (*Program, error) {
	if err := checkSyntax(src); err != nil {
		return nil, err
	}
	p, err := expr.Compile(src, options...)
	if err != nil {
		return nil, err
	}
	return &Program{src: src, prog: p}, nil
}

// Eval evaluates the program against a record.
func (p *Program) Eval(ctx *record.Object) (any, error) {
	env := map[string]any{}
	if ctx != nil {
		for i := 0; i < ctx.Len(); i++ {
			k, v := ctx.At(i)
			env[k] = toExpr(v)
		}
	}
	out, err := expr.Run(p.prog, env)
	if err != nil {
		return nil, err
	}
	return fromExpr(out), nil
}

// toExpr converts record values for expr (objects become maps).
func toExpr(v any) any {
	switch x := v.(type) {
	case *record.Object:
		m := make(map[string]any, x.Len())
		for i := 0; i < x.Len(); i++ {
			k, e := x.At(i)
			m[k] = toExpr(e)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = toExpr(e)
		}
		return out
	}
	return v
}

// fromExpr converts expr results back into record values.
func fromExpr(v any) any {
	switch x := v.(type) {
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case float32:
		return float64(x)
	case map[string]any:
		return record.FromMap(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = fromExpr(e)
		}
		return out
	}
	return v
}

func num(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// add is JavaScript +: string concatenation when either side is a string
// (or an object/array), numeric addition otherwise.
func add(a, b any) any {
	_, as := a.(string)
	_, bs := b.(string)
	if as || bs || isComposite(a) || isComposite(b) {
		return jsString(a) + jsString(b)
	}
	return number(a) + number(b)
}

func isComposite(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

func jsString(v any) string {
	if v == nil {
		return "undefined"
	}
	if _, ok := v.(map[string]any); ok {
		return "[object Object]"
	}
	return record.ToString(fromExpr(v))
}

// looseEqual is JavaScript == on JSON values (undefined and null are equal
// to each other only; numbers, strings and booleans compare numerically
// when their types differ).
func looseEqual(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	x, y := fromExpr(a), fromExpr(b)
	if record.TypeOf(x) == record.TypeOf(y) {
		if isComposite(a) {
			return false
		}
		return record.StrictEqual(x, y)
	}
	if isComposite(a) || isComposite(b) {
		return record.ToString(x) == record.ToString(y)
	}
	fx, fy := record.ToNumber(x), record.ToNumber(y)
	return !math.IsNaN(fx) && fx == fy
}

// in: substring for strings, element membership for arrays.
func in(a, b any) bool {
	switch c := b.(type) {
	case string:
		s, ok := a.(string)
		return ok && strings.Contains(c, s)
	case []any:
		for _, e := range c {
			if record.StrictEqual(fromExpr(e), fromExpr(a)) {
				return true
			}
		}
	}
	return false
}

func and(a, b any) any {
	if !record.Truthy(fromExpr(a)) {
		return a
	}
	return b
}

func or(a, b any) any {
	if record.Truthy(fromExpr(a)) {
		return a
	}
	return b
}

// String returns the source.
func (p *Program) String() string { return p.src }

// member is jexl property access: a.b on null or undefined is undefined; on
// an array it reads the first element; a[b] on undefined throws; a boolean
// index keeps or drops the whole value.
func member(obj, key any, computed bool) (any, error) {
	if computed {
		if obj == nil {
			return nil, errors.New("cannot read an index of undefined")
		}
		if b, ok := key.(bool); ok {
			if b {
				return obj, nil
			}
			return nil, nil
		}
	}
	if arr, ok := obj.([]any); ok && !computed {
		if len(arr) == 0 {
			return nil, nil
		}
		obj = arr[0]
	}
	switch o := obj.(type) {
	case map[string]any:
		return o[record.ToString(fromExpr(key))], nil
	case []any:
		i, ok := num(key)
		if !ok || i < 0 || i != math.Trunc(i) || int(i) >= len(o) {
			return nil, nil
		}
		return o[int(i)], nil
	case string:
		i, ok := num(key)
		if !ok || i < 0 || i != math.Trunc(i) || int(i) >= len(o) {
			return nil, nil
		}
		return o[int(i) : int(i)+1], nil
	}
	return nil, nil
}

// checkSyntax rejects jexl syntax expr would silently read differently:
// `//` (floor division in jexl) starts a comment in expr.
func checkSyntax(src string) error {
	var quote byte
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			return errors.New("floor division (//) is not supported")
		}
	}
	return nil
}
