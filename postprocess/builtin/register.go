package builtin

import "github.com/sluice-dev/sluice/postprocess"

// core is the reference's CorePlugins (validations, string transforms, the
// special transforms); plugin is its ValidatorPlugins, in the order of
// plugins/validator/index.ts.
var (
	core   = concat(validationSpecs(), transformSpecs(), specialSpecs())
	plugin = concat(pluginSpecsAF(), pluginSpecsHI(), pluginSpecsLR())
)

// Specs returns the core operations, then the validator.js plugin ones.
func Specs() []*postprocess.Spec { return append(append([]*postprocess.Spec{}, core...), plugin...) }

func concat(lists ...[]*postprocess.Spec) []*postprocess.Spec {
	var out []*postprocess.Spec
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// ex is a runnable example: extra rule keys (JSON object or ""), the field's
// input and its value afterwards ("removed" when the rule deletes it).
func ex(args, in, out string) postprocess.Example {
	return postprocess.Example{Args: args, Input: in, Output: out}
}
