package geo

import "errors"

// Ring is a closed linear ring of positions (first == last).
type Ring []Point

// Polygon is an outer ring followed by its holes.
type Polygon []Ring

// Kind is the geometry type of a Shape.
type Kind uint8

// Shape kinds.
const (
	KindPoint Kind = iota + 1
	KindPolygon
	KindMultiPolygon
)

// Shape is a GeoJSON Point, Polygon or MultiPolygon (a turf feature).
type Shape struct {
	Kind     Kind
	Point    Point     // KindPoint
	Polygons []Polygon // KindPolygon: exactly one; KindMultiPolygon: the parts
	dims     int       // coordinate count of a GeoJSON point (2 unless given more)
}

// PointShape returns a Point shape.
func PointShape(p Point) Shape { return Shape{Kind: KindPoint, Point: p, dims: 2} }

// PolygonShape returns a Polygon shape.
func PolygonShape(p Polygon) Shape { return Shape{Kind: KindPolygon, Polygons: []Polygon{p}} }

// MultiPolygonShape returns a MultiPolygon shape.
func MultiPolygonShape(ps []Polygon) Shape { return Shape{Kind: KindMultiPolygon, Polygons: ps} }

// HasHoles is geo-utils polyHasHoles: a Polygon with more than one ring, or a
// MultiPolygon whose FIRST part has more than one ring.
func (s Shape) HasHoles() bool {
	return (s.Kind == KindPolygon || s.Kind == KindMultiPolygon) && len(s.Polygons) > 0 && len(s.Polygons[0]) > 1
}

// ToShape is geo-utils toGeoJSON followed by makeGeoFeature: a GeoJSON
// object (type Point/point, Polygon/polygon, MultiPolygon/multipolygon), a
// geo point (ParsePoint), or an array of at least three geo points (a
// polygon, closed automatically). Malformed GeoJSON (rings shorter than 4
// positions or not closed, non-numeric coordinates) is reported as false; in
// the original it throws while matching.
func ToShape(v any) (Shape, bool) {
	if _, ok := geoJSONType(v); ok {
		s, err := ParseGeoJSON(v)
		return s, err == nil
	}
	if p, ok := ParsePoint(v); ok {
		return PointShape(p), true
	}
	a, ok := v.([]any)
	if !ok {
		return Shape{}, false
	}
	pts := make([]Point, len(a))
	for i, e := range a {
		p, err := ParsePointStrict(e)
		if err != nil {
			return Shape{}, false
		}
		pts[i] = p
	}
	s, err := PolygonFromPoints(pts)
	return s, err == nil
}

// Shape construction errors (turf / geo-utils messages).
var (
	ErrTooFewPoints = errors.New("Points parameter for a geoPolygon query must have at least three geo-points")
	ErrShortRing    = errors.New("Each LinearRing of a Polygon must have 4 or more Positions.")
	ErrOpenRing     = errors.New("First and last Position are not equivalent.")
	ErrNotShape     = errors.New("is not a valid geo-shape")
	ErrCoordinates  = errors.New("coordinates must contain numbers")
	ErrPointsParam  = errors.New("Invalid points parameter, it must either be a geoShape or be an array of geo-points")
)

// PolygonFromPoints is geo-utils validateListCoords + lineToPolygon: at least
// three points, the ring is closed when its ends differ, and a ring must end
// up with at least four positions.
func PolygonFromPoints(pts []Point) (Shape, error) {
	if len(pts) < 3 {
		return Shape{}, ErrTooFewPoints
	}
	ring := make(Ring, len(pts), len(pts)+1)
	copy(ring, pts)
	if first, last := ring[0], ring[len(ring)-1]; first.Lon != last.Lon || first.Lat != last.Lat {
		ring = append(ring, first)
	}
	if len(ring) < 4 {
		return Shape{}, ErrShortRing
	}
	return PolygonShape(Polygon{ring}), nil
}

