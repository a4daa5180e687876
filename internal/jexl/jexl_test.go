package jexl

import (
	"testing"

	"github.com/sluice-dev/sluice/record"
)

func TestEval(t *testing.T) {
	ctx, _ := record.ParseObject([]byte(`{"some":"data","first":"Jane","n":2,"obj":{"a":{"b":3}},"arr":[{"b":1},{"b":2}],"nums":[1,2],"s":"10","s2":"abc"}`))
	cases := map[string]string{
		`"transformed_" + some`:   `"transformed_data"`,
		`first + " Doe"`:          `"Jane Doe"`,
		`true`:                    `true`,
		`20`:                      `20`,
		`[some]`:                  `["data"]`,
		`n * 3 + 1`:               `7`,
		`n == "2"`:                `true`,
		`s > 9 ? "big" : "small"`: `"big"`,
		`"at" in some`:            `true`,
		`2 in nums`:               `true`,
		`obj.a.b`:                 `3`,
		`missing || "dflt"`:       `"dflt"`,
		`some && n`:               `2`,
		`n + missing`:             `null`,
		`"x" + n`:                 `"x2"`,
		`1.5 + 1`:                 `2.5`,
	}
	for src, want := range cases {
		p, err := Compile(src)
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
}

func TestFloorDivisionRejected(t *testing.T) {
	if _, err := Compile("7 // 2"); err == nil {
		t.Error("expected an error for //")
	}
	if _, err := Compile(`"a//b" + x`); err != nil {
		t.Errorf("// inside a string: %v", err)
	}
}
