package jexl

import (
	"strings"

	"github.com/expr-lang/expr"
)

// Func is a function an expression can call, either as a jexl transform
// (`value|name`, `value|name(a, b)`: the value is the first argument) or
// directly (`name(value, a, b)`). Arguments and the result are record values
// (objects arrive as *record.Object with sorted keys); an error aborts the
// evaluation.
type Func func(args ...any) (any, error)

// CompileWith compiles src with functions registered (data-mate's jexl
// instance, which has every data-mate function as a transform). Transforms
// written without parentheses get an empty argument list. Unlike jexl, a
// pipe binds looser than the arithmetic and comparison operators
// (`a + b|f` is f(a + b)); parenthesise the operand to be explicit.
func CompileWith(src string, funcs map[string]Func) (*Program, error) {
	opts := make([]expr.Option, 0, len(options)+len(funcs))
	opts = append(opts, options...)
	for name, f := range funcs {
		opts = append(opts, expr.Function(name, wrapFunc(f)))
	}
	p, err := expr.Compile(closeTransforms(src), opts...)
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

// closeTransforms rewrites `|name` not followed by `(` into `|name()`,
// outside string literals, so jexl's bare transforms parse as expr pipes.
func closeTransforms(src string) string {
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '"' || c == '\'':
			end := skipString(src, i)
			b.WriteString(src[i:end])
			i = end - 1
			continue
		case c == '|' && i+1 < len(src) && src[i+1] == '|':
			b.WriteString("||")
			i++
			continue
		case c == '|':
			start, end := identAfter(src, i+1)
			b.WriteString(src[i:end])
			if end > start && !nextIs(src, end, '(') {
				b.WriteString("()")
			}
			i = end - 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// skipString returns the index after the string literal starting at i.
func skipString(src string, i int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case q:
			return j + 1
		}
	}
	return len(src)
}

// identAfter skips white space after a pipe and returns the bounds of the
// identifier that follows (empty when there is none).
func identAfter(src string, i int) (int, int) {
	for i < len(src) && isSpace(src[i]) {
		i++
	}
	start := i
	for i < len(src) && isIdentByte(src[i]) {
		i++
	}
	return start, i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func nextIs(src string, i int, want byte) bool {
	for i < len(src) && isSpace(src[i]) {
		i++
	}
	return i < len(src) && src[i] == want
}
