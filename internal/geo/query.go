package geo

import "fmt"

// Relation is a geoPolygon relation.
type Relation uint8

// Relations (GeoShapeRelation).
const (
	Within Relation = iota
	Contains
	Intersects
	Disjoint
)

// ParseRelation maps "within", "contains", "intersects" and "disjoint".
func ParseRelation(s string) (Relation, error) {
	switch s {
	case "within":
		return Within, nil
	case "contains":
		return Contains, nil
	case "intersects":
		return Intersects, nil
	case "disjoint":
		return Disjoint, nil
	}
	return 0, fmt.Errorf("Invalid relation value %q", s)
}

// ShapeQuery is geo-utils geoRelationFP(query, relation): it answers whether
// a record shape stands in the relation to the query shape. With a Point
// query, Contains is geoContainsPoint (the record contains the point) and
// Within means "the record is an equal point".
type ShapeQuery struct {
	rel   Relation
	shape Shape
	polys []Polygon // outer rings only (_featureToPolygonAndHoles)
	holes []Polygon // each hole as a one-ring polygon
}

// NewContainsPointQuery is geoContainsPoint: the record (a Polygon or
// MultiPolygon) has p strictly inside an outer ring and not strictly inside
// a hole, or the record is a point equal to p (within 1e-6).
func NewContainsPointQuery(p Point) *ShapeQuery { return NewShapeQuery(PointShape(p), Contains) }

// NewShapeQuery precomputes the query geometry.
func NewShapeQuery(query Shape, rel Relation) *ShapeQuery {
	q := &ShapeQuery{rel: rel, shape: query}
	if query.Kind != KindPoint {
		q.polys, q.holes = splitHoles(query)
	}
	return q
}

// splitHoles separates outer rings from holes.
func splitHoles(s Shape) (polys, holes []Polygon) {
	for _, p := range s.Polygons {
		if len(p) == 0 {
			continue
		}
		polys = append(polys, Polygon{p[0]})
		for _, h := range p[1:] {
			holes = append(holes, Polygon{h})
		}
	}
	return polys, holes
}

// Match tests a record shape (see ToShape).
func (q *ShapeQuery) Match(rec Shape) bool {
	switch q.rel {
	case Within:
		return q.within(rec)
	case Contains:
		return q.contains(rec)
	case Intersects:
		return intersects(rec, q.shape)
	}
	return disjoint(rec, q.shape)
}

// MatchValue converts a record value with ToShape and matches it; values
// that are not geo shapes do not match.
func (q *ShapeQuery) MatchValue(v any) bool {
	s, ok := ToShape(v)
	return ok && q.Match(s)
}

// within is geoWithinFP.
func (q *ShapeQuery) within(rec Shape) bool {
	if q.shape.Kind == KindPoint {
		return rec.Kind == KindPoint && pointsEqual(q.shape, rec)
	}
	if rec.Kind == KindPoint {
		for _, h := range q.holes {
			if h.ContainsPoint(rec.Point) {
				return false
			}
		}
		return anyStrictlyIn(rec.Point, q.polys)
	}
	if q.inQueryHole(rec) {
		return false
	}
	recPolys, _ := splitHoles(rec)
	for _, ip := range recPolys {
		if !anyEncloses(q.polys, ip) {
			return false
		}
	}
	return true
}

// anyStrictlyIn is polygons.some(within(point, poly)).
func anyStrictlyIn(p Point, polys []Polygon) bool {
	for _, poly := range polys {
		if pipRings(p, poly) == inside {
			return true
		}
	}
	return false
}

// anyEncloses is outer.some(o => booleanContains(o, inner)) for polygons.
func anyEncloses(outer []Polygon, inner Polygon) bool {
	for _, o := range outer {
		if polyInPoly(o, inner) {
			return true
		}
	}
	return false
}

// inQueryHole: a query hole intersects the record, unless the record has a
// hole equal to it.
func (q *ShapeQuery) inQueryHole(rec Shape) bool {
	_, recHoles := splitHoles(rec)
	for _, qh := range q.holes {
		if !intersects(rec, PolygonShape(qh)) {
			continue
		}
		if len(recHoles) == 0 || !anyRingEqual(qh[0], recHoles) {
			return true
		}
	}
	return false
}

func anyRingEqual(r Ring, holes []Polygon) bool {
	for _, h := range holes {
		if ringsEqual(r, h[0]) {
			return true
		}
	}
	return false
}
