package route

import (
	"fmt"
	"hash/fnv"
	"math"
	"strconv"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// HashRouter routes a record to one of `partitions` buckets by the 32-bit
// FNV-1a hash of its key, or of the concatenated values of `fields`
// (spec 4.2).
type HashRouter struct {
	partitions uint64
	fields     []string
}

// NewHashRouter builds a hash router from a configuration object (partitions,
// fields) with the reference constructor's check.
func NewHashRouter(o *record.Object) (*HashRouter, error) {
	p, ok := o.Get("partitions")
	if !ok {
		p = record.Undefined
	}
	if !isPositiveInt(p) {
		return nil, job.ParamErr("partitions", "Expected partitions to be integer > 0, got \"%s\" (%s)", record.ToString(p), record.GetTypeOf(p))
	}
	f, _ := o.Get("fields")
	// A 32-bit hash modulo 2^32 or more is the hash itself.
	n := uint64(min(p.(float64), 1<<32))
	return &HashRouter{partitions: n, fields: fieldNames(f)}, nil
}

func isPositiveInt(v any) bool {
	f, ok := v.(float64)
	return ok && f > 0 && f == math.Trunc(f) && !math.IsInf(f, 0)
}

// Lookup returns the bucket of a record as a decimal string.
func (h *HashRouter) Lookup(r *record.Record) (string, error) {
	in, err := h.input(r)
	if err != nil {
		return "", err
	}
	return strconv.FormatUint(Bucket(in, h.partitions), 10), nil
}

// input is the hashed text: the key, or the fields' values (core-utils
// toString) with no separator.
func (h *HashRouter) input(r *record.Record) (string, error) {
	if len(h.fields) == 0 {
		return Key(r)
	}
	var b []byte
	for _, f := range h.fields {
		b = append(b, record.CoreToString(field(r, f))...)
	}
	return string(b), nil
}

// Bucket is FNV-1a-32 of the UTF-8 bytes of s, modulo partitions.
func Bucket(s string, partitions uint64) uint64 {
	h := fnv.New32a()
	_, _ = h.Write([]byte(s))
	return uint64(h.Sum32()) % partitions
}

func init() {
	job.Register(&job.Spec{
		Name:    "hash_router",
		Kind:    job.KindProcessor,
		Summary: "Routes each record to one of `partitions` buckets (\"0\", \"1\", ...) by the FNV-1a hash of its `_key` or of some fields, setting `standard:route`.",
		Doc: "Without `fields` the key is hashed (a record without a key goes to the `_dead_letter_action`); with `fields` " +
			"their values are concatenated with no separator (null and missing values are empty, arrays are joined with " +
			"commas, objects are JSON). The hash is 32-bit FNV-1a over the UTF-8 bytes.",
		Params: []*job.Param{
			{Name: "fields", Type: "string[]", Default: []any{}, Check: fieldsArray(true, false, true), Doc: "Fields whose values are hashed, in order; empty or null: the key."},
			{Name: "partitions", Type: "number", Required: true, Default: nil, Check: partitionsCheck(), Doc: "Number of buckets (an integer > 0)."},
		},
		ValidateJob:  constructorCheck(NewHashRouter),
		NewProcessor: newRouterProc(NewHashRouter),
		Examples: []job.Example{{
			Title:      "Four buckets by key",
			Config:     `{"_op": "hash_router", "partitions": 4}`,
			Input:      `[{"id": 1}, {"id": 2}]`,
			Meta:       `[{"_key": "bacon"}, {"_key": "frypan"}]`,
			Output:     `[{"id": 1}, {"id": 2}]`,
			OutputMeta: `[{"standard:route": "0"}, {"standard:route": "3"}]`,
		}, {
			Title:      "Fifteen buckets by two fields",
			Config:     `{"_op": "hash_router", "fields": ["field2", "field1"], "partitions": 15}`,
			Input:      `[{"field1": "val1.1", "field2": "val1.2"}, {"field1": "val2.1", "field2": "val2.2"}]`,
			Output:     `[{"field1": "val1.1", "field2": "val1.2"}, {"field1": "val2.1", "field2": "val2.2"}]`,
			OutputMeta: `[{"standard:route": "4"}, {"standard:route": "8"}]`,
		}},
	})
}

// partitionsCheck is hash_router's schema check of `partitions`.
func partitionsCheck() job.Check {
	return func(v any) (any, error) {
		f, ok := v.(float64)
		switch {
		case !ok:
			return v, fmt.Errorf("Parameter partitions is invalid, it must be a number, received %s", record.GetTypeOf(v))
		case f <= 0:
			return v, fmt.Errorf("Parameter partitions is invalid, it must be set to a number > 0")
		}
		return v, nil
	}
}
