package geo

import "math"

// polyInPoly is turf 7.3 boolean-contains isPolyInPoly(a, b): a's bbox
// encloses b's and every position of every ring of b is in a (boundary
// inclusive, a's holes honoured).
func polyInPoly(a, b Polygon) bool {
	if !polygonBBox(a).covers(polygonBBox(b)) {
		return false
	}
	for _, ring := range b {
		for _, c := range ring {
			if pipRings(c, a) == outside {
				return false
			}
		}
	}
	return true
}

// geom is one flattened geometry: a point or a single polygon.
type geom struct {
	isPoint bool
	pt      Point
	poly    Polygon
}

func flatten(s Shape) []geom {
	if s.Kind == KindPoint {
		return []geom{{isPoint: true, pt: s.Point}}
	}
	out := make([]geom, len(s.Polygons))
	for i, p := range s.Polygons {
		out[i] = geom{poly: p}
	}
	return out
}

// disjoint is turf 7.3 booleanDisjoint on flattened Point / Polygon parts.
func disjoint(a, b Shape) bool {
	gb := flatten(b)
	for _, x := range flatten(a) {
		for _, y := range gb {
			if !disjointGeom(x, y) {
				return false
			}
		}
	}
	return true
}

// intersects is turf booleanIntersects.
func intersects(a, b Shape) bool { return !disjoint(a, b) }

func disjointGeom(a, b geom) bool {
	switch {
	case a.isPoint && b.isPoint:
		return a.pt.Lon != b.pt.Lon || a.pt.Lat != b.pt.Lat
	case a.isPoint:
		return pipRings(a.pt, b.poly) == outside
	case b.isPoint:
		return pipRings(b.pt, a.poly) == outside
	}
	return !polysTouch(b.poly, a.poly)
}

// polysTouch is boolean-disjoint isPolyInPoly: an outer-ring vertex of one
// polygon lies in the other, or any edges of the two cross.
func polysTouch(a, b Polygon) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	for _, c := range a[0] {
		if pipRings(c, b) != outside {
			return true
		}
	}
	for _, c := range b[0] {
		if pipRings(c, a) != outside {
			return true
		}
	}
	return edgesCross(a, b)
}

// edgesCross is turf lineIntersect (sweepline-intersections 1.5) between the
// rings of a and the rings of b: segments in different features intersect
// when they are not parallel and both parameters lie in [0, 1].
func edgesCross(a, b Polygon) bool {
	for _, ra := range a {
		for i := 0; i+1 < len(ra); i++ {
			p1, p2 := sweepOrder(ra[i], ra[i+1])
			for _, rb := range b {
				if segmentHitsRing(p1, p2, rb) {
					return true
				}
			}
		}
	}
	return false
}

func segmentHitsRing(p1, p2 Point, ring Ring) bool {
	for j := 0; j+1 < len(ring); j++ {
		p3, p4 := sweepOrder(ring[j], ring[j+1])
		if sweepPairIntersects(p1, p2, p3, p4) {
			return true
		}
	}
	return false
}

// sweepPairIntersects tests two segments the way the sweep line meets them:
// the segment starting later is tested against the one still active.
func sweepPairIntersects(p1, p2, p3, p4 Point) bool {
	switch {
	case later(p1, p3):
		return p4.Lon >= p1.Lon && segmentsIntersect(p1, p2, p3, p4)
	case later(p3, p1):
		return p2.Lon >= p3.Lon && segmentsIntersect(p3, p4, p1, p2)
	}
	return segmentsIntersect(p1, p2, p3, p4) || segmentsIntersect(p3, p4, p1, p2)
}

// later reports whether sweep event a comes after b (x, then y).
func later(a, b Point) bool {
	return a.Lon > b.Lon || (a.Lon == b.Lon && a.Lat > b.Lat)
}

// sweepOrder returns the segment's left (sweep) endpoint first.
func sweepOrder(a, b Point) (Point, Point) {
	if later(a, b) {
		return b, a
	}
	return a, b
}

// segmentsIntersect is sweepline-intersections testSegmentIntersect.
func segmentsIntersect(p1, p2, p3, p4 Point) bool {
	x1, y1, x2, y2 := p1.Lon, p1.Lat, p2.Lon, p2.Lat
	x3, y3, x4, y4 := p3.Lon, p3.Lat, p4.Lon, p4.Lat
	denom := float64((y4-y3)*(x2-x1)) - float64((x4-x3)*(y2-y1))
	numeA := float64((x4-x3)*(y1-y3)) - float64((y4-y3)*(x1-x3))
	numeB := float64((x2-x1)*(y1-y3)) - float64((y2-y1)*(x1-x3))
	if denom == 0 {
		return false
	}
	uA, uB := numeA/denom, numeB/denom
	return uA >= 0 && uA <= 1 && uB >= 0 && uB <= 1
}

// pointsEqual is turf booleanEqual on points: same coordinate count and
// each coordinate within 1e-6.
func pointsEqual(a, b Shape) bool {
	return dims(a) == dims(b) && math.Abs(a.Point.Lon-b.Point.Lon) < 1e-6 && math.Abs(a.Point.Lat-b.Point.Lat) < 1e-6
}

func dims(s Shape) int {
	if s.dims == 0 {
		return 2
	}
	return s.dims
}
