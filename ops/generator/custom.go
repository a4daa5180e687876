package generator

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/ops/generator/randexp"
	"github.com/sluice-dev/sluice/record"
)

// Diagnostic codes of json_schema files. They never change meaning.
const (
	CodeSchemaShape     = "GEN001" // a schema value has the wrong shape
	CodeSchemaGenerator = "GEN002" // an unknown or unsupported generator key or name
	CodeSchemaArgs      = "GEN003" // bad arguments or options of a generator
)

// customSchema is a json_schema file compiled into field generators. It is
// immutable: every fetcher shapes its own copy of the fields.
type customSchema struct {
	path   string
	fields []field
}

// generatorKeys are the keys that name a field's generator (the mocker's);
// the value is "" for supported ones, else why it is not.
var generatorKeys = map[string]string{
	"faker": "", "chance": "", "randexp": "", "static": "", "values": "", "incrementalId": "",
	"function": "it would run JavaScript; schemas are data in sluice",
	"eval":     "it would run JavaScript; schemas are data in sluice",
	"self":     "fields that refer to other generated fields are not supported",
	"db":       "fields that refer to other generated data are not supported",
	"hasOne":   "fields that refer to other generated data are not supported",
	"hasMany":  "fields that refer to other generated data are not supported",
	"casual":   "the reference's data_generator never registered the casual library",
}

// arrayKeys are the options of an array field's element: [{..., "length": n}].
var arrayKeys = map[string]bool{"length": true, "fixedLength": true}

// loadSchema reads and compiles a json_schema file; every problem is a
// diagnostic pointing into it.
func loadSchema(j *job.Job, c *job.Config) (*customSchema, []error) {
	path := c.String("json_schema")
	resolved := j.ResolvePath(path)
	text, err := os.ReadFile(resolved)
	if err != nil {
		return nil, []error{job.ParamErr("json_schema", "cannot read the schema file: %v", err)}
	}
	doc, spans, d := job.ParseDocument(diag.NewSource(resolved, text))
	if d != nil {
		d.WithNote("json_schema is a JSON object of field generators, e.g. {\"name\": {\"faker\": \"person.fullName\"}}; JavaScript modules are not loaded")
		return nil, []error{d}
	}
	sc := &schemaCompiler{spans: spans, where: c.Where()}
	fields := sc.top(doc)
	if len(sc.errs) > 0 {
		return nil, sc.errs
	}
	return &customSchema{path: resolved, fields: fields}, nil
}

type schemaCompiler struct {
	spans *job.Spans
	where string
	errs  []error
}

func (sc *schemaCompiler) fail(code string, span diag.Span, format string, args ...any) {
	d := diag.New(code, span, format, args...)
	d.WithNote("in the json_schema of %s", sc.where)
	if code == CodeSchemaGenerator {
		d.WithNote("`pipeline docs data_generator` lists every supported generator")
	}
	sc.errs = append(sc.errs, d)
}

func (sc *schemaCompiler) top(doc any) []field {
	o, ok := doc.(*record.Object)
	if !ok {
		sc.fail(CodeSchemaShape, sc.spans.Value(""), "a json_schema must be a JSON object mapping field names to generators, got %s", record.TypeName(doc))
		return nil
	}
	for _, k := range o.Keys() {
		if _, isGen := generatorKeys[k]; isGen && isLeaf(o) {
			sc.fail(CodeSchemaShape, sc.spans.Key(job.Pointer("", k)), "the top level maps field names to generators: wrap the generator in a field, e.g. {\"value\": {%q: ...}}", k)
			return nil
		}
	}
	return sc.fields("", o)
}

func (sc *schemaCompiler) fields(ptr string, o *record.Object) []field {
	out := make([]field, 0, o.Len())
	for _, k := range o.Keys() {
		v, _ := o.Get(k)
		if g := sc.value(job.Pointer(ptr, k), k, v); g != nil {
			out = append(out, field{k, g})
		}
	}
	return out
}

