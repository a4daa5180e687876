package geo

import (
	"encoding/json"
	"testing"
)

// Geo leaves of lang/selector/testdata/cases.ndjson (and xlucene.md
// appendix B, id 0), with the function params read by hand and evaluated
// through this package. rec is the record's field value as JSON ("" when the
// field is missing); arrays are expanded element by element like xLucene.
type geoCase struct {
	id   int
	fn   string // distance, box, polygon, containsPoint
	a, b string // JSON params: point+distance, top_left+bottom_right, points+relation
	rec  string
	want bool
}

const (
	phxPoint = `"33.435518,-111.873616"`
	boxTL    = `" 33.906320,  -112.758421"`
	boxBR    = `"32.813646,-111.058902"`
	tri      = `["70.43,140.43", "81.3,123.4", "89.3,154.4"]`
	sq       = `["10,10", "10,50", "50,50", "50,10", "10,10"]`
	polyBig  = `{"type": "Polygon", "coordinates": [[[0, 0], [100, 0], [100, 60], [0, 60], [0, 0]]]}`
	polyNeg  = `{"type": "Polygon", "coordinates": [[[-10, -10], [-10, -50], [-50, -50], [-50, -10], [-10, -10]]]}`
	polyLow  = `{"type": "Polygon", "coordinates": [[[0, 0], [0, 15], [15, 15], [15, 0], [0, 0]]]}`
	polyIn   = `{"type": "Polygon", "coordinates": [[[20, 20], [20, 30], [30, 30], [30, 20], [20, 20]]]}`
	pt15     = `{"type": "Point", "coordinates": [15, 15]}`
	ptM30    = `{"type": "Point", "coordinates": [-30, -30]}`
	ptM80    = `{"type": "Point", "coordinates": [-80, -80]}`
	multiIn  = `{"type": "MultiPolygon", "coordinates": [[[[10, 10], [10, 20], [20, 20], [20, 10], [10, 10]]], [[[30, 30], [30, 40], [40, 40], [40, 30], [30, 30]]]]}`
	multiOut = `{"type": "MultiPolygon", "coordinates": [[[[10, 10], [10, 50], [50, 50], [50, 10], [10, 10]]], [[[-10, -10], [-10, -50], [-50, -50], [-50, -10], [-10, -10]]]]}`
	multiH   = `{"type": "MultiPolygon", "coordinates": [[[[10, 10], [10, 50], [50, 50], [50, 10], [10, 10]], [[20, 20], [20, 40], [40, 40], [40, 20], [20, 20]]], [[[-10, -10], [-10, -50], [-50, -50], [-50, -10], [-10, -10]], [[-20, -20], [-20, -40], [-40, -40], [-40, -20], [-20, -20]]]]}`
	polySq   = `{"type": "Polygon", "coordinates": [[[10, 10], [10, 50], [50, 50], [50, 10], [10, 10]]]}`
	polySqH  = `{"type": "Polygon", "coordinates": [[[10, 10], [10, 50], [50, 50], [50, 10], [10, 10]], [[20, 20], [20, 40], [40, 40], [40, 20], [20, 20]]]}`
)

