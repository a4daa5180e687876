package geo

import (
	"math"
	"testing"
)

func TestParseDistance(t *testing.T) {
	cases := []struct {
		in   string
		want float64
		err  string
	}{
		{"5000m", 5000, ""},
		{" 100 km ", 100000.00000000001, ""},
		{"10mi", 16093.44, ""},
		{"3NM", 5556, ""},
		{"12inch", 0.30480060960121924, ""},
		{"2yd", 1.82882223847842, ""},
		{"7ft", 2.133599931724802, ""},
		{"9mm", 0.009, ""},
		{"9cm", 0.09, ""},
		{"a5km", 5000, ""},
		{"5\n6km", 6000, ""},
		{"km", 0, "Incorrect geo distance parameter provided: km"},
		{"5 km\nx", 0, "Incorrect geo distance parameter provided: 5 km\nx"},
		{"5KM", 0, "Incorrect distance unit provided: KM"},
		{"5.5km", 0, "Incorrect distance unit provided: .5km"},
		{"5000", 0, "Incorrect distance unit provided: "},
		{"100 kmx", 0, "Incorrect distance unit provided:  kmx"},
		{"5 toString", 0, "Incorrect distance unit provided:  toString"},
	}
	for _, c := range cases {
		got, err := ParseDistance(c.in)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("ParseDistance(%q) err = %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("ParseDistance(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

// Reference vertices from turf circle on Node; Go's trig may differ from
// V8's in the last bit, so compare to 1e-12 degrees.
func TestCircle(t *testing.T) {
	cases := []struct {
		center Point
		meters float64
		idx    int
		want   [2]float64 // lon, lat
	}{
		{Point{33.435518, -111.873616}, 5000, 0, [2]float64{-111.873616, 33.48048401818623}},
		{Point{33.435518, -111.873616}, 5000, 1, [2]float64{-111.87890021967814, 33.48026738248776}},
		{Point{33.435518, -111.873616}, 5000, 16, [2]float64{-111.92749936280596, 33.435506349712774}},
		{Point{33.435518, -111.873616}, 5000, 32, [2]float64{-111.873616, 33.39055198181377}},
		{Point{33.435518, -111.873616}, 5000, 48, [2]float64{-111.81973263719404, 33.435506349712774}},
		{Point{33.435518, -111.873616}, 5000, 64, [2]float64{-111.873616, 33.48048401818623}},
		{Point{0, 0}, 100000, 1, [2]float64{-0.08815598044468842, 0.8949895372646401}},
		{Point{0, 0}, 100000, 16, [2]float64{-0.899320363724538, 5.506522912913065e-17}},
	}
	for _, c := range cases {
		ring := Circle(c.center, c.meters, 0)[0]
		if len(ring) != 65 {
			t.Fatalf("ring has %d vertices", len(ring))
		}
		got := ring[c.idx]
		if math.Abs(got.Lon-c.want[0]) > 1e-12 || math.Abs(got.Lat-c.want[1]) > 1e-12 {
			t.Errorf("Circle(%v, %v)[%d] = %v, want %v", c.center, c.meters, c.idx, got, c.want)
		}
	}
	if q := NewDistanceQuery(Point{}, 100000); len(q.Polygon()[0]) != 65 || !q.Contains(Point{Lat: 0, Lon: 0.89}) || q.Contains(Point{Lat: 0, Lon: 0.91}) {
		t.Error("DistanceQuery 100km")
	}
	if n := len(Circle(Point{}, 10, 8)[0]); n != 9 {
		t.Errorf("steps=8 gives %d vertices", n)
	}
}

func TestBox(t *testing.T) {
	_, err := NewBox(Point{Lat: 10, Lon: 5}, Point{Lat: 0, Lon: 5})
	if err == nil || err.Error() != "top_left longitude (5) must be less than bottom_right longitude (5)" {
		t.Errorf("equal longitudes: %v", err)
	}
	_, err = NewBox(Point{Lat: 1.5e-7, Lon: 0}, Point{Lat: 1e21, Lon: 1})
	if err == nil || err.Error() != "top_left latitude (1.5e-7) must be greater than bottom_right latitude (1e+21)" {
		t.Errorf("number formatting: %v", err)
	}
	b, err := NewBox(Point{Lat: 10, Lon: 0}, Point{Lat: 0, Lon: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    Point
		want bool
	}{{Point{0, 0}, true}, {Point{10, 10}, true}, {Point{5, 10.000001}, false}, {Point{-0.1, 5}, false}} {
		if b.Contains(c.p) != c.want || Polygon(b.Polygon()).ContainsPoint(c.p) != c.want {
			t.Errorf("box contains %v = %v", c.p, !c.want)
		}
	}
}
