package job

import (
	"math"
	"strings"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// Config is the validated configuration of one operation or api: the
// object of the job file with defaults filled in and values coerced, plus
// where it came from.
type Config struct {
	Name  string // the registered name: _op without its @asset part, or the api's _name up to ':'
	Label string // as written: the full _op, or the full api _name
	Index int    // position in operations or apis
	IsAPI bool
	Spec  *Spec
	Obj   *record.Object
	Ptr   string // JSON pointer of the object in the job file
	// Prepared holds what a job-level check built from the configuration
	// for the constructors (a compiled rule plan, a loaded schema), so work
	// done at validation is not repeated per worker.
	Prepared any
	spans    *Spans
}

// Where names the configuration in messages: `operations[1] (data_generator)`.
func (c *Config) Where() string {
	list := "operations"
	if c.IsAPI {
		list = "apis"
	}
	return list + "[" + itoa(c.Index) + "] (" + c.Label + ")"
}

// Span is the position of a parameter's value in the job file (the
// configuration's own object when the parameter is absent).
func (c *Config) Span(param string) diag.Span {
	if param == "" {
		return c.spans.Value(c.Ptr)
	}
	return c.spans.Value(Pointer(c.Ptr, param))
}

// KeySpan is the position of a parameter's key in the job file.
func (c *Config) KeySpan(param string) diag.Span { return c.spans.Key(Pointer(c.Ptr, param)) }

// Has reports whether the parameter is set (null counts as set).
func (c *Config) Has(k string) bool { return c.Obj.Has(k) }

// Get returns a parameter's value (nil when absent or null).
func (c *Config) Get(k string) any {
	v, _ := c.Obj.Get(k)
	return v
}

// String returns a string parameter ("" when absent or not a string).
func (c *Config) String(k string) string {
	s, _ := c.Get(k).(string)
	return s
}

// Float returns a number parameter (0 when absent or not a number).
func (c *Config) Float(k string) float64 {
	f, _ := c.Get(k).(float64)
	return f
}

// Int returns a number parameter truncated to an int, saturating at the
// int range (0 when absent or not a number).
func (c *Config) Int(k string) int {
	f := c.Float(k)
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt
	case f <= math.MinInt64:
		return math.MinInt
	}
	return int(f)
}

// Bool returns a boolean parameter (false when absent or not a boolean).
func (c *Config) Bool(k string) bool {
	b, _ := c.Get(k).(bool)
	return b
}

// Strings returns a string-array parameter (nil when absent; non-string
// elements are skipped).
func (c *Config) Strings(k string) []string {
	arr, _ := c.Get(k).([]any)
	var out []string
	for _, e := range arr {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// Object returns an object parameter (nil when absent or not an object).
func (c *Config) Object(k string) *record.Object {
	o, _ := c.Get(k).(*record.Object)
	return o
}

// Map returns the configuration as a plain Go map (for factories that merge
// overrides).
func (c *Config) Map() map[string]any {
	m, _ := record.ToGo(c.Obj).(map[string]any)
	return m
}

// With returns a copy of the configuration with overrides merged over it.
func (c *Config) With(overrides map[string]any) *Config {
	cp := *c
	cp.Obj = c.Obj.Clone()
	for k, v := range overrides {
		cp.Obj.Set(k, record.FromGo(v))
	}
	return &cp
}

// NewConfig builds a configuration from an object outside a job file (for
// tests and embedders). The object is validated against spec's parameters.
func NewConfig(spec *Spec, obj *record.Object) (*Config, []error) {
	c := &Config{Name: spec.Name, Label: spec.Name, Spec: spec, Obj: obj.Clone(), IsAPI: spec.Kind == KindAPI}
	var errs []error
	for _, p := range spec.applyParams(c) {
		errs = append(errs, p)
	}
	return c, errs
}

// assetName strips an "@asset[:version]" qualifier from an _op.
func assetName(op string) string {
	if i := strings.IndexByte(op, '@'); i >= 0 {
		return op[:i]
	}
	return op
}

// apiModule is the api module an api _name refers to: the part before ':'.
func apiModule(name string) string {
	if i := strings.IndexByte(name, ':'); i >= 0 {
		return name[:i]
	}
	return name
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
