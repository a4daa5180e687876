package geo

import "fmt"

// Box is a geoBox bounding box (turf bboxPolygon of [west, south, east, north]).
type Box struct{ West, South, East, North float64 }

// NewBox is geo-utils createValidGeoBox: top_left must be north-west of
// bottom_right, otherwise "top_left latitude (a) must be greater than
// bottom_right latitude (b)" or "top_left longitude (a) must be less than
// bottom_right longitude (b)". Boxes across the antimeridian are unsupported.
func NewBox(topLeft, bottomRight Point) (Box, error) {
	if topLeft.Lat <= bottomRight.Lat {
		return Box{}, fmt.Errorf("top_left latitude (%s) must be greater than bottom_right latitude (%s)",
			formatNumber(topLeft.Lat), formatNumber(bottomRight.Lat))
	}
	if topLeft.Lon >= bottomRight.Lon {
		return Box{}, fmt.Errorf("top_left longitude (%s) must be less than bottom_right longitude (%s)",
			formatNumber(topLeft.Lon), formatNumber(bottomRight.Lon))
	}
	return Box{West: topLeft.Lon, South: bottomRight.Lat, East: bottomRight.Lon, North: topLeft.Lat}, nil
}

// Contains reports whether p lies in the box, edges inclusive (what
// booleanPointInPolygon gives on the axis-aligned box polygon).
func (b Box) Contains(p Point) bool {
	return b.West <= p.Lon && p.Lon <= b.East && b.South <= p.Lat && p.Lat <= b.North
}

// MatchValue parses a record value with ParsePoint and tests it.
func (b Box) MatchValue(v any) bool {
	p, ok := ParsePoint(v)
	return ok && b.Contains(p)
}

// Polygon returns the box as a closed ring (lowLeft, lowRight, topRight, topLeft).
func (b Box) Polygon() Polygon {
	ll, lr := Point{Lat: b.South, Lon: b.West}, Point{Lat: b.South, Lon: b.East}
	tr, tl := Point{Lat: b.North, Lon: b.East}, Point{Lat: b.North, Lon: b.West}
	return Polygon{Ring{ll, lr, tr, tl, ll}}
}
