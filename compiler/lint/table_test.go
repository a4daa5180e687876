package lint_test

import (
	"fmt"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/compiler/lint"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// values are inputs of every JSON type, strings of every shape the
// transforms treat specially, and arrays.
var values = []string{`5`, `1.5`, `0`, `-3`, `true`, `false`, `null`, `""`, `"  padded  "`, `"Hello World"`, `"12"`,
	`"yes"`, `"0x1F"`, `"true"`, `"a%20b"`, `"%E0%A4%A"`, `[]`, `[1, "a"]`, `[true, "x", null]`, `{"a": 1}`, `{}`}

// TestAlwaysValidHolds checks the constant-validation table against the
// engine: for each transform and validation it names, running the
// validation after the transform changes no output, whatever the input.
func TestAlwaysValidHolds(t *testing.T) {
	for transform, checks := range lint.AlwaysValid {
		for _, check := range checks {
			without := outputs(t, transform, "")
			with := outputs(t, transform, check)
			for i := range values {
				if with[i] != without[i] {
					t.Errorf("%s then %s on %s: %s, without the validation %s", transform, check, values[i], with[i], without[i])
				}
			}
		}
	}
}

func outputs(t *testing.T, transform, check string) []string {
	t.Helper()
	rules := `{"selector": "*", "source": "v", "target": "v", "tag": "raw"}` + "\n" +
		fmt.Sprintf(`{"follow": "raw", "post_process": %q, "tag": "x", "size": 4}`, transform) + "\n"
	if check != "" {
		rules += fmt.Sprintf(`{"follow": "x", "validation": %q}`, check) + "\n"
	}
	p, diags := compiler.Compile([]*diag.Source{diag.NewSource("t.rules", []byte(rules))}, compiler.Config{})
	if p == nil {
		t.Fatalf("%s/%s: %s", transform, check, diags.Error())
	}
	var out []string
	for _, v := range values {
		doc, err := record.ParseJSON([]byte(`{"v": ` + v + `}`))
		if err != nil {
			t.Fatal(err)
		}
		res, dead := p.Run([]*record.Record{record.New(doc.(*record.Object))})
		switch {
		case len(dead) > 0:
			out = append(out, "dead letter")
		case len(res) == 0:
			out = append(out, "no output")
		default:
			out = append(out, record.JSON(res[0].Data))
		}
	}
	return out
}
