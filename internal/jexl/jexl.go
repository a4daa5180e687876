package jexl

import (
	"github.com/sluice-dev/sluice/record"
)

// Program is a compiled expression, safe for concurrent use.
type Program struct {
	src   string
	ast   *node // nil: the empty expression
	funcs map[string]Func
}

// Func is a transform, called for `value|name(args...)`: value is the
// operand before the pipe and args the evaluated arguments. env is the
// evaluation's shared state (see Env). An error aborts the evaluation.
type Func func(env *Env, value any, args []any) (any, error)

// Env is the state one top-level evaluation shares with its transforms:
// data-mate's jexl keeps the record being evaluated (its `_context`) on the
// instance, and nested evaluations replace it.
type Env struct {
	Context any
}

// Compile compiles src with no transforms, like the reference's `exp`
// (jexl's default instance). Lexer and parser errors are jexl's messages.
// A call of a transform or function, which jexl would report as not defined
// whenever it is evaluated, is reported here.
func Compile(src string) (*Program, error) { return CompileWith(src, nil) }

// CompileWith compiles src with the transforms funcs (data-mate's jexl
// instance). jexl's functions pool stays empty: `name(x)` is never defined.
func CompileWith(src string, funcs map[string]Func) (*Program, error) {
	tokens, err := tokenize(src)
	if err != nil {
		return nil, err
	}
	ast, err := parse(tokens)
	if err != nil {
		return nil, err
	}
	if err := checkCalls(ast, funcs); err != nil {
		return nil, err
	}
	return &Program{src: src, ast: ast, funcs: funcs}, nil
}

// checkCalls reports the first call of an unknown transform or function.
func checkCalls(n *node, funcs map[string]Func) error {
	if isNull(n) {
		return nil
	}
	if n.kind == nCall && (!n.transform || n.noName || funcs[n.name] == nil) {
		return undefinedFuncError(n)
	}
	for _, c := range n.children() {
		if err := checkCalls(c, funcs); err != nil {
			return err
		}
	}
	return nil
}

// children lists a node's sub-nodes (nil ones included).
func (n *node) children() []*node {
	out := []*node{n.left, n.right, n.from, n.test, n.consequent, n.alternate, n.subject, n.expr}
	out = append(out, n.args...)
	out = append(out, n.elems...)
	return append(out, n.vals...)
}

// Eval evaluates the program against a record (jexl's evalSync): its keys
// are the identifiers. A JSON null is null, a missing key undefined
// (record.Undefined).
func (p *Program) Eval(ctx *record.Object) (any, error) {
	var c any
	if ctx != nil {
		c = ctx
	}
	return p.EvalEnv(&Env{Context: c}, c)
}

// EvalEnv evaluates the program with ctx as the context (a falsy one is
// replaced by an empty object, as jexl does); transforms receive env.
func (p *Program) EvalEnv(env *Env, ctx any) (any, error) {
	if !record.Truthy(ctx) {
		ctx = record.NewObject(0)
	}
	if p.ast == nil {
		return nil, errNullNode
	}
	e := evaluator{ctx: ctx, rel: ctx, funcs: p.funcs, env: env}
	return e.eval(p.ast)
}

// String returns the source.
func (p *Program) String() string { return p.src }
