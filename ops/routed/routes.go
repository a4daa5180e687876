package routed

import (
	"errors"
	"strings"

	"github.com/sluice-dev/sluice/record"
)

// The special routing keys.
const (
	CatchAll = "*"  // every record whose route matches no key
	Dynamic  = "**" // every record, to a route named by its own route value
)

// Routes maps route values to connection names. Each key of a routing
// object is split on commas and each piece, trimmed, is a route of its own;
// a later piece replaces an earlier equal one. Matching is exact and
// case-sensitive.
type Routes struct {
	conn  map[string]string
	order []string // routes in definition order
}

var errBothCatchAlls = errors.New(`routing cannot specify "*" and "**"`)

// ParseRouting reads a routing object.
func ParseRouting(routing *record.Object) (*Routes, error) {
	if routing == nil || routing.Len() == 0 {
		return nil, errors.New("Parameter routing must not be an empty object")
	}
	r := &Routes{conn: map[string]string{}}
	for i := 0; i < routing.Len(); i++ {
		keys, v := routing.At(i)
		conn, _ := v.(string)
		for _, k := range strings.Split(keys, ",") {
			r.set(strings.TrimSpace(k), conn)
		}
	}
	if r.Has(CatchAll) && r.Has(Dynamic) {
		return nil, errBothCatchAlls
	}
	return r, nil
}

func (r *Routes) set(route, conn string) {
	if _, ok := r.conn[route]; !ok {
		r.order = append(r.order, route)
	}
	r.conn[route] = conn
}

// Has reports whether route is defined.
func (r *Routes) Has(route string) bool {
	_, ok := r.conn[route]
	return ok
}

// Connection is the connection name of a route.
func (r *Routes) Connection(route string) string { return r.conn[route] }

// Names lists the routes in definition order.
func (r *Routes) Names() []string { return r.order }
