package conformance

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/postprocess"
	_ "github.com/sluice-dev/sluice/postprocess/all" // the registry under test
	"github.com/sluice-dev/sluice/record"
)

// ErrUnregistered is returned for a case whose operation is not registered.
var ErrUnregistered = errors.New("operation not registered")

// Outcome is what sluice did with a case.
type Outcome struct {
	// Value is the field's value afterwards (nil when removed) or, for
	// record kinds, the record (nil when dropped); normalised through JSON
	// so undefined values vanish as they do in the reference's output.
	Value any
	// Dropped: a field-kind operation dropped the whole record (never right:
	// the record keeps another key).
	Dropped bool
	// CompileError is the diagnostic code when the rule does not compile
	// (function level: a Build error, which the compiler reports as RUL011).
	CompileError string
	// RunError is a dead letter or an error returned by the operation.
	RunError string
	// Detail explains a compile or run error.
	Detail string
}

func (o Outcome) String() string {
	switch {
	case o.CompileError != "":
		return "compile error " + o.CompileError + ": " + o.Detail
	case o.RunError != "":
		return "run error " + o.RunError + ": " + o.Detail
	case o.Dropped:
		return "record dropped"
	}
	return record.JSON(o.Value)
}

// Equal reports whether two outcomes are the same.
func (o Outcome) Equal(p Outcome) bool {
	return o.CompileError == p.CompileError && o.RunError == p.RunError && o.Dropped == p.Dropped &&
		record.DeepEqual(o.Value, p.Value)
}

// Reference is the outcome the reference gives (rule_want).
func (c *Case) Reference() Outcome { return Outcome{Value: c.RuleWant} }

// RunFunction runs the case at function level: Lookup, then
// postprocess.NewOp (Build on the rule object, as the compiler binds it),
// then the rule-level wrapper.
func RunFunction(c *Case) (Outcome, error) {
	spec, ok := postprocess.Lookup(c.Fn)
	if !ok || spec.Kind == postprocess.Structural {
		return Outcome{}, ErrUnregistered
	}
	rule := c.Rule()
	out, isBool := rule.Get("output")
	op, err := postprocess.NewOp(spec, rule, "field", nil, "field", isBool && out == false)
	if err != nil {
		return Outcome{CompileError: compiler.CodeParam, Detail: err.Error()}, nil
	}
	r, err := op.Run(c.Record())
	if err != nil {
		return Outcome{RunError: "error", Detail: err.Error()}, nil
	}
	return c.result(r), nil
}

// RunCompiled runs the case through a compiled two-rule program (see
// RuleText) with plan.Plan.RunOne.
func RunCompiled(c *Case) (Outcome, error) {
	if spec, ok := postprocess.Lookup(c.Fn); !ok || spec.Kind == postprocess.Structural {
		return Outcome{}, ErrUnregistered
	}
	src := diag.NewSource("case-"+strconv.Itoa(c.ID)+".txt", c.RuleText())
	p, diags := compiler.Compile([]*diag.Source{src}, compiler.Config{Mode: plan.Transform})
	if p == nil {
		return compileFailure(diags), nil
	}
	r, dead := p.RunOne(c.Record(), &plan.State{})
	if dead != nil {
		return Outcome{RunError: dead.Code, Detail: dead.Message}, nil
	}
	return c.result(r), nil
}

// RuleText is the rule file a compiled case runs. Validations are named
// under "validation" (output:false then inverts without restricting the
// output) and take their source from the followed rule's target: a follow
// rule with "source" but no "post_process" is an implicit extraction in the
// reference (transforms.md §4 step 4), so it would not run the validation.
func (c *Case) RuleText() []byte {
	var b bytes.Buffer
	b.WriteString(`{"selector":"*","tag":"t","target":"field"}` + "\n")
	rule := c.Rule()
	if c.IsValidation() {
		rule.Delete("source")
	}
	b.WriteString(record.JSON(rule) + "\n")
	return b.Bytes()
}

func compileFailure(l *diag.List) Outcome {
	o := Outcome{CompileError: "?", Detail: "no plan and no diagnostic"}
	var msgs bytes.Buffer
	for _, d := range l.Items {
		if d.Severity != diag.Error {
			continue
		}
		if o.CompileError == "?" {
			o.CompileError = d.Code
		}
		fmt.Fprintf(&msgs, "%s %s; ", d.Code, d.Msg)
	}
	if msgs.Len() > 0 {
		o.Detail = msgs.String()
	}
	return o
}

// result extracts the compared value from the output record.
func (c *Case) result(r *record.Record) Outcome {
	if c.IsRecordKind() {
		if r == nil {
			return Outcome{}
		}
		return Outcome{Value: viaJSON(r.Data)}
	}
	if r == nil {
		return Outcome{Dropped: true}
	}
	v, _ := r.Data.Get("field")
	return Outcome{Value: viaJSON(v)}
}

// viaJSON normalises a value the way the reference's output is observed:
// serialised to JSON (undefined vanishes) and parsed back.
func viaJSON(v any) any {
	if v == nil || v == record.Undefined {
		return nil
	}
	out, err := record.ParseJSONString(record.JSON(v))
	if err != nil {
		return v
	}
	return out
}
