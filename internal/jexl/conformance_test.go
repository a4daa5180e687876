package jexl

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
	"github.com/sluice-dev/sluice/record"
)

// oracleCase is one line of testdata/cases.ndjson, computed by jexl 2.3.0.
type oracleCase struct {
	Group string          `json:"group"`
	Exp   string          `json:"exp"`
	Ctx   string          `json:"ctx"`
	Want  json.RawMessage `json:"want"`
	Jexl  string          `json:"jexl"` // "test": the instance with testFuncs
	Phase string          `json:"phase"`
	Error string          `json:"error"`
}

// deviations are the cases of the default instance where sluice
// deliberately answers otherwise (docs/compat.md), with its answer.
var deviations = map[string]string{
	// An undefined transform or function is a compile error (see
	// expected), also where jexl would never evaluate it.
	"fa ? s2|upper : 1":     "compile: Transform upper is not defined.",
	"fa && s2|upper":        "compile: Transform upper is not defined.",
	"n.toFixed":             `{"__t":"undefined"}`, // a method: sluice has no function values
	"obj['constructor']":    `{"__t":"undefined"}`,
	"arr['map']":            `{"__t":"undefined"}`,
	"s2['toUpperCase']":     `{"__t":"undefined"}`,
	"obj['hasOwnProperty']": `{"__t":"undefined"}`,
	"n['toFixed']":          `{"__t":"undefined"}`,
	"obj['__proto__']":      `{"__t":"undefined"}`, // Object.prototype
}

// testFuncs are the transforms oracle.cjs registers on its test instance.
var testFuncs = map[string]Func{
	"upper": func(_ *Env, v any, _ []any) (any, error) { return strings.ToUpper(record.ToString(v)), nil },
	"list":  func(_ *Env, v any, args []any) (any, error) { return append([]any{v}, args...), nil },
	"len": func(_ *Env, v any, _ []any) (any, error) {
		if record.IsNil(v) {
			return -1.0, nil
		}
		return property(v, "length"), nil
	},
	"keys": func(_ *Env, v any, _ []any) (any, error) {
		out := []any{}
		if o, ok := v.(*record.Object); ok {
			for _, k := range o.Keys() {
				out = append(out, k)
			}
		}
		return out, nil
	},
}

func loadContexts(t *testing.T) map[string]*record.Object {
	t.Helper()
	data, err := os.ReadFile("testdata/contexts.json")
	if err != nil {
		t.Fatal(err)
	}
	all, err := record.ParseObject(data)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*record.Object{}
	for i := 0; i < all.Len(); i++ {
		k, v := all.At(i)
		out[k] = v.(*record.Object)
	}
	return out
}

// TestOracleCases runs the hand-written table: every grammar construct.
func TestOracleCases(t *testing.T) {
	cases := checkOracle(t, "testdata/cases.ndjson")
	groups := map[string]int{}
	for _, c := range cases {
		groups[c.Group]++
	}
	if len(cases) < 850 || len(groups) < 24 {
		t.Errorf("only %d cases in %d groups", len(cases), len(groups))
	}
}

// TestOracleRandom runs 4000 expressions generated over the grammar.
func TestOracleRandom(t *testing.T) {
	if n := len(checkOracle(t, "testdata/random.ndjson")); n != 4000 {
		t.Errorf("%d random cases", n)
	}
}

func checkOracle(t *testing.T, path string) []oracleCase {
	t.Helper()
	ctxs := loadContexts(t)
	cases, err := ndjson.Read[oracleCase](path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		want := c.expected()
		funcs := testFuncs
		if c.Jexl == "" {
			funcs = nil
			if dev, ok := deviations[c.Exp]; ok {
				want = dev
			}
		}
		if got := run(c.Exp, funcs, record.DeepCopy(ctxs[c.Ctx]).(*record.Object)); got != want {
			t.Errorf("[%s] %s (ctx %s):\n got  %s\n want %s", c.Group, c.Exp, c.Ctx, got, want)
		}
	}
	return cases
}

// expected renders the oracle's answer like run does. Error messages lose
// the "Error: " prefixes jexl's promise chain adds; an undefined transform
// or function, which jexl reports when it is evaluated, is a compile error in
// sluice (docs/compat.md).
func (c oracleCase) expected() string {
	if c.Phase != "" {
		msg := c.Error
		for _, p := range []string{"Error: ", "TypeError: "} {
			for strings.HasPrefix(msg, p) {
				msg = strings.TrimPrefix(msg, p)
			}
		}
		if strings.HasSuffix(msg, " is not defined.") {
			return "compile: " + msg
		}
		return c.Phase + ": " + msg
	}
	v, err := record.ParseJSON(c.Want)
	if err != nil {
		return "bad want: " + err.Error()
	}
	return record.JSON(v)
}

// run compiles and evaluates src, rendering the result as tagged JSON or
// "phase: message".
func run(src string, funcs map[string]Func, ctx *record.Object) string {
	p, err := CompileWith(src, funcs)
	if err != nil {
		return "compile: " + err.Error()
	}
	v, err := p.Eval(ctx)
	if err != nil {
		return "eval: " + err.Error()
	}
	return record.JSON(tag(v))
}

// tag replaces what JSON cannot hold by {"__t": name} objects, as the oracle
// script does.
func tag(v any) any {
	switch x := v.(type) {
	case float64:
		return tagNumber(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = tag(e)
		}
		return out
	case *record.Object:
		o := record.NewObject(x.Len())
		for i := 0; i < x.Len(); i++ {
			k, e := x.At(i)
			o.Append(k, tag(e))
		}
		return o
	}
	if v == record.Undefined {
		return tagged("undefined")
	}
	return v
}

func tagNumber(f float64) any {
	switch {
	case math.IsNaN(f):
		return tagged("NaN")
	case math.IsInf(f, 1):
		return tagged("Infinity")
	case math.IsInf(f, -1):
		return tagged("-Infinity")
	case f == 0 && math.Signbit(f):
		return tagged("-0")
	}
	return f
}

func tagged(name string) *record.Object {
	o := record.NewObject(1)
	o.Append("__t", name)
	return o
}