// isLeaf is the mocker's rule: an object none of whose values is an object
// (or a non-empty array of objects) configures a generator; any other
// object is a nested schema.
func isLeaf(o *record.Object) bool {
	if o.Len() == 0 {
		return false
	}
	for _, v := range o.Values() {
		if _, isObj := v.(*record.Object); isObj || allObjects(v) {
			return false
		}
	}
	return true
}

func allObjects(v any) bool {
	arr, ok := v.([]any)
	if !ok || len(arr) == 0 {
		return false
	}
	for _, e := range arr {
		if _, isObj := e.(*record.Object); !isObj {
			return false
		}
	}
	return true
}

func (sc *schemaCompiler) value(ptr, name string, v any) gen {
	switch x := v.(type) {
	case *record.Object:
		if isLeaf(x) {
			return sc.leaf(ptr, name, x, false)
		}
		return nested(sc.fields(ptr, x))
	case []any:
		return sc.array(ptr, name, x)
	}
	sc.fail(CodeSchemaShape, sc.spans.Value(ptr), "field %q: expected a generator object such as {\"faker\": \"person.firstName\"} or an object of nested fields, got %s", name, record.JSON(v))
	return nil
}

// leaf compiles a generator object: exactly one generator key, plus the
// array options when it is an array's element.
func (sc *schemaCompiler) leaf(ptr, name string, o *record.Object, inArray bool) gen {
	keys := sc.generatorKeysOf(ptr, name, o, inArray)
	switch len(keys) {
	case 0:
		sc.fail(CodeSchemaGenerator, sc.spans.Value(ptr), "field %q has no generator: give one of %s", name, supportedKeys())
		return nil
	case 1:
	default:
		sc.fail(CodeSchemaGenerator, sc.spans.Value(ptr), "field %q has more than one generator (%s): keep one", name, strings.Join(keys, ", "))
		return nil
	}
	v, _ := o.Get(keys[0])
	return sc.generator(job.Pointer(ptr, keys[0]), name, keys[0], v)
}

// generatorKeysOf returns the generator keys of a generator object and
// reports the keys that do not belong there.
func (sc *schemaCompiler) generatorKeysOf(ptr, name string, o *record.Object, inArray bool) []string {
	var keys []string
	for _, k := range o.Keys() {
		_, isGen := generatorKeys[k]
		switch {
		case isGen:
			keys = append(keys, k)
		case arrayKeys[k] && !inArray:
			sc.fail(CodeSchemaShape, sc.spans.Key(job.Pointer(ptr, k)), "field %q: %q applies to array fields, written [{\"faker\": ..., \"length\": 3}]", name, k)
		case !arrayKeys[k]:
			sc.fail(CodeSchemaGenerator, sc.spans.Key(job.Pointer(ptr, k)), "field %q: unknown generator key %q (one of %s)", name, k, supportedKeys())
		}
	}
	return keys
}

