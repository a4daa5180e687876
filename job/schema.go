package job

import (
	"errors"

	"github.com/sluice-dev/sluice/record"
)

// jobSpec is the schema of the top-level keys of a job file.
func jobSpec() *Spec {
	return &Spec{Name: "job", Summary: "the top-level keys of a job file", Params: []*Param{
		{Name: "name", Type: "string", Default: "Custom Job", Check: RequiredString(), Doc: "Name of the job."},
		{Name: "lifecycle", Type: "string", Default: "once", Check: Enum("once", "persistent"),
			Doc: "`once` ends when the slicer is done and every slice has finished; `persistent` runs until stopped (SIGINT/SIGTERM)."},
		{Name: "workers", Type: "number", Default: float64(DefaultWorkers()), Check: PositiveInt(),
			Doc: "Worker goroutines that process slices; default min(cores, 5)."},
		{Name: "slicers", Type: "number", Default: 1.0, Check: PositiveInt(), Doc: "Slicers, for readers that slice in parallel."},
		{Name: "max_retries", Type: "number", Default: 3.0, Check: Nat(), Doc: "A failed slice is tried max_retries + 1 times in all, with jittered backoff."},
		{Name: "probation_window", Type: "number", Default: 300000.0, Check: Duration(), Doc: "Milliseconds (persistent jobs)."},
		{Name: "analytics", Type: "boolean", Default: true, Check: Bool(), Doc: "Collect per-operation statistics (always on in sluice)."},
		{Name: "active", Type: "boolean", Default: true, Check: Bool(), Doc: "Accepted for compatibility."},
		{Name: "autorecover", Type: "boolean", Default: false, Check: Bool(), Doc: "Accepted for compatibility."},
		{Name: "stateful", Type: "boolean", Default: false, Check: Bool(), Doc: "Accepted for compatibility."},
		{Name: "assets", Type: "string[]", Default: nil, Check: StringArray(true),
			Doc: "Asset bundles; accepted and ignored, every operation is built in."},
		{Name: "apis", Type: "object[]", Default: []any{}, Check: objectArray("apis"), Doc: "Api configurations, each with a unique `_name`."},
		{Name: "operations", Type: "object[]", Default: []any{}, Check: operationsCheck(), Doc: "The reader, then the processors, in order."},
		{Name: "env_vars", Type: "object", Default: record.NewObject(0), Check: Object(false), Doc: "Accepted for compatibility."},
		{Name: "log_level", Type: "string", Default: "info", Check: Enum("trace", "debug", "info", "warn", "error", "fatal"), Doc: "Log level of the job's log lines."},
		{Name: "labels", Type: "object", Default: nil, Check: Object(true), Doc: "Accepted for compatibility."},
	}}
}

// clusterKeys are teraslice job keys that only a cluster scheduler uses;
// sluice accepts them without a warning.
var clusterKeys = map[string]bool{
	"cpu": true, "memory": true, "cpu_execution_controller": true, "memory_execution_controller": true,
	"resources_requests_cpu": true, "resources_requests_memory": true, "resources_limits_cpu": true,
	"resources_limits_memory": true, "targets": true, "volumes": true, "external_ports": true,
	"ephemeral_storage": true, "pod_spec_override": true, "prom_metrics_enabled": true,
	"prom_metrics_port": true, "prom_metrics_add_default": true, "kubernetes_image": true,
	"performance_metrics": true, "recycle_worker": true, "_context": true,
}

func objectArray(what string) Check {
	return func(v any) (any, error) {
		arr, ok := v.([]any)
		if ok {
			for _, e := range arr {
				if _, isObj := e.(*record.Object); !isObj {
					ok = false
				}
			}
		}
		if !ok {
			return v, errors.New(what + " must be an array of objects")
		}
		return v, nil
	}
}

func operationsCheck() Check {
	return func(v any) (any, error) {
		arr, ok := v.([]any)
		if ok && len(arr) >= 2 {
			if _, err := objectArray("operations")(v); err == nil {
				return v, nil
			}
		}
		return v, errors.New("Operations need to be of type array with at least two operations in it")
	}
}

// commonOpParams are merged into every operation's schema (spec 1.2).
func commonOpParams() []*Param {
	return []*Param{
		{Name: "_op", Type: "string", Required: true, Check: RequiredString(), Doc: "The operation's name (an `@asset` qualifier is accepted and ignored)."},
		{Name: "_encoding", Type: "string", Default: "json", Check: Enum("json", "raw"), Doc: "Encoding of the records."},
		{Name: "_dead_letter_action", Type: "string", Default: "throw", Check: String(false),
			Doc: "What happens to a record the operation cannot process: `throw` (fail the slice), `log`, `none`, or the name of an api that takes dead letters (for example `dead_letter_file`)."},
	}
}

// commonAPIParams are merged into every api's schema (spec 1.2).
func commonAPIParams() []*Param {
	return []*Param{
		{Name: "_name", Type: "string", Required: true, Check: RequiredString(), Doc: "The api's name; the part before `:` names the api module, the rest is a tag."},
		{Name: "_encoding", Type: "string", NoDefault: true, Check: NullableEnum("json", "raw"), Doc: "Encoding of the records."},
		{Name: "_dead_letter_action", Type: "string", Default: "throw", Check: String(false), Doc: "As for operations; the api's own action applies to records it rejects."},
	}
}

// CommonParams returns the keys every operation (or api) accepts besides its
// own parameters.
func CommonParams(k Kind) []*Param {
	if k == KindAPI {
		return commonAPIParams()
	}
	return commonOpParams()
}