var geoCases = []geoCase{
	{536, "distance", phxPoint, `"5000m"`, `"33.435967,-111.867710"`, true},
	{537, "distance", phxPoint, `"5000m"`, `"22.435967,-150.867710"`, false},
	{642, "distance", phxPoint, `"5000m"`, `"33.435967,-111.867710"`, true},
	{0, "distance", phxPoint, `"5000m"`, `{"lat":33.435967,"lon":-111.86771}`, true},
	{0, "distance", phxPoint, `"5000m"`, `{"lat":"33.435967","lon":"-111.867710"}`, true},
	{0, "distance", phxPoint, `"5000m"`, `[-111.86771,33.435967]`, false},
	{0, "distance", phxPoint, `"5000m"`, `{"type":"Point","coordinates":[-111.86771,33.435967]}`, true},
	{0, "distance", phxPoint, `"5000m"`, `"9tbqnqu6tkj8"`, true},
	{0, "distance", `"0,0"`, `"100km"`, `"0,0.89"`, true},
	{0, "distance", `"0,0"`, `"100km"`, `"0,0.91"`, false},
	{0, "distance", `"0,0"`, `"1km"`, `"0,0"`, true},
	{539, "box", boxTL, boxBR, `"22.435967,-150.867710"`, false},
	{542, "box", boxTL, boxBR, `null`, false},
	{543, "box", boxTL, boxBR, `{"some": "data"}`, false},
	{544, "box", boxTL, boxBR, `[1234, 4234234, 223]`, false},
	{545, "box", boxTL, boxBR, `"asdop234"`, false},
	{546, "box", boxTL, boxBR, `1233.435967`, false},
	{547, "box", boxTL, boxBR, ``, false},
	{548, "box", boxTL, boxBR, `{"lat": "33.435967", "lon": "-111.867710"}`, true},
	{549, "box", boxTL, boxBR, `{"latitude": "33.435967", "longitude": "-111.867710"}`, true},
	{550, "box", boxTL, boxBR, `["33.435967, -111.867710"]`, true},
	{551, "box", boxTL, boxBR, `"9tbqnqu6tkj8"`, true},
	{636, "box", `"33.906320,-112.758421"`, boxBR, `"33,-112"`, true},
	{637, "box", `"33.906320,-112.758421"`, boxBR, `"20,100"`, false},
	{638, "box", `"33.906320,-112.758421"`, `{"lat": 32.813646, "lon": -111.058902}`, `"33,-112"`, true},
	{639, "box", `"33.906320,-112.758421"`, `{"lat": 32.813646, "lon": -111.058902}`, `"20,100"`, false},
	{640, "box", `[-112.758421, 33.90632]`, `{"type": "Point", "coordinates": [-111.058902, 32.813646]}`, `"33,-112"`, true},
	{0, "box", `"10,0"`, `"0,10"`, `"5,5"`, true},
	{0, "box", `"10,0"`, `"0,10"`, `"10,0"`, true},
	{0, "box", `"10,0"`, `"0,10"`, `"11,5"`, false},
	{540, "polygon", tri, ``, `"83.435967,144.867710"`, true},
	{541, "polygon", tri, ``, `"-22.435967,-150.867710"`, false},
	{654, "polygon", tri, ``, `"83.435967,144.867710"`, true},
	{655, "polygon", tri, ``, `"-22.435967,-150.867710"`, false},
	{658, "polygon", tri, `intersects`, `"83.435967,144.867710"`, true},
	{659, "polygon", tri, `intersects`, `"-22.435967,-150.867710"`, false},
	{660, "polygon", tri, `disjoint`, `"83.435967,144.867710"`, false},
	{661, "polygon", tri, `disjoint`, `"-22.435967,-150.867710"`, true},
	{0, "polygon", `["0,0","0,10","10,10","10,0"]`, ``, `"5,5"`, true},
	{0, "polygon", `["0,0","0,10","10,10","10,0"]`, ``, `"15,5"`, false},
	{662, "polygon", sq, `within`, `"some stuff"`, false},
	{663, "polygon", sq, `within`, polyBig, false},
	{665, "polygon", sq, `within`, polyLow, false},
	{666, "polygon", sq, `within`, polyIn, true},
	{667, "polygon", sq, `within`, pt15, true},
	{668, "polygon", sq, `within`, ptM30, false},
	{669, "polygon", sq, `within`, ptM80, false},
	{670, "polygon", sq, `within`, multiIn, true},
	{671, "polygon", sq, `within`, multiOut, false},
	{672, "polygon", sq, `within`, multiH, false},
	{674, "polygon", sq, `contains`, polyNeg, false},
	{676, "polygon", sq, `contains`, polyIn, false},
	{679, "polygon", sq, `contains`, ptM80, false},
	{680, "polygon", sq, `contains`, multiIn, false},
	{681, "polygon", sq, `contains`, multiOut, true},
	{682, "polygon", sq, `intersects`, polyBig, true},
	{683, "polygon", sq, `intersects`, polyNeg, false},
	{684, "polygon", sq, `intersects`, polyLow, true},
	{685, "polygon", sq, `intersects`, polyIn, true},
	{686, "polygon", sq, `intersects`, pt15, true},
	{687, "polygon", sq, `intersects`, ptM30, false},
	{688, "polygon", sq, `intersects`, ptM80, false},
	{689, "polygon", sq, `intersects`, multiIn, true},
	{690, "polygon", sq, `intersects`, multiOut, true},
	{691, "polygon", sq, `disjoint`, polyBig, false},
	{692, "polygon", sq, `disjoint`, polyNeg, true},
	{693, "polygon", sq, `disjoint`, polyLow, false},
	{694, "polygon", sq, `disjoint`, polyIn, false},
	{696, "polygon", sq, `disjoint`, ptM30, true},
	{697, "polygon", sq, `disjoint`, ptM80, true},
	{698, "polygon", sq, `disjoint`, multiIn, false},
	{699, "polygon", sq, `disjoint`, multiOut, false},
	{646, "containsPoint", `"15, 15"`, ``, polySq, true},
	{648, "containsPoint", `"15, 15"`, ``, polySqH, true},
	{649, "containsPoint", `"15, 15"`, ``, multiOut, true},
	{650, "containsPoint", `"15, 15"`, ``, pt15, true},
	{652, "containsPoint", pt15, ``, pt15, true},
	{653, "containsPoint", pt15, ``, ptM30, false},
	{0, "containsPoint", `"30, 30"`, ``, polySqH, false}, // inside the hole
	{0, "containsPoint", `"20, 30"`, ``, polySqH, true},  // on the hole's edge
	{0, "containsPoint", `"10, 30"`, ``, polySq, false},  // on the outer edge
}

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("bad JSON %s: %v", s, err)
	}
	return v
}

