package generator_test

import (
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	_ "github.com/sluice-dev/sluice/ops/fileout" // file_sender_api, an api without a size of its own
	"github.com/sluice-dev/sluice/record"
)

// genJob is a job whose reader is data_generator with these parameters.
func genJob(params map[string]any) map[string]any {
	op := map[string]any{"_op": "data_generator"}
	for k, v := range params {
		op[k] = v
	}
	return map[string]any{"operations": []any{op, map[string]any{"_op": "noop"}}}
}

// processors-cases: the defaults of the schema.
func TestReferenceSchemaDefaults(t *testing.T) {
	c := refCases(t, "data_generator.schema")[0]
	j := mustValidate(t, genJob(nil))
	for k, want := range c.Expected {
		got, ok := j.Operations[0].Obj.Get(k)
		if !ok || !record.DeepEqual(got, fromJSON(t, want)) {
			t.Errorf("%s = %s, want %s", k, record.JSON(got), record.JSON(fromJSON(t, want)))
		}
	}
}

// processors-cases: every bad configuration is rejected; the message is
// the reference's (from its source; the case itself only asserts the
// rejection).
func TestReferenceSchemaRejections(t *testing.T) {
	messages := []string{
		"Invalid size parameter for data_generator, must be greater than zero",
		"Invalid data_generator configuration, id_start_key must be used with set_id parameter, please set the missing parameters",
		"Invalid parameter set_id, must be one of these values: base64url,hexadecimal,HEXADECIMAL, but was given other",
		"This field is optional but if specified it must be of type string",
		`value: "asdf987asdf" cannot be coerced into a proper date`,
		`value: "asdf987asdf" cannot be coerced into a proper date`,
		"Invalid parameter format, it must be a string, was given Number",
		"Invalid rate parameter for data_generator, must not be negative",
		`Invalid data_generator configuration, setting "delay" while "stress_test" is true is not permitted.`,
	}
	c := refCases(t, "data_generator.schema")[1]
	rejected := c.Config["each_rejected"].([]any)
	if len(rejected) != len(messages) {
		t.Fatalf("%d cases, %d messages", len(rejected), len(messages))
	}
	for i, params := range rejected {
		j, l := validate(t, genJob(params.(map[string]any)))
		if errs := errorsOf(l); j != nil || !containsAll(errs, messages[i]) {
			t.Errorf("%v: errors %q, want %q", params, errs, messages[i])
		}
	}
}

func TestReferenceStartAfterEnd(t *testing.T) {
	c := refCases(t, "data_generator.schema")[2]
	_, l := validate(t, genJob(map[string]any{"start": "now+1000000ms", "end": "now"}))
	if errs := errorsOf(l); !containsAll(errs, c.Expected["message"].(string)) {
		t.Errorf("errors %q", errs)
	}
	if j, _ := validate(t, genJob(map[string]any{"start": "2020-01-01", "end": "2020-01-01"})); j == nil {
		t.Error("equal start and end must be allowed")
	}
}

// Messages of the checks, including the fixes and the additions.
func TestValidationMessages(t *testing.T) {
	for _, c := range []struct {
		params map[string]any
		want   string
	}{
		// spec 12 row 7: the format message lists the date formats
		{map[string]any{"format": "bogus"}, "Invalid parameter format, must be one of these values: dateNow,isoBetween,utcDate,utcBetween, but was given bogus"},
		{map[string]any{"set_id": true}, "Invalid parameter set_id, it must be a string, was given Boolean"},
		{map[string]any{"size": "abc"}, "Invalid size parameter for data_generator, must be a number"},
		{map[string]any{"size": nil}, "Invalid size parameter for data_generator, must be greater than zero"},
		{map[string]any{"size": 2.5}, "Invalid size parameter for data_generator, must be a whole number"},
		{map[string]any{"delay": "soon"}, "Invalid rate parameter for data_generator, must be a number"},
		{map[string]any{"date_key": ""}, "must be a non-empty string"},
		{map[string]any{"set_id": "hexadecimal", "id_start_key": "a+"}, "Invalid parameter id_start_key: regular expression \"a+\": unbounded repetition `+` cannot be used here"},
		{map[string]any{"set_id": "hexadecimal", "id_start_key": "(ab"}, "Invalid parameter id_start_key: invalid regular expression \"(ab\": missing closing )"},
		{map[string]any{"set_id": "hexadecimal", "id_start_key": "a)(b"}, "Invalid parameter id_start_key: invalid regular expression \"a)(b\": unexpected )"},
		{map[string]any{"start": map[string]any{}}, "parameter must be a string or number IF specified"},
		{map[string]any{"json_schema": "no/such/file.json"}, "cannot read the schema file"},
	} {
		_, l := validate(t, genJob(c.params))
		if errs := errorsOf(l); !containsAll(errs, c.want) {
			t.Errorf("%v: errors %q, want %q", c.params, errs, c.want)
		}
	}
}

