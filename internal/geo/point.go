package geo

import (
	"errors"
	"fmt"
	"strings"
)

// Point is a geo point in degrees. It implements Object ("lat", "lon") and
// marshals to {"lat":…,"lon":…} so it can be stored back into a record.
type Point struct{ Lat, Lon float64 }

// Get implements Object.
func (p Point) Get(key string) (any, bool) {
	switch key {
	case "lat":
		return p.Lat, true
	case "lon":
		return p.Lon, true
	}
	return nil, false
}

// MarshalJSON writes {"lat":…,"lon":…} with JavaScript number formatting.
func (p Point) MarshalJSON() ([]byte, error) {
	return []byte(`{"lat":` + formatNumber(p.Lat) + `,"lon":` + formatNumber(p.Lon) + `}`), nil
}

// ParsePoint is geo-utils parseGeoPoint(v, false): a "lat,lon" string (split
// on commas, blank and non-numeric parts dropped, the first two numbers
// used), a geohash (a string without a comma), an object {lat,lon} or
// {latitude,longitude} with numbers or numeric strings, a GeoJSON Point
// {type:"Point"|"point", coordinates:[lon,lat]}, or a [lon,lat] array.
// There are no range checks. Callers that must not accept a bare [lon,lat]
// tuple (xLucene record values, rule-level validators) expand arrays
// element by element before calling.
func ParsePoint(v any) (Point, bool) {
	p, _, err := parsePoint(v, false)
	return p, err == nil
}

// ParsePointStrict is parseGeoPoint(v) (throwInvalid): the error carries the
// original message, e.g. "Invalid geo point given to parse, got abc (String)".
func ParsePointStrict(v any) (Point, error) {
	p, _, err := parsePoint(v, true)
	return p, err
}

var (
	errNotPoint = errors.New("invalid geo point")
	errKeys     = errors.New("Invalid geo point object, it must contain keys lat,lon or latitude/longitude")
	errNumbers  = errors.New("Invalid geo point, lat and lon must be numbers")
)

// parsePoint returns the point and, when v is a {lat,lon} object with
// number values, that object (data-mate returns it unchanged).
func parsePoint(v any, strict bool) (Point, Object, error) {
	switch x := v.(type) {
	case string:
		if p, ok := parsePointString(x); ok {
			return p, nil, nil
		}
	case []any:
		if lon, lat, ok := firstTwo(x); ok {
			return Point{Lat: lat, Lon: lon}, nil, nil
		}
	default:
		if obj, ok := asObject(v); ok {
			return pointFromObject(obj, strict)
		}
	}
	if !strict {
		return Point{}, nil, errNotPoint
	}
	return Point{}, nil, fmt.Errorf("Invalid geo point given to parse, got %s (%s)", jsString(v), typeOf(v))
}

func parsePointString(s string) (Point, bool) {
	if strings.IndexByte(s, ',') < 0 {
		return decodeGeohash(s)
	}
	var n [2]float64
	c, start := 0, 0
	for i := 0; i <= len(s) && c < 2; i++ {
		if i < len(s) && s[i] != ',' {
			continue
		}
		if f, ok := listNumber(s[start:i]); ok {
			n[c], c = f, c+1
		}
		start = i + 1
	}
	return Point{Lat: n[0], Lon: n[1]}, c == 2
}

// listNumber is one item of core-utils parseNumberList on a string.
func listNumber(s string) (float64, bool) {
	s = trimJS(s)
	if s == "" {
		return 0, false
	}
	f := trimmedToNumber(s)
	return f, f == f
}

// firstTwo is parseNumberList on an array: nil and blank strings dropped,
// Number() applied, NaN dropped; the first two numbers are returned.
func firstTwo(a []any) (float64, float64, bool) {
	var n [2]float64
	c := 0
	for _, e := range a {
		if s, ok := e.(string); (ok && trimJS(s) == "") || e == nil {
			continue
		}
		if f := toNumber(e); f == f {
			n[c] = f
			if c++; c == 2 {
				return n[0], n[1], true
			}
		}
	}
	return 0, 0, false
}

// typeOf is core-utils getTypeOf for JSON values.
func typeOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "String"
	case float64:
		return "Number"
	case bool:
		return "Boolean"
	case []any:
		return "Array"
	}
	return "Object"
}
