package conformance

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/sluice-dev/sluice/record"
)

// Case is one conformance case (one line of validators.ndjson).
type Case struct {
	ID       int
	Fn       string
	Kind     string // builtin_validation, validator_plugin, field_validator, ...
	Args     *record.Object
	Input    any
	RuleWant any // the field (record kinds: the record) after the reference rule ran; nil = removed
	Note     string
	Src      string
	Line     int // 1-based line in the file
}

// IsRecordKind reports whether the case's input is a whole record.
func (c *Case) IsRecordKind() bool { return strings.HasPrefix(c.Kind, "record_") }

// IsValidation reports whether the case is one of the validation kinds
// (named under "validation:" in a rule).
func (c *Case) IsValidation() bool {
	return strings.HasSuffix(c.Kind, "_validation") || strings.HasSuffix(c.Kind, "_validator") || c.Kind == "validator_plugin"
}

// Applicable reports whether a rule can run the case: record kinds need a
// single object as input (the "function-level only" cases of data-mate's
// own tests pass arrays or scalars, which a rule never does).
func (c *Case) Applicable() bool {
	if !c.IsRecordKind() {
		return true
	}
	_, ok := c.Input.(*record.Object)
	return ok
}

// OpKey is the rule key that names the operation.
func (c *Case) OpKey() string {
	if c.IsValidation() {
		return "validation"
	}
	return "post_process"
}

// Rule is the operation's rule object as the reference normalises it:
// {follow, validation|post_process, source, target, ...args}.
func (c *Case) Rule() *record.Object {
	o := record.NewObject(4 + c.Args.Len())
	o.Set("follow", "t")
	o.Set(c.OpKey(), c.Fn)
	o.Set("source", "field")
	o.Set("target", "field")
	for i := 0; i < c.Args.Len(); i++ {
		k, v := c.Args.At(i)
		o.Set(k, record.DeepCopy(v))
	}
	return o
}

// Record is a fresh input record: the input itself for record kinds, else
// {"field": input, "keep": 1} (keep stops a removal from dropping it).
func (c *Case) Record() *record.Record {
	if c.IsRecordKind() {
		o, _ := c.Input.(*record.Object)
		return record.New(o.DeepClone())
	}
	o := record.NewObject(2)
	o.Set("field", record.DeepCopy(c.Input))
	o.Set("keep", float64(1))
	return record.New(o)
}

// Load reads an NDJSON case file.
func Load(path string) ([]*Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cases []*Case
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		c, err := parseCase(sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		c.Line = n
		cases = append(cases, c)
	}
	return cases, sc.Err()
}

func parseCase(line []byte) (*Case, error) {
	o, err := record.ParseObject(line)
	if err != nil {
		return nil, err
	}
	c := &Case{}
	id, _ := o.Get("id")
	f, ok := id.(float64)
	if !ok {
		return nil, fmt.Errorf("case without a numeric id")
	}
	c.ID = int(f)
	c.Fn = str(o, "fn")
	c.Kind = str(o, "kind")
	c.Note = str(o, "note")
	c.Src = str(o, "src")
	c.Input, _ = o.Get("input")
	c.RuleWant, _ = o.Get("rule_want")
	if c.Args, ok = get(o, "args").(*record.Object); !ok {
		return nil, fmt.Errorf("case %d: args is not an object", c.ID)
	}
	if c.Fn == "" || c.Kind == "" {
		return nil, fmt.Errorf("case %d: fn and kind are required", c.ID)
	}
	return c, nil
}

func get(o *record.Object, k string) any {
	v, _ := o.Get(k)
	return v
}

func str(o *record.Object, k string) string {
	s, _ := get(o, k).(string)
	return s
}
