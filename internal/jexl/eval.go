package jexl

import (
	"errors"
	"fmt"

	"github.com/sluice-dev/sluice/record"
)

// The evaluator is jexl 2.3.0's Evaluator with its handlers, run
// synchronously (evalSync): operands are evaluated left to right, `&&`, `||`
// and `?:` only evaluate the branch they need.

type evaluator struct {
	ctx   any // _context: the record (never null or undefined)
	rel   any // _relContext: the filter element, or ctx
	funcs map[string]Func
	env   *Env
}

func (e *evaluator) eval(n *node) (any, error) {
	switch n.kind {
	case nLiteral:
		return n.value, nil
	case nIdentifier:
		return e.identifier(n)
	case nUnary:
		v, err := e.evalChild(n.right)
		return !record.Truthy(v), err
	case nBinary:
		return e.binary(n)
	case nConditional:
		return e.conditional(n)
	case nFilter:
		return e.filter(n)
	case nCall:
		return e.call(n)
	case nArray:
		return e.values(n.elems, 1) // capacity >= 1: every literal has its own identity for == and in
	case nObject:
		return e.object(n)
	}
	return nil, errNullNode
}

var (
	errNullNode      = errors.New("Cannot read properties of null (reading 'type')")
	errUndefinedNode = errors.New("Cannot read properties of undefined (reading 'type')")
)

// evalChild evaluates a child that jexl may have left null or undefined.
func (e *evaluator) evalChild(n *node) (any, error) {
	if n == nil {
		return nil, errUndefinedNode
	}
	return e.eval(n)
}

func (e *evaluator) identifier(n *node) (any, error) {
	if n.from == nil {
		if n.relative {
			return property(e.rel, n.name), nil
		}
		return property(e.ctx, n.name), nil
	}
	v, err := e.eval(n.from)
	if err != nil || record.IsNil(v) {
		return record.Undefined, err
	}
	if arr, ok := v.([]any); ok {
		v = record.Undefined
		if len(arr) > 0 {
			v = arr[0]
		}
	}
	return get(v, n.name)
}

// get is `v[key]`, which throws on null and undefined.
func get(v any, key string) (any, error) {
	if record.IsNil(v) {
		return nil, fmt.Errorf("Cannot read properties of %s (reading '%s')", record.ToString(v), key)
	}
	return property(v, key), nil
}

func (e *evaluator) binary(n *node) (any, error) {
	switch n.name {
	case "&&", "||":
		return e.logical(n)
	}
	a, err := e.evalChild(n.left)
	if err != nil {
		return nil, err
	}
	b, err := e.evalChild(n.right)
	if err != nil {
		return nil, err
	}
	return binaryOps[n.name](a, b), nil
}

func (e *evaluator) logical(n *node) (any, error) {
	a, err := e.evalChild(n.left)
	if err != nil || record.Truthy(a) == (n.name == "||") {
		return a, err
	}
	return e.evalChild(n.right)
}

func (e *evaluator) conditional(n *node) (any, error) {
	v, err := e.evalChild(n.test)
	if err != nil {
		return nil, err
	}
	if !record.Truthy(v) {
		return e.evalChild(n.alternate)
	}
	if isNull(n.consequent) {
		return v, nil
	}
	return e.eval(n.consequent)
}

func (e *evaluator) filter(n *node) (any, error) {
	subject, err := e.evalChild(n.subject)
	if err != nil {
		return nil, err
	}
	if n.relative {
		return e.filterRelative(subject, n.expr)
	}
	res, err := e.eval(n.expr)
	if err != nil {
		return nil, err
	}
	if b, ok := res.(bool); ok {
		if b {
			return subject, nil
		}
		return record.Undefined, nil
	}
	return get(subject, propertyKey(res))
}

// filterRelative keeps the elements for which expr is truthy, evaluated
// with the element as the relative context (jexl falls back to the record
// for a falsy element). A non-array subject is one element; undefined none.
func (e *evaluator) filterRelative(subject any, expr *node) (any, error) {
	elems, ok := subject.([]any)
	if !ok {
		elems = nil
		if subject != record.Undefined {
			elems = []any{subject}
		}
	}
	out := make([]any, 0, max(len(elems), 1))
	for _, el := range elems {
		sub := *e
		if record.Truthy(el) {
			sub.rel = el
		} else {
			sub.rel = e.ctx
		}
		v, err := sub.eval(expr)
		if err != nil {
			return nil, err
		}
		if record.Truthy(v) {
			out = append(out, el)
		}
	}
	return out, nil
}

func (e *evaluator) call(n *node) (any, error) {
	f := e.funcs[n.name]
	if !n.transform || f == nil || n.noName {
		return nil, undefinedFuncError(n)
	}
	args, err := e.values(n.args, 0)
	if err != nil {
		return nil, err
	}
	var value any = record.Undefined
	if len(args) > 0 {
		value, args = args[0], args[1:]
	}
	return f(e.env, value, args)
}

func undefinedFuncError(n *node) error {
	name := n.name
	if n.noName {
		name = "undefined"
	}
	if n.transform {
		return fmt.Errorf("Transform %s is not defined.", name)
	}
	return fmt.Errorf("Jexl Function %s is not defined.", name)
}

// values evaluates nodes in order into a new slice of at least capacity minCap.
func (e *evaluator) values(nodes []*node, minCap int) ([]any, error) {
	out := make([]any, len(nodes), max(len(nodes), minCap))
	for i, n := range nodes {
		v, err := e.eval(n)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func (e *evaluator) object(n *node) (any, error) {
	o := record.NewObject(len(n.keys))
	for i, k := range n.keys {
		v, err := e.eval(n.vals[i])
		if err != nil {
			return nil, err
		}
		o.Append(k, v)
	}
	return o, nil
}
