package job

import (
	"errors"
	"slices"
	"sort"
	"strings"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// operations validates every operation against its schema.
func (v *validator) operations() {
	arr, _ := v.job.Top.Get("operations").([]any)
	v.lastOp = len(arr) - 1
	for i, e := range arr {
		obj, ok := e.(*record.Object)
		if !ok {
			continue // reported by the top-level check
		}
		if c := v.operation(i, obj); c != nil {
			v.job.Operations = append(v.job.Operations, c)
		}
	}
}

func (v *validator) operation(i int, obj *record.Object) *Config {
	ptr := Pointer("/operations", i)
	c := &Config{Index: i, Obj: obj, Ptr: ptr, spans: v.job.Spans}
	op, _ := obj.Get("_op")
	name, ok := op.(string)
	c.Label, c.Name = name, assetName(name)
	if !ok || name == "" {
		v.diags.Add(diag.New(CodeOp, c.Span("_op"), "operations[%d]: _op is required and must be a non-empty string", i))
		return nil
	}
	spec, found := Lookup(name)
	if !found || spec.Kind == KindAPI {
		v.unknownOp(c, found)
		return nil
	}
	c.Spec = spec
	v.checkPosition(c)
	v.applySchema(c, commonOpParams())
	v.rememberAPIRefs(c)
	return c
}

func (v *validator) unknownOp(c *Config, isAPI bool) {
	if isAPI {
		v.diags.Add(diag.New(CodeOp, c.Span("_op"), "%s: %q is an api, not an operation: configure it in \"apis\"", c.Where(), c.Name))
		return
	}
	d := diag.New(CodeOp, c.Span("_op"), "%s: unknown operation %q", c.Where(), c.Name)
	if s := suggest(c.Name, append(Names(KindReader), Names(KindProcessor)...)); s != "" {
		d.WithNote("did you mean %q?", s)
	}
	d.WithNote("`pipeline docs` lists every operation")
	v.diags.Add(d)
}

func (v *validator) checkPosition(c *Config) {
	first := c.Index == 0
	switch {
	case first && c.Spec.Kind != KindReader:
		v.diags.Add(diag.New(CodePosition, c.Span("_op"), "%s: the first operation must be a reader (one of %s)", c.Where(), joinNames(Names(KindReader))))
	case !first && c.Spec.Kind == KindReader:
		v.diags.Add(diag.New(CodePosition, c.Span("_op"), "%s: %q is a reader and can only be the first operation", c.Where(), c.Name))
	}
}

func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// applySchema validates a configuration against its spec plus the common
// keys and warns about unknown keys.
func (v *validator) applySchema(c *Config, common []*Param) {
	full := &Spec{Name: c.Spec.Name, Kind: c.Spec.Kind, Params: append(common, c.Spec.Params...)}
	for _, pe := range full.applyParams(c) {
		v.paramDiag(c, pe, c.Where())
	}
	v.unknownKeys(c, c.Where(), func(k string) bool { return full.Param(k) != nil || v.readFromLast(c, k) })
	v.checkConnection(c)
}

// readFromLast reports whether the job's reader reads key from c: c is the
// last operation, or the api the last operation names in _api_name, and
// key is one of the reader's ReadsFromLast.
func (v *validator) readFromLast(c *Config, key string) bool {
	ops := v.job.Operations
	if len(ops) == 0 || ops[0].Spec == nil || !slices.Contains(ops[0].Spec.ReadsFromLast, key) {
		return false
	}
	if !c.IsAPI {
		return c.Index == v.lastOp
	}
	last := ops[len(ops)-1]
	return last.Index == v.lastOp && last.String("_api_name") == c.Label
}

// rememberAPIRefs records the _api_name / api_name an operation links to.
func (v *validator) rememberAPIRefs(c *Config) {
	for _, key := range []string{"_api_name", "api_name"} {
		val, ok := c.Obj.Get(key)
		if !ok {
			continue
		}
		name, isStr := val.(string)
		if !isStr || name == "" {
			v.diags.Add(diag.New(CodeAPIRef, c.Span(key), "%s: An operation with a %s keyword must link it to a valid api configuration on the job", c.Where(), key))
			continue
		}
		v.apiRefs = append(v.apiRefs, apiRef{name: name, from: c, key: key})
	}
	if action := c.String("_dead_letter_action"); !builtinAction(action) {
		v.apiRefs = append(v.apiRefs, apiRef{name: action, from: c, key: "_dead_letter_action"})
	}
}

// prepare lets operations add the apis they build from their own
// parameters (the short form).
func (v *validator) prepare() {
	for _, c := range v.job.Operations {
		if c.Spec.Prepare != nil {
			v.checkErrors(c, c.Spec.Prepare(v.job, c))
		}
	}
}

// apis validates every api configuration.
func (v *validator) apis() {
	arr, _ := v.job.Top.Get("apis").([]any)
	seen := map[string]bool{}
	declared := v.job.APIs // added by prepare
	v.job.APIs = nil
	for i, e := range arr {
		if obj, ok := e.(*record.Object); ok {
			c := &Config{Index: i, IsAPI: true, Obj: obj, Ptr: Pointer("/apis", i), spans: v.job.Spans}
			v.api(c, seen)
		}
	}
	for _, c := range declared {
		c.Index = len(v.job.APIs)
		v.api(c, seen)
	}
}

func (v *validator) api(c *Config, seen map[string]bool) {
	name, ok := c.Get("_name").(string)
	if !ok || name == "" {
		v.diags.Add(diag.New(CodeAPI, c.Span("_name"), "apis[%d]: API requires an _name", c.Index))
		return
	}
	c.Label, c.Name = name, apiModule(name)
	if seen[name] {
		v.diags.Add(diag.New(CodeAPI, c.Span("_name"), "apis[%d]: Duplicate API configurations for %s found", c.Index, name))
		return
	}
	seen[name] = true
	spec, found := Lookup(c.Name)
	if !found || spec.Kind != KindAPI {
		d := diag.New(CodeAPI, c.Span("_name"), "%s: unknown api %q", c.Where(), c.Name)
		if s := suggest(c.Name, Names(KindAPI)); s != "" {
			d.WithNote("did you mean %q?", s)
		}
		v.diags.Add(d)
		return
	}
	c.Spec = spec
	v.applySchema(c, commonAPIParams())
	if action := c.String("_dead_letter_action"); !builtinAction(action) {
		v.apiRefs = append(v.apiRefs, apiRef{name: action, from: c, key: "_dead_letter_action"})
	}
	v.job.APIs = append(v.job.APIs, c)
}

// apiReferences checks that every referenced api is configured.
func (v *validator) apiReferences() {
	for _, r := range v.apiRefs {
		if v.job.API(r.name) != nil {
			continue
		}
		if raw, _ := v.job.rawAPI(r.name); raw != nil {
			continue // configured, but invalid: reported there
		}
		msg := "Could not find the associated api for " + r.name
		if r.key == "_dead_letter_action" {
			msg = "_dead_letter_action names the api " + quote(r.name) + ", which the job's apis do not configure (use throw, log, none or an api name)"
		}
		v.diags.Add(diag.New(CodeAPIRef, r.from.Span(r.key), "%s: %s", r.from.Where(), msg))
	}
}

// jobChecks runs the job-level checks of each configuration.
func (v *validator) jobChecks(list []*Config) {
	for _, c := range list {
		if c.Spec != nil && c.Spec.ValidateJob != nil {
			v.checkErrors(c, c.Spec.ValidateJob(v.job, c))
		}
	}
}

func (v *validator) checkErrors(c *Config, errs []error) {
	for _, err := range errs {
		var d *diag.Diagnostic
		var pe *ParamError
		switch {
		case errors.As(err, &d):
			v.diags.Add(d)
		case errors.As(err, &pe):
			v.paramDiag(c, pe, c.Where())
		default:
			v.diags.Add(diag.New(CodeJobCheck, c.Span(""), "%s: %s", c.Where(), err.Error()))
		}
	}
}

func builtinAction(a string) bool { return a == "" || a == "throw" || a == "log" || a == "none" }

func quote(s string) string { return `"` + s + `"` }

// suggest returns the known name closest to s, if it is close enough: a
// few edits away (transpositions count once), or one containing the other.
func suggest(s string, known []string) string {
	best, bestD := "", 1<<30
	sort.Strings(known)
	for _, k := range known {
		d := editDistance(s, k)
		if len(s) >= 4 && (strings.Contains(k, s) || strings.Contains(s, k)) {
			d = min(d, 1)
		}
		if d < bestD {
			best, bestD = k, d
		}
	}
	if bestD <= max(2, len(s)/3) && bestD < len(s) {
		return best
	}
	return ""
}

// editDistance is the optimal string alignment distance.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// checkConnection reports a `_connection`/`connection` that names no
// configured connection of the spec's kind.
func (v *validator) checkConnection(c *Config) {
	if c.Spec.Connection == "" {
		return
	}
	for _, key := range []string{"_connection", "connection"} {
		name, ok := c.Get(key).(string)
		if !ok || name == "" {
			continue
		}
		if _, found := v.job.Conns.Get(c.Spec.Connection, name); !found {
			what := "Operation " + c.Label
			if c.IsAPI {
				what = "API " + c.Label
			}
			d := diag.New(CodeConnection, c.Span(key), "%s: %s refers to connection %q which is unavailable", c.Where(), what, name)
			d.WithNote("configured %s connections: %s (from %s)", c.Spec.Connection, strings.Join(v.job.Conns.Names(c.Spec.Connection), ", "), v.job.Conns.source())
			v.diags.Add(d)
		}
	}
}
