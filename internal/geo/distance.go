package geo

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// EarthRadius is turf's earth radius in metres.
const EarthRadius = 6371008.8

// earthRadius is a variable so the factors below are computed in float64
// arithmetic exactly as turf does (R / 1852, not the exact quotient).
var earthRadius = EarthRadius

// distanceFactors maps the xLucene / Elasticsearch unit names
// (@terascope/types GEO_DISTANCE_UNITS) to turf length factors (units per
// radian). "in"/"inch" use turf's "inches".
var distanceFactors = func() map[string]float64 {
	f := map[string]float64{}
	add := func(v float64, names ...string) {
		for _, n := range names {
			f[n] = v
		}
	}
	add(earthRadius/1609.344, "mi", "miles", "mile")
	add(earthRadius/1852, "NM", "nmi", "nauticalmile", "nauticalmiles")
	add(earthRadius*39.37, "in", "inch", "inches")
	add(earthRadius*1.0936, "yd", "yard", "yards")
	add(earthRadius, "m", "meter", "meters")
	add(earthRadius/1000, "km", "kilometer", "kilometers")
	add(earthRadius*1000, "mm", "millimeter", "millimeters")
	add(earthRadius*100, "cm", "centimeter", "centimeters")
	add(earthRadius*3.28084, "ft", "feet")
	return f
}()

// ParseDistance is geo-utils parseGeoDistance + conversion to metres (turf
// convertLength). The trimmed input must match /(\d+)(.*)$/: an integer then
// a unit (surrounding spaces allowed), e.g. "5000m", "5km", "100 km".
// Errors: "Incorrect geo distance parameter provided: <s>" when there are no
// digits, "Incorrect distance unit provided: <rest>" for an unknown unit
// (so "5.5km" reports ".5km" and "5000" reports "").
func ParseDistance(s string) (float64, error) {
	t := trimJS(s)
	start := strings.LastIndexAny(t, "\n\r\u2028\u2029") + 1
	i := strings.IndexAny(t[start:], "0123456789")
	if i < 0 {
		return 0, errors.New("Incorrect geo distance parameter provided: " + s)
	}
	i += start
	j, _ := skipDigits(t, i)
	rest := t[j:]
	factor, ok := distanceFactors[trimJS(rest)]
	if !ok {
		return 0, errors.New("Incorrect distance unit provided: " + rest)
	}
	n, _ := strconv.ParseFloat(t[i:j], 64)
	return n / factor * EarthRadius, nil
}

// Circle is turf circle(center, meters, {steps}) built with turf destination
// (spherical, earth radius 6371008.8 m): steps vertices at bearings
// i*-360/steps, closed. steps <= 0 means 64.
func Circle(center Point, meters float64, steps int) Polygon {
	if steps <= 0 {
		steps = 64
	}
	radians := meters / EarthRadius
	ring := make(Ring, 0, steps+1)
	for i := 0; i < steps; i++ {
		ring = append(ring, destination(center, radians, float64(i)*-360/float64(steps)))
	}
	return Polygon{append(ring, ring[0])}
}

// destination is turf destination with the distance already in radians.
func destination(o Point, r, bearing float64) Point {
	lon1, lat1, b := toRadians(o.Lon), toRadians(o.Lat), toRadians(bearing)
	sinLat1, cosLat1, sinR, cosR := math.Sin(lat1), math.Cos(lat1), math.Sin(r), math.Cos(r)
	lat2 := math.Asin(float64(sinLat1*cosR) + float64(float64(cosLat1*sinR)*math.Cos(b)))
	y := float64(float64(math.Sin(b)*sinR) * cosLat1)
	lon2 := lon1 + math.Atan2(y, cosR-float64(sinLat1*math.Sin(lat2)))
	return Point{Lat: toDegrees(lat2), Lon: toDegrees(lon2)}
}

func toRadians(d float64) float64 { return float64(math.Mod(d, 360)*math.Pi) / 180 }

func toDegrees(r float64) float64 { return float64(math.Mod(r, 2*math.Pi)*180) / math.Pi }

// DistanceQuery is geoPointWithinRange: a point is inside the turf circle
// polygon around the centre (boundary inclusive).
type DistanceQuery struct {
	circle Polygon
	box    bbox
}

// NewDistanceQuery builds the 64-step circle once.
func NewDistanceQuery(center Point, meters float64) *DistanceQuery {
	c := Circle(center, meters, 64)
	return &DistanceQuery{circle: c, box: polygonBBox(c)}
}

// Polygon returns the circle polygon.
func (q *DistanceQuery) Polygon() Polygon { return q.circle }

// Contains reports whether p lies in the circle polygon.
func (q *DistanceQuery) Contains(p Point) bool {
	return q.box.has(p) && pipRings(p, q.circle) != outside
}

// MatchValue parses a record value with ParsePoint and tests it.
func (q *DistanceQuery) MatchValue(v any) bool {
	p, ok := ParsePoint(v)
	return ok && q.Contains(p)
}