// Values the reference's isNaN checks accept are coerced to numbers.
func TestNumericStrings(t *testing.T) {
	j := mustValidate(t, genJob(map[string]any{"size": "12", "delay": "0.5"}))
	c := j.Operations[0]
	if c.Get("size") != 12.0 || c.Get("delay") != 0.5 {
		t.Errorf("size %v, delay %v", c.Get("size"), c.Get("delay"))
	}
	j = mustValidate(t, genJob(map[string]any{"start": 0.0, "end": "2015-12-30T20:33:09.356Z"}))
	if got := j.Operations[0].Get("start"); got != "1970-01-01T00:00:00.000Z" {
		t.Errorf("start %v", got)
	}
}

// Every problem is reported at once, each at its parameter in the job file.
func TestDiagnosticsPointAtTheParameters(t *testing.T) {
	doc := `{
  "operations": [
    {"_op": "data_generator",
     "size": -1,
     "format": "weekly",
     "id_start_key": "a",
     "stress_test": true, "delay": 3},
    {"_op": "noop"}
  ]
}`
	j, l := job.Validate(diag.NewSource("gen.json", []byte(doc)), job.Options{})
	if j != nil {
		t.Fatal("the job validated")
	}
	want := map[string]string{
		"gen.json:4:14": "must be greater than zero",
		"gen.json:5:16": "Invalid parameter format",
		"gen.json:6:22": "id_start_key must be used with set_id",
		"gen.json:7:36": `setting "delay" while "stress_test" is true`,
	}
	for _, d := range l.Items {
		if d.Severity != diag.Error {
			continue
		}
		pos := d.Span.String()
		if w, ok := want[pos]; ok && strings.Contains(d.Msg, w) && strings.Contains(d.Msg, "operations[0] (data_generator)") {
			delete(want, pos)
		}
	}
	for pos, msg := range want {
		t.Errorf("no diagnostic %q at %s in %s", msg, pos, l.Error())
	}
}

// data_generator reads `size` from the last operation (or the api it
// names) as its slice size: there it is no unknown key. On any other
// operation it still is.
func TestSliceSizeKeyIsNotUnknown(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		warned    bool
	}{
		{"last operation", `{"operations": [{"_op": "data_generator", "size": 100}, {"_op": "noop", "size": 10}]}`, false},
		{"the last operation's api", `{"apis": [{"_name": "file_sender_api", "path": "/tmp", "format": "ldjson", "size": 10}],
			"operations": [{"_op": "data_generator", "size": 100}, {"_op": "noop", "_api_name": "file_sender_api"}]}`, false},
		{"a middle operation", `{"operations": [{"_op": "data_generator", "size": 100}, {"_op": "noop", "size": 10}, {"_op": "noop"}]}`, true},
		{"another reader", `{"operations": [{"_op": "test-reader"}, {"_op": "noop", "size": 10}]}`, true},
	} {
		_, l := job.Validate(diag.NewSource("job.json", []byte(c.doc)), job.Options{})
		warned := false
		for _, d := range l.Items {
			if d.Code == job.CodeUnknownKey && strings.Contains(d.Msg, `"size"`) {
				warned = true
			}
		}
		if warned != c.warned {
			t.Errorf("%s: unknown-key warning for size = %v, want %v (%v)", c.name, warned, c.warned, l.Items)
		}
	}
}