// buildMatcher mirrors the xLucene function constructors on top of geo.
func buildMatcher(t *testing.T, c geoCase) func(any) bool {
	t.Helper()
	switch c.fn {
	case "distance":
		p, err := ParsePointStrict(decodeJSON(t, c.a))
		m, err2 := ParseDistance(decodeJSON(t, c.b).(string))
		if err != nil || err2 != nil {
			t.Fatalf("case %d: %v %v", c.id, err, err2)
		}
		return NewDistanceQuery(p, m).MatchValue
	case "box":
		tl, err1 := ParsePointStrict(decodeJSON(t, c.a))
		br, err2 := ParsePointStrict(decodeJSON(t, c.b))
		b, err3 := NewBox(tl, br)
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("case %d: %v %v %v", c.id, err1, err2, err3)
		}
		return b.MatchValue
	case "containsPoint":
		p, err := ParsePointStrict(decodeJSON(t, c.a))
		if err != nil {
			t.Fatalf("case %d: %v", c.id, err)
		}
		return NewContainsPointQuery(p).MatchValue
	}
	return polygonMatcher(t, c)
}

func polygonMatcher(t *testing.T, c geoCase) func(any) bool {
	shape, err := QueryPolygon(decodeJSON(t, c.a))
	if err != nil {
		t.Fatalf("case %d: %v", c.id, err)
	}
	rel := Within
	if c.b != "" {
		if rel, err = ParseRelation(c.b); err != nil {
			t.Fatal(err)
		}
	}
	return NewShapeQuery(shape, rel).MatchValue
}

func TestSelectorGeoCases(t *testing.T) {
	for _, c := range geoCases {
		match := buildMatcher(t, c)
		got := false
		if c.rec != "" {
			rec := decodeJSON(t, c.rec)
			if arr, ok := rec.([]any); ok {
				for _, e := range arr {
					got = got || match(e)
				}
			} else if rec != nil {
				got = match(rec)
			}
		}
		if got != c.want {
			t.Errorf("case %d %s(%s, %s) on %s = %v, want %v", c.id, c.fn, c.a, c.b, c.rec, got, c.want)
		}
	}
}

func TestSelectorGeoBuildErrors(t *testing.T) {
	if _, err := ParseDistance("5.5km"); err == nil || err.Error() != "Incorrect distance unit provided: .5km" {
		t.Errorf("5.5km: %v", err)
	}
	if _, err := ParseDistance("5000"); err == nil || err.Error() != "Incorrect distance unit provided: " {
		t.Errorf("5000: %v", err)
	}
	if _, err := NewBox(Point{Lat: 0, Lon: 10}, Point{Lat: 10, Lon: 0}); err == nil ||
		err.Error() != "top_left latitude (0) must be greater than bottom_right latitude (10)" {
		t.Errorf("box: %v", err)
	}
	if _, err := QueryPolygon(decodeJSON(t, `["0,0","0,10"]`)); err != ErrTooFewPoints {
		t.Errorf("two points: %v", err)
	}
	if _, err := ParsePointStrict("abc"); err == nil || err.Error() != "Invalid geo point given to parse, got abc (String)" {
		t.Errorf("abc: %v", err)
	}
	if _, err := ParseRelation("x"); err == nil || err.Error() != `Invalid relation value "x"` {
		t.Errorf("relation: %v", err)
	}
	// case 728: a holed query polygon makes disjoint invalid on geo-points.
	holed, _ := QueryPolygon(decodeJSON(t, polySqH))
	if !holed.HasHoles() {
		t.Error("case 728: HasHoles = false")
	}
}
