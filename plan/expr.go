package plan

import (
	"fmt"

	"github.com/sluice-dev/sluice/internal/jexl"
	"github.com/sluice-dev/sluice/record"
)

// Expr is a compiled `exp` expression.
type Expr struct {
	Source string
	prog   *jexl.Program
}

// CompileExpr compiles an exp expression once.
func CompileExpr(src string) (*Expr, error) {
	p, err := jexl.Compile(src)
	if err != nil {
		return nil, err
	}
	return &Expr{Source: src, prog: p}, nil
}

// Eval evaluates the expression with the record's top-level fields as
// identifiers.
func (e *Expr) Eval(ctx *record.Object) (any, error) {
	v, err := e.prog.Eval(ctx)
	if err != nil {
		return nil, fmt.Errorf("Invalid jexl expression: %s, error: %v", e.Source, err)
	}
	return v, nil
}
