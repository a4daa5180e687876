package geo

// contains is geoContainsFP: the record contains the query.
func (q *ShapeQuery) contains(rec Shape) bool {
	if q.shape.Kind == KindPoint {
		return q.containsPoint(rec)
	}
	if rec.Kind == KindPoint {
		return false
	}
	recPolys, recHoles := splitHoles(rec)
	if q.holeOverlap(recHoles) {
		return q.sharesHole(recHoles)
	}
	for _, qp := range q.polys {
		if !anyEncloses(recPolys, qp) {
			return false
		}
	}
	return true
}

// holeOverlap: some record hole intersects some query polygon.
func (q *ShapeQuery) holeOverlap(recHoles []Polygon) bool {
	for _, h := range recHoles {
		hs := PolygonShape(h)
		for _, qp := range q.polys {
			if intersects(PolygonShape(qp), hs) {
				return true
			}
		}
	}
	return false
}

// sharesHole: some query hole equals some record hole.
func (q *ShapeQuery) sharesHole(recHoles []Polygon) bool {
	for _, qh := range q.holes {
		if anyRingEqual(qh[0], recHoles) {
			return true
		}
	}
	return false
}

// containsPoint is geo-utils _pointContains (geoContainsPoint): a record
// point must equal the query point; a record polygon must have the point
// strictly inside an outer ring and not strictly inside a hole.
func (q *ShapeQuery) containsPoint(rec Shape) bool {
	if rec.Kind == KindPoint {
		return pointsEqual(rec, q.shape)
	}
	p := q.shape.Point
	polys, holes := splitHoles(rec)
	for _, h := range holes {
		if pipRings(p, h) == inside {
			return false
		}
	}
	return anyStrictlyIn(p, polys)
}
