package routed

import (
	"errors"
	"fmt"
	"math"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() { job.Register(spec()) }

func spec() *job.Spec {
	return &job.Spec{
		Name:    "routed_sender",
		Kind:    job.KindProcessor,
		Summary: "Sends each record to the sender of its `standard:route` (set by a router) and returns the whole input unchanged.",
		Doc: "`routing` maps route values to connection names; a key may list several routes separated by commas " +
			"(each trimmed, matched exactly and case-sensitively). `*` takes every record whose route matches no key; " +
			"`**` sends every record to a route named by its own route value (all dynamic routes share one sender, and " +
			"each route is verified once — for files, its directory is made). `*` and `**` cannot be combined. A record " +
			"that matches nothing goes to `_dead_letter_action` (`throw` fails the slice naming the route). Senders are " +
			"made on first use from the api `_api_name` with `{_key: route, _connection: <routing value>}` over the api's " +
			"own settings. A routing value may instead name an api of the job, `API` or `API:CONNECTION` (a sluice " +
			"addition), so that one routing mixes sender apis: for example `{\"logs\": \"search_sender_api\", " +
			"\"raw\": \"object_sender_api:archive\"}`. Records keep their input order within a route; batches hold at most `size` records and at " +
			"most `concurrency` batches of a route are in flight (one at a time for file senders).\n\n" +
			"Retries: a failed or retried slice never sends a record twice. Queues are emptied whenever a slice attempt " +
			"ends, and the records each send delivered are remembered per slice until it finishes: a retried attempt " +
			"sends only the records no earlier attempt delivered (records are told apart by their data, route and `_key`).",
		Params:       params(),
		ValidateJob:  validateJob,
		SendsThrough: sendsThrough,
		NewProcessor: newProcessor,
		Examples: []job.Example{{
			Title:  "Everything to one catch-all route, written as ldjson files",
			Config: `{"_op": "routed_sender", "_api_name": "file_sender_api", "routing": {"*": "default"}}`,
			APIs:   `[{"_name": "file_sender_api", "path": "out", "format": "ldjson"}]`,
			Input:  `[{"id": 1}, {"id": 2}]`,
			Output: `[{"id": 1}, {"id": 2}]`,
		}, {
			Title:  "Only route a; records without a matching route are dropped",
			Config: `{"_op": "routed_sender", "_api_name": "file_sender_api", "routing": {"a, A": "default"}, "_dead_letter_action": "none"}`,
			APIs:   `[{"_name": "file_sender_api", "path": "out", "format": "csv"}]`,
			Input:  `[{"id": 1}]`,
			Output: `[{"id": 1}]`,
		}},
	}
}

func params() []*job.Param {
	return []*job.Param{
		{Name: "_api_name", Type: "string", Check: job.RequiredString(), Doc: "The sender api (for example `file_sender_api`) that makes a sender per route."},
		{Name: "routing", Type: "object", Check: routingCheck(), Doc: "Route values (comma-separated lists allowed, `*`, `**`) to connection names, or to `API` / `API:CONNECTION` of another sender api of the job."},
		{Name: "size", Type: "number", Default: 10000.0, Check: sizeCheck(), Doc: "The most records per send; more are split into batches."},
		{Name: "concurrency", Type: "number", Default: 10.0, Check: concurrencyCheck(), Doc: "The most sends in flight per route."},
	}
}

func routingCheck() job.Check {
	return func(v any) (any, error) {
		o, ok := v.(*record.Object)
		if !ok {
			return v, errors.New("Invalid parameter routing, it must be an object")
		}
		for _, val := range o.Values() {
			if record.Truthy(val) {
				return v, nil
			}
		}
		return v, errors.New("Invalid parameter routing, it must have keys and values set")
	}
}

func sizeCheck() job.Check {
	return func(v any) (any, error) {
		f, ok := v.(float64)
		switch {
		case !ok:
			return v, errors.New("Invalid size parameter for routed_sender opConfig, it must be a number")
		case f <= 0:
			return v, errors.New("Invalid size parameter for routed_sender, it must be greater than zero")
		}
		return v, nil
	}
}

// concurrencyCheck rejects 0 and fractions too (the reference accepts them
// and then fails at the first send: spec row 14).
func concurrencyCheck() job.Check {
	return func(v any) (any, error) {
		f, ok := v.(float64)
		switch {
		case !ok:
			return v, fmt.Errorf("Invalid parameter concurrency, must be a number, was given %s", record.GetTypeOf(v))
		case f < 1 || f != math.Trunc(f):
			return v, errors.New("Invalid parameter concurrency, it must be a positive integer greater than zero")
		}
		return v, nil
	}
}

// validateJob checks the routing once comma lists are split: never both
// `*` and `**`, and every route names a connection.
func validateJob(j *job.Job, c *job.Config) []error {
	obj := c.Object("routing")
	if obj == nil || obj.Len() == 0 {
		return nil // reported by the parameter check
	}
	routes, err := ParseRouting(obj)
	if err != nil {
		return []error{job.ParamErr("routing", "%s", err.Error())}
	}
	var errs []error
	for _, r := range routes.Names() {
		if routes.Connection(r) == "" {
			errs = append(errs, job.ParamErr("routing", "the route %q has no connection: each value must be a connection name (a non-empty string)", r))
		}
	}
	return append(errs, targetErrors(j, routes)...)
}