// ParseGeoJSON converts a GeoJSON Point / Polygon / MultiPolygon object (exact
// type names "Point"/"point", … as makeGeoFeature accepts them) into a Shape.
// Coordinates must be JSON numbers; rings need 4+ positions and must be closed.
func ParseGeoJSON(v any) (Shape, error) {
	t, ok := geoJSONType(v)
	if !ok {
		return Shape{}, ErrNotShape
	}
	obj, _ := asObject(v)
	c, _ := obj.Get("coordinates")
	coords := c.([]any)
	switch t {
	case "Point", "point":
		return parsePointCoords(coords)
	case "Polygon", "polygon":
		p, err := parseRings(coords)
		return PolygonShape(p), err
	case "MultiPolygon", "multipolygon":
		return parseMulti(coords)
	}
	return Shape{}, ErrNotShape
}

func parsePointCoords(c []any) (Shape, error) {
	if len(c) < 2 {
		return Shape{}, ErrCoordinates
	}
	x, ok1 := c[0].(float64)
	y, ok2 := c[1].(float64)
	if !ok1 || !ok2 {
		return Shape{}, ErrCoordinates
	}
	return Shape{Kind: KindPoint, Point: Point{Lat: y, Lon: x}, dims: len(c)}, nil
}

func parseMulti(c []any) (Shape, error) {
	polys := make([]Polygon, 0, len(c))
	for _, e := range c {
		rings, ok := e.([]any)
		if !ok {
			return Shape{}, ErrNotShape
		}
		p, err := parseRings(rings)
		if err != nil {
			return Shape{}, err
		}
		polys = append(polys, p)
	}
	return MultiPolygonShape(polys), nil
}

// parseRings is turf polygon(): each ring has 4+ positions and is closed.
func parseRings(c []any) (Polygon, error) {
	if len(c) == 0 {
		return nil, ErrNotShape
	}
	p := make(Polygon, 0, len(c))
	for _, e := range c {
		r, err := parseRing(e)
		if err != nil {
			return nil, err
		}
		p = append(p, r)
	}
	return p, nil
}

func parseRing(v any) (Ring, error) {
	pos, ok := v.([]any)
	if !ok {
		return nil, ErrNotShape
	}
	if len(pos) < 4 {
		return nil, ErrShortRing
	}
	ring := make(Ring, len(pos))
	for i, e := range pos {
		c, ok := e.([]any)
		if !ok || len(c) < 2 {
			return nil, ErrCoordinates
		}
		x, ok1 := c[0].(float64)
		y, ok2 := c[1].(float64)
		if !ok1 || !ok2 {
			return nil, ErrCoordinates
		}
		ring[i] = Point{Lat: y, Lon: x}
	}
	if !samePosition(pos[0].([]any), pos[len(pos)-1].([]any)) {
		return nil, ErrOpenRing
	}
	return ring, nil
}

// samePosition is turf's closing check: same length and === per item.
func samePosition(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !strictEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

// strictEqual is JavaScript === for JSON scalars (arrays/objects compare
// unequal, as distinct references).
func strictEqual(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	}
	return false
}

// QueryPolygon reads a geoPolygon `points` parameter: a GeoJSON Polygon or
// MultiPolygon (exact type names), or an array of geo points (each parsed
// strictly, at least three, closed automatically). Any other value gives
// "Invalid points parameter, it must either be a geoShape or be an array of
// geo-points".
func QueryPolygon(v any) (Shape, error) {
	if IsGeoShapePolygon(v) || IsGeoShapeMultiPolygon(v) {
		return ParseGeoJSON(v)
	}
	a, ok := v.([]any)
	if !ok {
		return Shape{}, ErrPointsParam
	}
	pts := make([]Point, len(a))
	for i, e := range a {
		p, err := ParsePointStrict(e)
		if err != nil {
			return Shape{}, err
		}
		pts[i] = p
	}
	return PolygonFromPoints(pts)
}
