package selector

import (
	"fmt"
	"github.com/sluice-dev/sluice/internal/jsre"

	"github.com/sluice-dev/sluice/internal/geo"
	"github.com/sluice-dev/sluice/record"
)

// geoMatcher tests one record value (after array expansion).
type geoMatcher interface {
	MatchValue(v any) bool
}

type geoPred struct{ m geoMatcher }

func (g geoPred) test(v any, ok bool, b *jsre.Budget) bool {
	return ok && v != nil && g.m.MatchValue(v)
}

// geoFunction builds geoDistance, geoBox, geoPolygon and geoContainsPoint
// (xlucene.md §5.12). Parameter errors are build errors with the
// reference's messages.
func (b *builder) geoFunction(n *Node) (pred, error) {
	ps := params(n)
	var m geoMatcher
	var err error
	switch n.Name {
	case "geoDistance":
		m, err = geoDistance(ps)
	case "geoBox":
		m, err = geoBox(ps)
	case "geoPolygon":
		m, err = geoPolygon(ps, b.types[n.Field])
	case "geoContainsPoint":
		m, err = geoContainsPoint(ps)
	}
	if err != nil {
		return nil, b.errAt(n, err.Error())
	}
	return geoPred{m}, nil
}

// paramValue is a parameter's value: a literal, a resolved variable, or a list.
func paramValue(ps map[string]*Node, name string) (any, bool) {
	p, ok := ps[name]
	if !ok || p.Undefined {
		return nil, false
	}
	if p.Value.IsVar() {
		return nil, false
	}
	return p.Value.V, true
}

func requirePoint(ps map[string]*Node, fn, name string) (geo.Point, error) {
	v, ok := paramValue(ps, name)
	if !ok {
		if p, present := ps[name]; present && (p.Undefined || p.Value.IsVar()) {
			return geo.Point{}, fmt.Errorf("Incorrect geo %s parameter provided: undefined", name)
		}
		return geo.Point{}, fmt.Errorf("Invalid %s query, need to specify a %q parameter", fn, name)
	}
	p, err := geo.ParsePointStrict(v)
	if err != nil {
		return geo.Point{}, fmt.Errorf("Invalid geo point given to parse, got %s (%s)", record.ToString(v), record.GetTypeOf(v))
	}
	return p, nil
}

func geoDistance(ps map[string]*Node) (geoMatcher, error) {
	center, err := requirePoint(ps, "geoDistance", "point")
	if err != nil {
		return nil, err
	}
	d, ok := paramValue(ps, "distance")
	if !ok {
		if p, present := ps["distance"]; present && (p.Undefined || p.Value.IsVar()) {
			return nil, fmt.Errorf("Incorrect geo distance parameter provided: undefined")
		}
		return nil, fmt.Errorf(`Invalid geoDistance query, need to specify a "distance" parameter`)
	}
	meters, err := geo.ParseDistance(record.ToString(d))
	if err != nil {
		return nil, err
	}
	return geo.NewDistanceQuery(center, meters), nil
}

func geoBox(ps map[string]*Node) (geoMatcher, error) {
	tl, err := requirePoint(ps, "geoBox", "top_left")
	if err != nil {
		return nil, err
	}
	br, err := requirePoint(ps, "geoBox", "bottom_right")
	if err != nil {
		return nil, err
	}
	box, err := geo.NewBox(tl, br)
	if err != nil {
		return nil, err
	}
	return box, nil
}

func geoPolygon(ps map[string]*Node, fieldType string) (geoMatcher, error) {
	v, ok := paramValue(ps, "points")
	if !ok {
		return nil, fmt.Errorf(`Invalid geoPolygon query, need to specify a "points" parameter`)
	}
	shape, err := geo.QueryPolygon(v)
	if err != nil {
		return nil, err
	}
	rel := geo.Within
	if r, ok := paramValue(ps, "relation"); ok {
		if rel, err = geo.ParseRelation(record.ToString(r)); err != nil {
			return nil, err
		}
	}
	if fieldType == "geo-point" || fieldType == "geo" || fieldType == "" {
		if rel == geo.Contains {
			return nil, fmt.Errorf(`Cannot query against geo-points with relation set to "contains"`)
		}
		if rel == geo.Disjoint && shape.HasHoles() {
			return nil, fmt.Errorf("Invalid argument points, when running a disjoint query with a polygon/multi-polygon with holes, it must be against data of type geo-json")
		}
	}
	return geo.NewShapeQuery(shape, rel), nil
}

func geoContainsPoint(ps map[string]*Node) (geoMatcher, error) {
	p, err := requirePoint(ps, "geoContainsPoint", "point")
	if err != nil {
		return nil, err
	}
	return geo.NewContainsPointQuery(p), nil
}
