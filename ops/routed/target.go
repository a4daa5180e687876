package routed

import (
	"fmt"
	"strings"

	"github.com/sluice-dev/sluice/job"
)

// A routing value names where a route's records go. Like the reference, it
// is a connection of the api `_api_name`. sluice also lets one routing mix
// sender apis: a value `API` or `API:CONNECTION`, where API is the `_name` of
// an api of the job, sends the route through that api (with its own
// connection, or CONNECTION). A value that names no api is a connection.
// Api names may contain colons ("file_sender_api:second"): the longest
// prefix that names an api is the api.
type target struct {
	api  string // "" = the operation's _api_name
	conn string // "" = the api's own connection
}

// parseTarget splits a routing value; hasAPI tells whether a name is an api
// of the job.
func parseTarget(value string, hasAPI func(string) bool) target {
	if hasAPI(value) {
		return target{api: value}
	}
	// api names may hold colons themselves (teraslice's "name:suffix"):
	// the longest api name wins.
	for i := strings.LastIndexByte(value, ':'); i > 0; i = strings.LastIndexByte(value[:i], ':') {
		if hasAPI(value[:i]) {
			return target{api: value[:i], conn: value[i+1:]}
		}
	}
	return target{conn: value}
}

// jobAPIs is hasAPI for a job.
func jobAPIs(j *job.Job) func(string) bool {
	return func(name string) bool { return j != nil && j.API(name) != nil }
}

// targetErrors checks the routing values that name apis at validation: a
// value `X:Y` whose X is no api but looks like one is most likely a typo.
func targetErrors(j *job.Job, routes *Routes) []error {
	var errs []error
	for _, r := range routes.Names() {
		v := routes.Connection(r)
		t := parseTarget(v, jobAPIs(j))
		if api, _, ok := strings.Cut(v, ":"); ok && t.api == "" && strings.HasSuffix(api, "_api") {
			errs = append(errs, job.ParamErr("routing", "the route %q names %q, but the job has no api named %q (add it to \"apis\")", r, v, api))
		}
	}
	return errs
}

// sendsThrough names the apis routing values send through (job.Spec
// SendsThrough).
func sendsThrough(j *job.Job, c *job.Config) []string {
	routes, err := ParseRouting(c.Object("routing"))
	if err != nil {
		return nil
	}
	var apis []string
	for _, r := range routes.Names() {
		if t := parseTarget(routes.Connection(r), jobAPIs(j)); t.api != "" {
			apis = append(apis, t.api)
		}
	}
	return apis
}

// overrides are the settings a route's sender is created with.
func (t target) overrides(route string) map[string]any {
	o := map[string]any{"_key": route}
	if t.conn != "" {
		o["_connection"] = t.conn
	}
	return o
}

func (t target) String() string {
	if t.api == "" {
		return fmt.Sprintf("connection %q", t.conn)
	}
	if t.conn == "" {
		return fmt.Sprintf("api %q", t.api)
	}
	return fmt.Sprintf("api %q, connection %q", t.api, t.conn)
}
