package jexl

import (
	"errors"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/record"
)

func TestCloseTransforms(t *testing.T) {
	cases := map[string]string{
		`a|up`:                `a|up()`,
		`a | up`:              `a | up()`,
		`a|up(1)`:             `a|up(1)`,
		`a|up |low`:           `a|up() |low()`,
		`a || b`:              `a || b`,
		`"x|y" + a|up`:        `"x|y" + a|up()`,
		`'it\'s|x' + a`:       `'it\'s|x' + a`,
		`a|up\n`:              `a|up()\n`,
		`a | (b)`:             `a | (b)`,
		`a|f({x: "a|b"})|g`:   `a|f({x: "a|b"})|g()`,
		`[a, b]|first`:        `[a, b]|first()`,
		`a|$odd_name1`:        `a|$odd_name1()`,
		`"unterminated|x`:     `"unterminated|x`,
		`a|`:                  `a|`,
		`a|up  (1)`:           `a|up  (1)`,
		`a|up` + "\t" + `(1)`: `a|up` + "\t" + `(1)`,
	}
	for src, want := range cases {
		if got := closeTransforms(src); got != want {
			t.Errorf("closeTransforms(%q) = %q, want %q", src, got, want)
		}
	}
}

func TestCompileWith(t *testing.T) {
	funcs := map[string]Func{
		"up": func(a ...any) (any, error) { s, _ := a[0].(string); return strings.ToUpper(s), nil },
		"pick": func(a ...any) (any, error) {
			o, _ := a[0].(*record.Object)
			if o == nil {
				return nil, errors.New("not an object")
			}
			v, _ := o.Get(record.ToString(a[1]))
			return v, nil
		},
		"count": func(a ...any) (any, error) { return float64(len(a)), nil },
		"map":   func(a ...any) (any, error) { return "overridden", nil },
	}
	ctx, _ := record.ParseObject([]byte(`{"s":"abc","o":{"k":"v"},"n":2}`))
	cases := map[string]string{
		`s|up`:                 `"ABC"`,
		`up(s)`:                `"ABC"`,
		`o|pick("k")|up`:       `"V"`,
		`s|count(1, {a: 2})`:   `3`,
		`s|map`:                `"overridden"`,
		`n * 2`:                `4`,
		`"x|" + s`:             `"x|abc"`,
		`s|up == "ABC" || n`:   `true`,
		`[s|up, o.k]`:          `["ABC","v"]`,
		`missing|count`:        `1`,
		`{a: s|up}.a`:          `"ABC"`,
		`o|pick("missing")`:    `null`,
		`s|up + "!"`:           `"ABC!"`,
		`(n + 1)|count(n)`:     `2`,
		`s|count()`:            `1`,
		`o|pick("k") + s|up`:   `"VABC"`,
		`n > 1 ? s|up : "no"`:  `"ABC"`,
		`s|up|count`:           `1`,
		`o.k|up`:               `"V"`,
		`o["k"]|up`:            `"V"`,
		`"x" + s|up`:           `"XABC"`, // expr: a pipe applies to everything on its left (doc)
		`s|up in "xABCx"`:      `true`,
		`[1, 2]|count`:         `1`,
		`s|up|up|up`:           `"ABC"`,
		`s|count(n, n, n)`:     `4`,
		`s|count(s|up)`:        `2`,
		`up("q")`:              `"Q"`,
		`s | up`:               `"ABC"`,
		`s|count({b: {c: 1}})`: `2`,
	}
	for src, want := range cases {
		p, err := CompileWith(src, funcs)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		v, err := p.Eval(ctx)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if got := record.JSON(v); got != want {
			t.Errorf("%s = %s, want %s", src, got, want)
		}
	}
	p, err := CompileWith(`n|pick("x")`, funcs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Eval(ctx); err == nil {
		t.Error("a function error must abort the evaluation")
	}
	if _, err := Compile(`s|up`); err == nil {
		t.Error("Compile must not know any transform")
	}
}
