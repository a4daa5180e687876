package jexl

import (
	"errors"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/record"
)

func TestRewritePipes(t *testing.T) {
	cases := map[string]string{
		`a|up`:                `up(a)`,
		`a | up`:              `up(a)`,
		`a|up(1)`:             `up(a, 1)`,
		`a|up()`:              `up(a)`,
		`a|up |low`:           `low(up(a))`,
		`a || b`:              `a || b`,
		`"x|y" + a|up`:        `"x|y" + up(a)`,
		`'it\'s|x' + a`:       `'it\'s|x' + a`,
		`a + b|f`:             `a + f(b)`,
		`(a + b)|f`:           `f((a + b))`,
		`a.b[0].c|f(1, 2)`:    `f(a.b[0].c, 1, 2)`,
		`g(x).y|f`:            `f(g(x).y)`,
		`a|f({x: "a|b"})|g`:   `g(f(a, {x: "a|b"}))`,
		`[a, b]|first`:        `first([a, b])`,
		`{a: 1}|keys`:         `keys({a: 1})`,
		`"s"|up`:              `up("s")`,
		`1.5|f`:               `f(1.5)`,
		`x in y|f`:            `x in f(y)`,
		`c ? a|f : b|g`:       `c ? f(a) : g(b)`,
		`a|$odd_name1`:        `$odd_name1(a)`,
		`a|`:                  `a|`,
		`|f`:                  `|f`,
		`a|up  (1)`:           `up(a, 1)`,
		`a|f(b|g)`:            `f(a, g(b))`,
		`a|f(b|g, (c + d)|h)`: `f(a, g(b), h((c + d)))`,
		`[a|f, b|g]`:          `[f(a), g(b)]`,
		`x + (a|f)|g`:         `x + g((f(a)))`,
		`"unterminated|x`:     `"unterminated|x`,
		`a[b|f]|g`:            `g(a[f(b)])`,
		`a|f(1)|g(2)|h`:       `h(g(f(a, 1), 2))`,
		`a ||b|f`:             `a ||f(b)`,
		`"a" + "b"|f + "c"|g`: `"a" + f("b") + g("c")`,
	}
	for src, want := range cases {
		if got := rewritePipes(src); got != want {
			t.Errorf("rewritePipes(%q) = %q, want %q", src, got, want)
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
		`o|pick("k") + s|up`:   `"vABC"`,
		`n > 1 ? s|up : "no"`:  `"ABC"`,
		`s|up|count`:           `1`,
		`o.k|up`:               `"V"`,
		`o["k"]|up`:            `"V"`,
		`"x" + s|up`:           `"xABC"`,
		`"a" in s|up`:          `false`,
		`("x" + s)|up`:         `"XABC"`,
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