func supportedKeys() string {
	var out []string
	for k, why := range generatorKeys {
		if why == "" {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

func (sc *schemaCompiler) generator(ptr, name, key string, v any) gen {
	if why := generatorKeys[key]; why != "" {
		sc.fail(CodeSchemaGenerator, sc.spans.Key(ptr), "field %q: the %q generator is not supported: %s", name, key, why)
		return nil
	}
	g, code, err := compileGenerator(key, v)
	if err != nil {
		sc.fail(code, sc.spans.Value(ptr), "field %q: %v", name, err)
		return nil
	}
	return g
}

// compileGenerator compiles the value of one supported generator key.
func compileGenerator(key string, v any) (gen, string, error) {
	switch key {
	case "faker":
		return compileNamed("faker", fakerGens, fakerAliases, v)
	case "chance":
		return compileNamed("chance", chanceGens, nil, v)
	case "randexp":
		return compileRandexp(v)
	case "static":
		return func(*state) any { return record.DeepCopy(v) }, "", nil
	case "values":
		return compileValues(v)
	}
	return compileIncrementalID(v)
}

// compileNamed looks a `name(args)` string up in a generator table.
func compileNamed(kind string, table map[string]genSpec, aliases map[string]string, v any) (gen, string, error) {
	text, ok := v.(string)
	if !ok {
		return nil, CodeSchemaShape, fmt.Errorf("a %s generator is a string such as \"name\" or \"name({...})\", got %s", kind, record.JSON(v))
	}
	c, err := parseCall(text)
	if err != nil {
		return nil, CodeSchemaArgs, err
	}
	spec, found := table[c.name]
	if !found && aliases[c.name] != "" {
		spec, found = table[aliases[c.name]], true
	}
	if !found {
		return nil, CodeSchemaGenerator, fmt.Errorf("unknown %s generator %q", kind, c.name)
	}
	a := newArgs(c)
	g := spec.mk(a)
	if err := a.done(); err != nil {
		return nil, CodeSchemaArgs, err
	}
	return g, "", nil
}

func compileRandexp(v any) (gen, string, error) {
	p, ok := v.(string)
	if !ok {
		return nil, CodeSchemaShape, fmt.Errorf("a randexp generator is a regular expression string, got %s", record.JSON(v))
	}
	g, err := randexp.Compile(p, randexp.RandexpMax)
	if err != nil {
		return nil, CodeSchemaArgs, err
	}
	return regexGen(g), "", nil
}

func compileValues(v any) (gen, string, error) {
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return nil, CodeSchemaArgs, errors.New("values must be a non-empty array of the values to pick from")
	}
	return func(s *state) any { return record.DeepCopy(list[s.rng.IntN(len(list))]) }, "", nil
}

// compileIncrementalID numbers records from a start value: start plus the
// record's position in the job (not in its slice, as the reference does).
func compileIncrementalID(v any) (gen, string, error) {
	start, ok := 0.0, true
	switch x := v.(type) {
	case bool:
		ok = x
	case float64:
		start = x
	case string:
		start = record.StringToNumber(x)
		ok = start == start
	default:
		ok = false
	}
	if !ok || start != float64(int64(start)) {
		return nil, CodeSchemaArgs, fmt.Errorf("incrementalId takes the first id, a whole number (or true for 0), got %s", record.JSON(v))
	}
	first := int64(start)
	return func(s *state) any { return float64(first + s.seq) }, "", nil
}

// array compiles the mocker's array field: [{<generator>, "length": n,
// "fixedLength": bool}] gives n values (fixedLength) or 1 to n.
func (sc *schemaCompiler) array(ptr, name string, arr []any) gen {
	var o *record.Object
	if len(arr) == 1 {
		o, _ = arr[0].(*record.Object)
	}
	if o == nil || !isLeaf(o) {
		sc.fail(CodeSchemaShape, sc.spans.Value(ptr), "field %q: an array field holds one generator object with a length, e.g. [{\"faker\": \"lorem.word\", \"length\": 3}]", name)
		return nil
	}
	ptr0 := job.Pointer(ptr, 0)
	n, fixed, err := arrayLength(o)
	if err != nil {
		sc.fail(CodeSchemaArgs, sc.spans.Value(ptr0), "field %q: %v", name, err)
		return nil
	}
	if g := sc.leaf(ptr0, name, o, true); g != nil {
		return arrayGen(g, n, fixed)
	}
	return nil
}

// arrayGen makes arrays of n values (1 to n unless fixed).
func arrayGen(g gen, n int, fixed bool) gen {
	return func(s *state) any {
		k := n
		if !fixed {
			k = 1 + s.rng.IntN(n)
		}
		out := make([]any, k)
		for i := range out {
			out[i] = g(s)
		}
		return out
	}
}

func arrayLength(o *record.Object) (int, bool, error) {
	lv, _ := o.Get("length")
	n, ok := lv.(float64)
	if !ok || n < 1 || n != float64(int(n)) || n > 1e6 {
		return 0, false, fmt.Errorf("\"length\" must be a whole number from 1 to 1000000, got %s", record.JSON(lv))
	}
	fv, has := o.Get("fixedLength")
	fixed, isBool := fv.(bool)
	if has && !isBool {
		return 0, false, fmt.Errorf("\"fixedLength\" must be true or false, got %s", record.JSON(fv))
	}
	return int(n), fixed, nil
}
