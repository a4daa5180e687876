package geo

import (
	"math"
	"strconv"
)

// geohashBase32 is the geohash alphabet (latlon-geohash, MIT, Chris Veness).
const geohashBase32 = "0123456789bcdefghjkmnpqrstuvwxyz"

var geohashIndex = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(geohashBase32); i++ {
		c := geohashBase32[i]
		t[c] = int8(i)
		if c >= 'a' && c <= 'z' {
			t[c-'a'+'A'] = int8(i)
		}
	}
	return t
}()

// decodeGeohash is latlon-geohash 2.0 Geohash.decode: the centre of the
// cell, each coordinate rounded with toFixed(floor(2 - log10(cell size))).
func decodeGeohash(s string) (Point, bool) {
	if s == "" {
		return Point{}, false
	}
	latMin, latMax, lonMin, lonMax := -90.0, 90.0, -180.0, 180.0
	even := true
	for _, r := range s {
		idx, ok := geohashDigit(r)
		if !ok {
			return Point{}, false
		}
		for n := 4; n >= 0; n-- {
			bit := idx>>n&1 == 1
			if even {
				lonMin, lonMax = bisect(lonMin, lonMax, bit)
			} else {
				latMin, latMax = bisect(latMin, latMax, bit)
			}
			even = !even
		}
	}
	lat, ok1 := roundCentre(latMin, latMax)
	lon, ok2 := roundCentre(lonMin, lonMax)
	return Point{Lat: lat, Lon: lon}, ok1 && ok2
}

// geohashDigit maps a character (after JS toLowerCase) to its value.
func geohashDigit(r rune) (int, bool) {
	if r == 0x212a { // KELVIN SIGN lower-cases to 'k'
		r = 'k'
	}
	if r >= 0x80 {
		return 0, false
	}
	v := geohashIndex[r]
	return int(v), v >= 0
}

func bisect(lo, hi float64, upper bool) (float64, float64) {
	mid := (lo + hi) / 2
	if upper {
		return mid, hi
	}
	return lo, mid
}

// roundCentre is Number(centre.toFixed(floor(2 - log(Δ)/LN10))); toFixed
// throws (an invalid geohash) outside 0..100 digits.
func roundCentre(lo, hi float64) (float64, bool) {
	d := math.Floor(2 - math.Log(hi-lo)/math.Ln10)
	if !(d >= 0 && d <= 100) {
		return 0, false
	}
	f, err := strconv.ParseFloat(toFixed((lo+hi)/2, int(d)), 64)
	return f, err == nil
}
