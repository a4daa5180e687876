package route

import (
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	job.Register(&job.Spec{
		Name:    "key_router",
		Kind:    job.KindProcessor,
		Summary: "Routes each record by its `_key` metadata (all of it, or `use` characters from its beginning or end), setting `standard:route`.",
		Doc: "The route is the key, or its first (`from: beginning`) or last (`from: end`) `use` characters; with " +
			"`suffix_use` and `use: 1` a suffix naming the character's class (upper-case letter, lower-case letter, digit, " +
			"other) is appended; then `case` applies (to the suffix too). Keys are not sanitized. A record without a key " +
			"(`set_key` sets one) goes to the `_dead_letter_action`.",
		Params: []*job.Param{
			{Name: "use", Type: "number", NoDefault: true, Check: number(`Parameter "use" must be a number`), Doc: "How many characters of the key make the route (with `from`)."},
			{Name: "from", Type: "string", NoDefault: true, Check: oneOf(`Parameter "from" must set to either "beginning" or "end"`, "beginning", "end"), Doc: "`beginning` or `end` (with `use`)."},
			{Name: "case", Type: "string", Default: "preserve", Check: job.Enum("preserve", "lower", "upper"), Doc: "`preserve`, `lower` or `upper`."},
			{Name: "suffix_use", Type: "boolean", Default: false, Check: strictBool(`Parameter "suffix_use" must be a boolean`), Doc: "Append the suffix of the routed character's class (only with `use: 1`)."},
			suffixParam("suffix_upper", "an upper-case letter A-Z"),
			suffixParam("suffix_lower", "a lower-case letter a-z"),
			suffixParam("suffix_number", "a digit"),
			suffixParam("suffix_other", "any other character"),
		},
		ValidateJob:  validateKeyRouter,
		NewProcessor: newRouterProc(NewKeyRouter),
		Examples: []job.Example{{
			Title:      "First character, lower-cased, with a suffix by class",
			Config:     `{"_op": "key_router", "use": 1, "from": "beginning", "case": "lower", "suffix_use": true, "suffix_upper": "--u", "suffix_lower": "--l", "suffix_number": "--n", "suffix_other": "--c"}`,
			Input:      `[{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}]`,
			Meta:       `[{"_key": "FIRSTKEY"}, {"_key": "secondKEY"}, {"_key": "11234key"}, {"_key": "-otherkey"}]`,
			Output:     `[{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}]`,
			OutputMeta: `[{"standard:route": "f--u"}, {"standard:route": "s--l"}, {"standard:route": "1--n"}, {"standard:route": "---c"}]`,
		}, {
			Title:      "The last three characters",
			Config:     `{"_op": "key_router", "use": 3, "from": "end", "case": "lower"}`,
			Input:      `[{"id": 1}]`,
			Meta:       `[{"_key": "FooBar"}]`,
			Output:     `[{"id": 1}]`,
			OutputMeta: `[{"standard:route": "bar"}]`,
		}},
	})
}

func suffixParam(name, what string) *job.Param {
	return &job.Param{Name: name, Type: "string", Default: "", Check: strictString(`Parameter "` + name + `" must be a string`),
		Doc: "Suffix appended when the routed character is " + what + "."}
}

// validateKeyRouter is the reference's validateJob (on every key_router,
// not only the first), then the router constructor's checks.
func validateKeyRouter(j *job.Job, c *job.Config) []error {
	use, from := record.Truthy(c.Get("use")), record.Truthy(c.Get("from"))
	if use != from {
		param := "from"
		if use {
			param = "use"
		}
		return []error{job.ParamErr(param, `Invalid parameters, if "from" or "use" are specified, they must be used together`)}
	}
	if record.Truthy(c.Get("suffix_use")) {
		if !use || !from {
			return []error{job.ParamErr("suffix_use", `Invalid parameters, if "suffix_use" is specified then "from" and "use" should be specified, they must be used together`)}
		}
		if allEmpty(c, "suffix_upper", "suffix_lower", "suffix_other", "suffix_number") {
			return []error{job.ParamErr("suffix_use", "Invalid parameters, suffix_use requires that at least one suffix_(upper/lower/other/number) value be specified")}
		}
	}
	return constructorCheck(NewKeyRouter)(j, c)
}

// allEmpty reports whether every named parameter is exactly "".
func allEmpty(c *job.Config, names ...string) bool {
	for _, n := range names {
		if v, ok := c.Get(n).(string); !ok || v != "" {
			return false
		}
	}
	return true
}
