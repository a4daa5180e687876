package geo

import "math"

// ringsEqual is turf booleanEqual (precision 6) on two single-ring polygons:
// both are cleaned (turf clean-coords) and compared allowing a different
// start vertex and direction. A ring clean-coords rejects is never equal
// (the original throws).
func ringsEqual(r1, r2 Ring) bool {
	c1, ok1 := cleanRing(r1)
	c2, ok2 := cleanRing(r2)
	return ok1 && ok2 && compareRing(c1, c2)
}

// cleanRing is clean-coords cleanLine for a polygon ring.
func cleanRing(pts Ring) (Ring, bool) {
	if len(pts) < 2 {
		return nil, false
	}
	out := Ring{pts[0]}
	a, b := 0, 1
	for c := 2; c < len(pts); c++ {
		if onSegment(pts[b], pts[a], pts[c]) {
			b = c
			continue
		}
		out = append(out, pts[b])
		a, b = b, b+1
		c = b
	}
	out = append(out, pts[b])
	if len(out) < 3 {
		return nil, false
	}
	if onSegment(out[0], out[1], out[len(out)-2]) {
		out = append(out[1:len(out)-1], out[1])
	}
	ok := len(out) >= 4 && out[0] == out[len(out)-1]
	return out, ok
}

// onSegment is boolean-point-on-line isPointOnLineSegment without epsilon.
func onSegment(p, s, e Point) bool {
	dxc, dyc := p.Lon-s.Lon, p.Lat-s.Lat
	dxl, dyl := e.Lon-s.Lon, e.Lat-s.Lat
	if float64(dxc*dyl)-float64(dyc*dxl) != 0 {
		return false
	}
	if dxl == 0 && dyl == 0 {
		return p == s
	}
	if math.Abs(dxl) >= math.Abs(dyl) {
		if dxl > 0 {
			return s.Lon <= p.Lon && p.Lon <= e.Lon
		}
		return e.Lon <= p.Lon && p.Lon <= s.Lon
	}
	if dyl > 0 {
		return s.Lat <= p.Lat && p.Lat <= e.Lat
	}
	return e.Lat <= p.Lat && p.Lat <= s.Lat
}

// compareRing is geojson-equality compareLine(p1, p2, 1, true).
func compareRing(p1, p2 Ring) bool {
	if len(p1) != len(p2) {
		return false
	}
	if !near(p1[0], p2[0]) {
		idx := -1
		for i := range p2 {
			if near(p2[i], p1[0]) {
				idx = i
				break
			}
		}
		if idx < 0 {
			return false
		}
		p2 = append(append(Ring{}, p2[idx:]...), p2[1:idx+1]...)
	}
	switch {
	case near(p1[1], p2[1]):
		return pathEqual(p1, p2)
	case near(p1[1], p2[len(p2)-2]):
		return pathEqual(reversed(p1), p2)
	}
	return false
}

func near(a, b Point) bool {
	return math.Abs(a.Lon-b.Lon) < 1e-6 && math.Abs(a.Lat-b.Lat) < 1e-6
}

func pathEqual(a, b Ring) bool {
	for i := range a {
		if i >= len(b) || !near(a[i], b[i]) {
			return false
		}
	}
	return true
}

func reversed(r Ring) Ring {
	out := make(Ring, len(r))
	for i, p := range r {
		out[len(r)-1-i] = p
	}
	return out
}
