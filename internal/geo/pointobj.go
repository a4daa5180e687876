package geo

import (
	"fmt"
	"math"
)

var nan = math.NaN()

// pointFromObject is geo-utils getLonAndLat.
func pointFromObject(obj Object, strict bool) (Point, Object, error) {
	lat, latOK := obj.Get("lat")
	lon, lonOK := obj.Get("lon")
	if latOK && lonOK {
		la, ok1 := lat.(float64)
		lo, ok2 := lon.(float64)
		if ok1 && ok2 && la == la && lo == lo {
			return Point{Lat: la, Lon: lo}, obj, nil
		}
	} else {
		lat, latOK, lon, lonOK = otherLatLon(obj)
	}
	if strict && (lat == nil || lon == nil) {
		return Point{}, nil, missingLatLon(obj)
	}
	la, lo := numberOrNaN(lat, latOK), numberOrNaN(lon, lonOK)
	if la != la || lo != lo {
		if strict {
			return Point{}, nil, errNumbers
		}
		return Point{}, nil, errNotPoint
	}
	return Point{Lat: la, Lon: lo}, nil, nil
}

// otherLatLon reads {latitude, longitude} or GeoJSON point coordinates.
func otherLatLon(obj Object) (lat any, latOK bool, lon any, lonOK bool) {
	la, ok1 := obj.Get("latitude")
	lo, ok2 := obj.Get("longitude")
	if ok1 && ok2 {
		return la, true, lo, true
	}
	if !IsGeoShapePoint(obj) {
		return nil, false, nil, false
	}
	c, _ := obj.Get("coordinates")
	coords := c.([]any)
	if len(coords) > 0 {
		lon, lonOK = coords[0], true
	}
	if len(coords) > 1 {
		lat, latOK = coords[1], true
	}
	return lat, latOK, lon, lonOK
}

// numberOrNaN is core-utils toNumber; an absent value (undefined) is NaN.
func numberOrNaN(v any, present bool) float64 {
	if !present {
		return nan
	}
	return toNumber(v)
}

func missingLatLon(obj Object) error {
	if IsGeoShapePolygon(obj) || IsGeoShapeMultiPolygon(obj) {
		t, _ := obj.Get("type")
		return fmt.Errorf("Expected a Point geo shape, received a geo %v shape, you may need to switch to a polygon compatible operation", t)
	}
	return errKeys
}
