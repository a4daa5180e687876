package geo

import (
	"encoding/json"
	"testing"
)

// Expectations produced by running geo-utils parseGeoPoint on Node.
func TestParsePoint(t *testing.T) {
	cases := []struct {
		in   string // JSON
		ok   bool
		want Point
	}{
		{`"dr5regw"`, true, Point{40.7133, -74.006}},
		{`"9tbqnqu6tkj8"`, true, Point{33.43596705, -111.86770996}},
		{`"u120fxw"`, true, Point{52.205, 0.1188}},
		{`"DR5REGW"`, true, Point{40.7133, -74.006}},
		{`"s"`, true, Point{23, 23}},
		{`"ezs42"`, true, Point{42.605, -5.603}},
		{`"\u212a"`, true, Point{-23, 23}},
		{`"1"`, true, Point{-68, -113}},
		{`"hello"`, false, Point{}},
		{`"asdop234"`, false, Point{}},
		{`""`, false, Point{}},
		{`"1,2,3"`, true, Point{1, 2}},
		{`" 60 ,, x, 80 "`, true, Point{60, 80}},
		{`"60,"`, false, Point{}},
		{`"0x10,1e1"`, true, Point{16, 10}},
		{`"91,200"`, true, Point{91, 200}},
		{`{"lat":null,"lon":null}`, true, Point{0, 0}},
		{`{"lat":"","lon":true}`, true, Point{0, 1}},
		{`{"lat":[5],"lon":["6"]}`, true, Point{5, 6}},
		{`{"lat":5}`, false, Point{}},
		{`{"latitude":"1","longitude":2}`, true, Point{1, 2}},
		{`{"type":"Point","coordinates":["1","2"]}`, true, Point{2, 1}},
		{`{"type":"point","coordinates":[1,2]}`, true, Point{2, 1}},
		{`{"type":"POINT","coordinates":[1,2]}`, false, Point{}},
		{`{"type":"Point","coordinates":[1]}`, false, Point{}},
		{`[null," ","7","8"]`, true, Point{8, 7}},
		{`[1]`, false, Point{}},
		{`5`, false, Point{}},
		{`null`, false, Point{}},
		{`true`, false, Point{}},
	}
	for _, c := range cases {
		p, ok := ParsePoint(decodeJSON(t, c.in))
		if ok != c.ok || (ok && p != c.want) {
			t.Errorf("ParsePoint(%s) = %v, %v; want %v, %v", c.in, p, ok, c.want, c.ok)
		}
	}
}

func TestParsePointStrictErrors(t *testing.T) {
	cases := []struct{ in, err string }{
		{`{"lat":null,"lon":5}`, "Invalid geo point object, it must contain keys lat,lon or latitude/longitude"},
		{`{"a":1}`, "Invalid geo point object, it must contain keys lat,lon or latitude/longitude"},
		{`{"type":"Polygon","coordinates":[]}`, "Expected a Point geo shape, received a geo Polygon shape, you may need to switch to a polygon compatible operation"},
		{`{"lat":"x","lon":5}`, "Invalid geo point, lat and lon must be numbers"},
		{`[1]`, "Invalid geo point given to parse, got 1 (Array)"},
		{`5`, "Invalid geo point given to parse, got 5 (Number)"},
		{`true`, "Invalid geo point given to parse, got true (Boolean)"},
		{`"60,"`, "Invalid geo point given to parse, got 60, (String)"},
	}
	for _, c := range cases {
		_, err := ParsePointStrict(decodeJSON(t, c.in))
		if err == nil || err.Error() != c.err {
			t.Errorf("ParsePointStrict(%s) err = %v, want %q", c.in, err, c.err)
		}
	}
}

type testObj map[string]any

func (o testObj) Get(k string) (any, bool) {
	v, ok := o[k]
	return v, ok
}

