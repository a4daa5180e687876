package geo

import "testing"

func TestToShape(t *testing.T) {
	cases := []struct {
		in   string
		ok   bool
		kind Kind
	}{
		{`"1,2"`, true, KindPoint},
		{`{"lat":1,"lon":2}`, true, KindPoint},
		{`["0,0","0,10","10,10"]`, true, KindPolygon},
		{`["0,0","0,10","0,0"]`, false, 0},  // closes to 3 positions
		{`["0,0","0,10"]`, false, 0},        // too few points
		{`[1, 2, 3]`, true, KindPoint},      // parseGeoPoint: [lon, lat]
		{`["1,2", "bad", "3,4"]`, false, 0}, // strict parse fails
		{`{"type":"POINT","coordinates":[1,2]}`, false, 0},
		{`{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}`, true, KindPolygon},
		{`{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,0]]]}`, false, 0},
		{`{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}`, false, 0},
		{`{"type":"Polygon","coordinates":[[[0,0,1],[1,0],[1,1],[0,0]]]}`, false, 0},
		{`{"type":"Polygon","coordinates":[]}`, false, 0},
		{`{"type":"Polygon","coordinates":[[["0",0],[1,0],[1,1],["0",0]]]}`, false, 0},
		{`{"type":"multipolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]}`, true, KindMultiPolygon},
		{`{"type":"Point","coordinates":[1,2,3]}`, true, KindPoint},
		{`"not a point"`, false, 0},
	}
	for _, c := range cases {
		s, ok := ToShape(decodeJSON(t, c.in))
		if ok != c.ok || (ok && s.Kind != c.kind) {
			t.Errorf("ToShape(%s) = %v %v", c.in, s.Kind, ok)
		}
	}
}

func TestHasHoles(t *testing.T) {
	cases := []struct {
		in   string
		want bool
	}{
		{polySqH, true}, {polySq, false}, {pt15, false}, {multiH, true},
		// only the first part of a MultiPolygon is looked at (polyHasHoles)
		{`{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],` +
			`[[[0,0],[9,0],[9,9],[0,0]],[[1,1],[2,1],[2,2],[1,1]]]]}`, false},
	}
	for _, c := range cases {
		s, _ := ToShape(decodeJSON(t, c.in))
		if s.HasHoles() != c.want {
			t.Errorf("HasHoles(%s) = %v", c.in, !c.want)
		}
	}
}

// Relation cases checked against geo-utils + turf 7.3.4 on Node.
func TestRelationsEdges(t *testing.T) {
	holedQ := `{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[4,4],[6,4],[6,6],[4,6],[4,4]]]}`
	sameHole := `{"type":"Polygon","coordinates":[[[1,1],[9,1],[9,9],[1,9],[1,1]],[[6,6],[4,6],[4,4],[6,4],[6,6]]]}`
	sameHoleExtraVertex := `{"type":"Polygon","coordinates":[[[1,1],[9,1],[9,9],[1,9],[1,1]],[[4,4],[5,4],[6,4],[6,6],[4,6],[4,4]]]}`
	otherHole := `{"type":"Polygon","coordinates":[[[1,1],[9,1],[9,9],[1,9],[1,1]],[[3,3],[7,3],[7,7],[3,7],[3,3]]]}`
	concave := `{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[5,5],[0,10],[0,0]]]}`
	cases := []struct {
		q, rel, rec string
		want        bool
	}{
		{holedQ, "within", `"5,5"`, false}, // in the query hole
		{holedQ, "within", `"4,5"`, false}, // on the hole edge
		{holedQ, "within", `"2,2"`, true},  // inside
		{holedQ, "within", `"0,5"`, false}, // on the outer edge
		{holedQ, "within", sameHole, true}, // the record shares the hole
		{holedQ, "within", sameHoleExtraVertex, true},
		{holedQ, "within", otherHole, true}, // the query hole lies in the record hole
		{holedQ, "within", `{"type":"Polygon","coordinates":[[[1,1],[9,1],[9,9],[1,9],[1,1]],[[4,4],[4,6],[6,6],[6,4],[4,4]]]}`, true}, // reversed hole
		{holedQ, "within", `{"type":"Polygon","coordinates":[[[1,1,0],[3,1],[3,3],[1,3],[1,1,0]]]}`, true},
		{holedQ, "within", `{"type":"Polygon","coordinates":[[[1,1,"a"],[3,1],[3,3],[1,3],[1,1,"a"]]]}`, true},
		{holedQ, "within", `{"type":"Polygon","coordinates":[[[1,1,0],[3,1],[3,3],[1,3],[1,1,1]]]}`, false}, // JS throws
		{holedQ, "contains", sameHole, true},
		{holedQ, "contains", otherHole, false},
		{polySqH, "contains", holedQ, false},
		{holedQ, "intersects", `"5,5"`, false},
		{holedQ, "disjoint", `"5,5"`, true},
		{holedQ, "intersects", `"4,5"`, true},
		{concave, "within", `{"type":"Polygon","coordinates":[[[1,6],[9,6],[9,7],[1,7],[1,6]]]}`, true}, // turf 7.3: vertices only
		{concave, "intersects", `{"type":"Polygon","coordinates":[[[4,8],[6,8],[6,20],[4,20],[4,8]]]}`, false},
		{concave, "intersects", `{"type":"Polygon","coordinates":[[[4,6],[6,6],[6,20],[4,20],[4,6]]]}`, true},
		{`{"type":"Polygon","coordinates":[[[0,0],[2,0],[2,2],[0,2],[0,0]]]}`, "intersects",
			`{"type":"Polygon","coordinates":[[[1,-1],[1.5,-1],[1.5,3],[1,3],[1,-1]]]}`, true}, // edges cross, no vertex inside
		{pt15, "within", `{"type":"Point","coordinates":[15.0000005,15]}`, true},
		{pt15, "within", `{"type":"Point","coordinates":[15,15,0]}`, false},
		{pt15, "intersects", `"15,15"`, true},
		{pt15, "disjoint", `"15,15.0000001"`, true},
	}
	for _, c := range cases {
		qs, ok := ToShape(decodeJSON(t, c.q))
		if !ok {
			t.Fatalf("query %s", c.q)
		}
		rel, _ := ParseRelation(c.rel)
		if got := NewShapeQuery(qs, rel).MatchValue(decodeJSON(t, c.rec)); got != c.want {
			t.Errorf("%s %s %s = %v, want %v", c.q, c.rel, c.rec, got, c.want)
		}
	}
}

func TestOrientExact(t *testing.T) {
	// u2*v1 and u1*v2 round to the same double but differ exactly.
	u1, u2, v1, v2 := 1+0x1p-52, 1+0x1p-52, 1.0, 1+0x1p-52
	if f := orient(u1, u2, v1, v2); !(f < 0) {
		t.Errorf("orient = %v, want negative", f)
	}
	if f := orient(3, 6, 1, 2); f != 0 {
		t.Errorf("collinear orient = %v", f)
	}
}
