package jexl

import (
	"github.com/expr-lang/expr"
)

// Func is a function an expression can call, either as a jexl transform
// (`value|name`, `value|name(a, b)`: the value is the first argument) or
// directly (`name(value, a, b)`). Arguments and the result are record values
// (objects arrive as *record.Object with sorted keys); an error aborts the
// evaluation.
type Func func(args ...any) (any, error)

// CompileWith compiles src with functions registered (data-mate's jexl
// instance, which has every data-mate function as a transform). As in jexl,
// a transform applies to the operand just before the pipe: `a + b|f(x)` is
// a + f(b, x), `(a + b)|f` is f(a + b), `o.list[0]|f` is f(o.list[0]).
func CompileWith(src string, funcs map[string]Func) (*Program, error) {
	opts := make([]expr.Option, 0, len(options)+len(funcs))
	opts = append(opts, options...)
	for name, f := range funcs {
		opts = append(opts, expr.Function(name, wrapFunc(f)))
	}
	if err := checkSyntax(src); err != nil {
		return nil, err
	}
	p, err := expr.Compile(rewritePipes(src), opts...)
	if err != nil {
		return nil, err
	}
	return &Program{src: src, prog: p}, nil
}

func wrapFunc(f Func) func(params ...any) (any, error) {
	return func(params ...any) (any, error) {
		args := make([]any, len(params))
		for i, p := range params {
			args[i] = fromExpr(p)
		}
		out, err := f(args...)
		if err != nil {
			return nil, err
		}
		return toExpr(out), nil
	}
}
