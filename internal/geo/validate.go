package geo

// IsGeoPoint is geo-utils isGeoPoint: ParsePoint succeeds.
func IsGeoPoint(v any) bool {
	_, ok := ParsePoint(v)
	return ok
}

// geoJSONType returns the "type" of a GeoJSON-looking object: a plain
// object with an array "coordinates" and a string "type" that lower-cases to
// point, polygon or multipolygon.
func geoJSONType(v any) (string, bool) {
	obj, ok := asObject(v)
	if !ok {
		return "", false
	}
	if c, _ := obj.Get("coordinates"); !isArray(c) {
		return "", false
	}
	t, _ := obj.Get("type")
	s, ok := t.(string)
	return s, ok && isShapeTypeName(s)
}

func isArray(v any) bool {
	_, ok := v.([]any)
	return ok
}

// isShapeTypeName compares JS toLowerCase(s) with the GeoShapeType names;
// no non-ASCII character lower-cases into these ASCII names.
func isShapeTypeName(s string) bool {
	switch len(s) {
	case 5, 7, 12:
	default:
		return false
	}
	var b [12]byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	l := string(b[:len(s)])
	return l == "point" || l == "polygon" || l == "multipolygon"
}

// IsGeoJSON is geo-utils isGeoJSON (type compared case-insensitively).
func IsGeoJSON(v any) bool {
	_, ok := geoJSONType(v)
	return ok
}

// IsGeoShapePoint is isGeoJSON with type exactly "Point" or "point".
func IsGeoShapePoint(v any) bool {
	t, ok := geoJSONType(v)
	return ok && (t == "Point" || t == "point")
}

// IsGeoShapePolygon is isGeoJSON with type exactly "Polygon" or "polygon".
func IsGeoShapePolygon(v any) bool {
	t, ok := geoJSONType(v)
	return ok && (t == "Polygon" || t == "polygon")
}

// IsGeoShapeMultiPolygon is isGeoJSON with type "MultiPolygon" or "multipolygon".
func IsGeoShapeMultiPolygon(v any) bool {
	t, ok := geoJSONType(v)
	return ok && (t == "MultiPolygon" || t == "multipolygon")
}

// ValidGeolocation is the validate step of the ts-transforms `geolocation`
// built-in. A string is valid when parseNumberList yields exactly two
// numbers (the original range test is always true). An object is valid when
// lat||latitude and lon||longitude are both truthy (so 0 fails) and, as JS
// numbers, -90 <= lat <= 90 and -180 <= lon <= 180. Everything else is
// invalid. Note: for nil the original throws (null.lat), which the rule
// wrapper turns into removal of the whole array when nil is an element.
func ValidGeolocation(v any) bool {
	if s, ok := v.(string); ok {
		return countNumbers(s) == 2
	}
	obj, ok := asObject(v)
	if !ok {
		return false
	}
	lat, latOK := either(obj, "lat", "latitude")
	lon, lonOK := either(obj, "lon", "longitude")
	if !truthy(lat, latOK) || !truthy(lon, lonOK) {
		return false
	}
	la, lo := toNumber(lat), toNumber(lon)
	return la <= 90 && la >= -90 && lo <= 180 && lo >= -180
}

// either is `obj[a] || obj[b]`.
func either(obj Object, a, b string) (any, bool) {
	if v, ok := obj.Get(a); truthy(v, ok) {
		return v, ok
	}
	return obj.Get(b)
}

// countNumbers is len(parseNumberList(s)).
func countNumbers(s string) int {
	n := 0
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			if _, ok := listNumber(s[start:i]); ok {
				n++
			}
			start = i + 1
		}
	}
	return n
}

// ToGeoPoint is data-mate toGeoPoint: nil gives nil; an array that is not a
// [number, number] tuple is mapped element by element (nil elements
// dropped); anything else is parsed strictly. A {lat,lon} object with number
// values is returned unchanged (the same value, extra keys included);
// otherwise the result is a Point. Any unparsable element is an error.
func ToGeoPoint(v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	if a, ok := v.([]any); ok && !isNumberTuple(a) {
		out := make([]any, 0, len(a))
		for _, e := range a {
			if e == nil {
				continue
			}
			p, err := toGeoPoint1(e)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
		return out, nil
	}
	return toGeoPoint1(v)
}

func toGeoPoint1(v any) (any, error) {
	p, same, err := parsePoint(v, true)
	if err != nil {
		return nil, err
	}
	if same != nil {
		return v, nil
	}
	return p, nil
}

func isNumberTuple(a []any) bool {
	if len(a) != 2 {
		return false
	}
	x, ok1 := a[0].(float64)
	y, ok2 := a[1].(float64)
	return ok1 && ok2 && x == x && y == y
}
