package conformance

import (
	"testing"

	"github.com/sluice-dev/sluice/record"
)

func TestParseCase(t *testing.T) {
	tests := []struct {
		line       string
		ok         bool
		validation bool
		applicable bool
	}{
		{`{"id":1,"fn":"isIP","kind":"field_validator","args":{},"input":"1.2.3.4","rule_want":"1.2.3.4"}`, true, true, true},
		{`{"id":2,"fn":"boolean","kind":"builtin_validation","args":{},"input":0,"rule_want":false}`, true, true, true},
		{`{"id":3,"fn":"email","kind":"validator_plugin","args":{},"input":"a","rule_want":null}`, true, true, true},
		{`{"id":4,"fn":"trim","kind":"builtin_transform","args":{},"input":" a","rule_want":"a"}`, true, false, true},
		{`{"id":5,"fn":"select","kind":"record_validator","args":{},"input":{"a":1},"rule_want":null}`, true, true, true},
		{`{"id":6,"fn":"select","kind":"record_validator","args":{},"input":[1],"rule_want":null}`, true, true, false},
		{`{"id":7,"fn":"setField","kind":"record_transform","args":{},"input":null,"rule_want":null}`, true, false, false},
		{`{"fn":"x","kind":"y","args":{}}`, false, false, false},
		{`{"id":8,"fn":"x","kind":"y","args":[]}`, false, false, false},
		{`{"id":9,"kind":"y","args":{}}`, false, false, false},
	}
	for _, tt := range tests {
		c, err := parseCase([]byte(tt.line))
		if (err == nil) != tt.ok {
			t.Errorf("%s: err %v", tt.line, err)
			continue
		}
		if err != nil {
			continue
		}
		if c.IsValidation() != tt.validation || c.Applicable() != tt.applicable {
			t.Errorf("%s: validation %v applicable %v", tt.line, c.IsValidation(), c.Applicable())
		}
	}
}

func TestRuleText(t *testing.T) {
	c, err := parseCase([]byte(`{"id":1,"fn":"isIP","kind":"field_validator","args":{"output":false},"input":"x","rule_want":null}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"selector":"*","tag":"t","target":"field"}` + "\n" + `{"follow":"t","validation":"isIP","target":"field","output":false}` + "\n"
	if got := string(c.RuleText()); got != want {
		t.Errorf("got %s", got)
	}
	c.Kind, c.Fn = "field_transform", "trim"
	want = `{"selector":"*","tag":"t","target":"field"}` + "\n" + `{"follow":"t","post_process":"trim","source":"field","target":"field","output":false}` + "\n"
	if got := string(c.RuleText()); got != want {
		t.Errorf("got %s", got)
	}
	if got := record.JSON(c.Record().Data); got != `{"field":"x","keep":1}` {
		t.Errorf("record %s", got)
	}
}

func TestParseDeviation(t *testing.T) {
	tests := []struct {
		entry string
		ok    bool
	}{
		{`{"id":1,"fn":"a","policy":"param-error","sluice":{"compile_error":"RUL011"},"reason":"r"}`, true},
		{`{"id":1,"fn":"a","policy":"keep-scalar","sluice":{"field":1},"reason":"r"}`, true},
		{`{"id":1,"fn":"a","policy":"date-epoch-ms","sluice":{"field":[1]},"reason":"r"}`, true},
		{`{"id":1,"fn":"a","policy":"keep-scalar","sluice":{"compile_error":"RUL011"},"reason":"r"}`, false},
		{`{"id":1,"fn":"a","policy":"param-error","sluice":{"field":1},"reason":"r"}`, false},
		{`{"id":1,"fn":"a","policy":"other","sluice":{"field":1},"reason":"r"}`, false},
		{`{"id":1,"fn":"a","policy":"keep-scalar","sluice":{"field":1}}`, false},
		{`{"fn":"a","policy":"keep-scalar","sluice":{"field":1},"reason":"r"}`, false},
	}
	for _, tt := range tests {
		v, err := record.ParseJSONString(tt.entry)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parseDeviation(v); (err == nil) != tt.ok {
			t.Errorf("%s: err %v", tt.entry, err)
		}
	}
}

func TestSameInstant(t *testing.T) {
	tests := []struct {
		ms, iso any
		want    bool
	}{
		{1581025950000.0, "2020-02-06T21:52:30.000Z", true},
		{1581025950001.0, "2020-02-06T21:52:30.000Z", false},
		{1581025950000.0, "not a date", false},
		{"1581025950000", "2020-02-06T21:52:30.000Z", false},
	}
	for _, tt := range tests {
		if got := sameInstant(tt.ms, tt.iso); got != tt.want {
			t.Errorf("sameInstant(%v, %v) = %v", tt.ms, tt.iso, got)
		}
	}
}