func TestParsePointObjectInterface(t *testing.T) {
	p, ok := ParsePoint(testObj{"lat": "33.435967", "lon": "-111.867710"})
	if !ok || p != (Point{33.435967, -111.86771}) {
		t.Errorf("ParsePoint(Object) = %v %v", p, ok)
	}
	if p, ok := ParsePoint(Point{1, 2}); !ok || p != (Point{1, 2}) {
		t.Errorf("ParsePoint(Point) = %v %v", p, ok)
	}
}

func TestToGeoPointValues(t *testing.T) {
	obj := testObj{"lat": 1.0, "lon": 2.0, "x": 3.0}
	got, err := ToGeoPoint(obj)
	if err != nil || got.(testObj)["x"] != 3.0 {
		t.Errorf("numeric {lat,lon} must be returned as-is: %v %v", got, err)
	}
	cases := []struct{ in, want, err string }{
		{`[1,2]`, `{"lat":2,"lon":1}`, ""},
		{`{"lat":"1","lon":2,"x":3}`, `{"lat":1,"lon":2}`, ""},
		{`[1,"2"]`, "", "Invalid geo point given to parse, got 1 (Number)"},
		{`["1,2","bad"]`, "", "Invalid geo point given to parse, got bad (String)"},
		{`[null]`, `[]`, ""},
		{`null`, `null`, ""},
	}
	for _, c := range cases {
		got, err := ToGeoPoint(decodeJSON(t, c.in))
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("ToGeoPoint(%s) err = %v", c.in, err)
			}
			continue
		}
		b, _ := json.Marshal(got)
		if err != nil || string(b) != c.want {
			t.Errorf("ToGeoPoint(%s) = %s, %v; want %s", c.in, b, err, c.want)
		}
	}
}

func TestPointJSON(t *testing.T) {
	b, _ := json.Marshal(Point{Lat: 1e21, Lon: -0.5})
	if string(b) != `{"lat":1e+21,"lon":-0.5}` {
		t.Errorf("Point JSON = %s", b)
	}
}

func TestValidGeolocationEdges(t *testing.T) {
	cases := []struct {
		in   string
		want bool
	}{
		{`{"lat":"0","lon":"5"}`, true}, {`{"lat":0,"lon":5}`, false},
		{`{"lat":0,"latitude":5,"lon":5}`, true}, {`{"lat":[5],"lon":true}`, true},
		{`{"lat":" ","lon":"1"}`, true}, {`{"lat":91,"lon":5}`, false},
		{`"1,2,3"`, false}, {`"Infinity,1"`, true}, {`[1,2]`, false}, {`null`, false},
		{`{"lat":{"a":1},"lon":1}`, false}, {`{"latitude":-90,"longitude":180}`, true},
	}
	for _, c := range cases {
		if got := ValidGeolocation(decodeJSON(t, c.in)); got != c.want {
			t.Errorf("ValidGeolocation(%s) = %v", c.in, got)
		}
	}
}

func TestGeoJSONChecks(t *testing.T) {
	cases := []struct {
		in                    string
		json, pt, poly, mpoly bool
	}{
		{`{"type":"POINT","coordinates":[1,2]}`, true, false, false, false},
		{`{"type":"multiPolygon","coordinates":[]}`, true, false, false, false},
		{`{"type":"multipolygon","coordinates":[]}`, true, false, false, true},
		{`{"type":"Polygon","coordinates":{}}`, false, false, false, false},
		{`{"type":"LineString","coordinates":[]}`, false, false, false, false},
		{`{"type":"PO\u0130NT","coordinates":[]}`, false, false, false, false},
		{`{"type":5,"coordinates":[]}`, false, false, false, false},
	}
	for _, c := range cases {
		v := decodeJSON(t, c.in)
		if IsGeoJSON(v) != c.json || IsGeoShapePoint(v) != c.pt || IsGeoShapePolygon(v) != c.poly || IsGeoShapeMultiPolygon(v) != c.mpoly {
			t.Errorf("%s: %v %v %v %v", c.in, IsGeoJSON(v), IsGeoShapePoint(v), IsGeoShapePolygon(v), IsGeoShapeMultiPolygon(v))
		}
	}
}
