package geo

import "testing"

func BenchmarkParsePointString(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, ok := ParsePoint("33.435967,-111.867710"); !ok {
			b.Fatal("parse")
		}
	}
}

func BenchmarkParsePointObject(b *testing.B) {
	var obj Object = testObj{"lat": 33.435967, "lon": -111.86771}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, ok := ParsePoint(obj); !ok {
			b.Fatal("parse")
		}
	}
}

func BenchmarkParsePointGeohash(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, ok := ParsePoint("9tbqnqu6tkj8"); !ok {
			b.Fatal("parse")
		}
	}
}

func BenchmarkPointInCircle(b *testing.B) {
	q := NewDistanceQuery(Point{Lat: 33.435518, Lon: -111.873616}, 5000)
	p := Point{Lat: 33.435967, Lon: -111.867710}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if !q.Contains(p) {
			b.Fatal("contains")
		}
	}
}

func BenchmarkGeoDistanceMatchValue(b *testing.B) {
	q := NewDistanceQuery(Point{Lat: 33.435518, Lon: -111.873616}, 5000)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if !q.MatchValue("33.435967,-111.867710") {
			b.Fatal("match")
		}
	}
}

func BenchmarkPolygonWithinPoint(b *testing.B) {
	qs, _ := QueryPolygon([]any{"10,10", "10,50", "50,50", "50,10"})
	q := NewShapeQuery(qs, Within)
	rec := PointShape(Point{Lat: 15, Lon: 15})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if !q.Match(rec) {
			b.Fatal("match")
		}
	}
}
