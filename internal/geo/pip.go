package geo

import (
	"math"
	"math/big"
)

// ccwErrBound is robust-predicates' ccwerrboundA = (3 + 16ε)ε, ε = 2^-53.
const ccwErrBound = (3.0 + 16.0*0x1p-53) * 0x1p-53

// orient returns the exact sign of u2*v1 - u1*v2 (robust-predicates orient2d
// as called by point-in-polygon-hao); NaN when an input is not finite.
func orient(u1, u2, v1, v2 float64) float64 {
	left, right := float64(u2*v1), float64(u1*v2)
	det := left - right
	if math.Abs(det) >= ccwErrBound*math.Abs(left+right) || math.IsNaN(det) || math.IsInf(det, 0) {
		return det
	}
	if !finite(u1, u2, v1, v2) {
		return math.NaN()
	}
	return float64(exactCross(u1, u2, v1, v2))
}

func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// exactCross is sign(u2*v1 - u1*v2) computed exactly.
func exactCross(u1, u2, v1, v2 float64) int {
	var a, b, x, y big.Rat
	a.SetFloat64(u2)
	x.SetFloat64(v1)
	b.SetFloat64(u1)
	y.SetFloat64(v2)
	a.Mul(&a, &x)
	b.Mul(&b, &y)
	return a.Cmp(&b)
}

// Where a point lies relative to a polygon.
const (
	outside  = -1
	boundary = 0
	inside   = 1
)

// pipRings is point-in-polygon-hao: parity over all rings (holes included),
// boundary reported as soon as the point lies on any edge.
func pipRings(p Point, rings Polygon) int {
	x, y := p.Lon, p.Lat
	k := 0
	for _, ring := range rings {
		if len(ring) == 0 {
			continue
		}
		u1, v1 := ring[0].Lon-x, ring[0].Lat-y
		for _, next := range ring[1:] {
			u2, v2 := next.Lon-x, next.Lat-y
			if v1 == 0 && v2 == 0 {
				if (u2 <= 0 && u1 >= 0) || (u1 <= 0 && u2 >= 0) {
					return boundary
				}
			} else if (v2 >= 0 && v1 <= 0) || (v2 <= 0 && v1 >= 0) {
				f := orient(u1, u2, v1, v2)
				if f == 0 {
					return boundary
				}
				if (f > 0 && v2 > 0 && v1 <= 0) || (f < 0 && v2 <= 0 && v1 > 0) {
					k++
				}
			}
			u1, v1 = u2, v2
		}
	}
	if k%2 == 0 {
		return outside
	}
	return inside
}

// ContainsPoint is turf booleanPointInPolygon on a polygon (holes honoured,
// boundary inclusive).
func (poly Polygon) ContainsPoint(p Point) bool {
	return pipRings(p, poly) != outside
}

// bbox is [minLon, minLat, maxLon, maxLat].
type bbox [4]float64

func polygonBBox(p Polygon) bbox {
	b := bbox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, ring := range p {
		for _, c := range ring {
			b[0], b[1] = math.Min(b[0], c.Lon), math.Min(b[1], c.Lat)
			b[2], b[3] = math.Max(b[2], c.Lon), math.Max(b[3], c.Lat)
		}
	}
	return b
}

// covers is turf boolean-contains doBBoxOverlap(b, o): b encloses o.
func (b bbox) covers(o bbox) bool {
	return !(b[0] > o[0] || b[2] < o[2] || b[1] > o[1] || b[3] < o[3])
}

func (b bbox) has(p Point) bool {
	return b[0] <= p.Lon && b[1] <= p.Lat && b[2] >= p.Lon && b[3] >= p.Lat
}
