package jexl

// pow is JavaScript's Math.pow as V8 computes it (base::ieee754::legacy::pow,
// the fdlibm algorithm), so that `^` gives the reference's last bit; Go's
// math.Pow differs by one ulp for about one input in ten.
//
// The algorithm and its constants are fdlibm's e_pow.c:
// Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
// Developed at SunSoft, a Sun Microsystems, Inc. business.
// Permission to use, copy, modify, and distribute this
// software is freely granted, provided that this notice
// is preserved.

import "math"

const (
	two53   = 9007199254740992.0
	powL1   = 5.99999999999994648725e-01
	powL2   = 4.28571428578550184252e-01
	powL3   = 3.33333329818377432918e-01
	powL4   = 2.72728123808534006489e-01
	powL5   = 2.30660745775561754067e-01
	powL6   = 2.06975017800338417784e-01
	powP1   = 1.66666666666666019037e-01
	powP2   = -2.77777777770155933842e-03
	powP3   = 6.61375632143793436117e-05
	powP4   = -1.65339022054652515390e-06
	powP5   = 4.13813679705723846039e-08
	lg2     = 6.93147180559945286227e-01
	lg2H    = 6.93147182464599609375e-01
	lg2L    = -1.90465429995776804525e-09
	ovt     = 8.0085662595372944372e-17
	cp      = 9.61796693925975554329e-01
	cpH     = 9.61796700954437255859e-01
	cpL     = -7.02846165095275826516e-09
	ivln2   = 1.44269504088896338700e+00
	ivln2H  = 1.44269502162933349609e+00
	ivln2L  = 1.92596299112661746887e-08
	fiveBit = 0x000fffff
)

var (
	powBP = [2]float64{1.0, 1.5}
	powDH = [2]float64{0.0, 5.84962487220764160156e-01}
	powDL = [2]float64{0.0, 1.35003920212974897128e-08}
)

func words(d float64) (int32, uint32) {
	b := math.Float64bits(d)
	return int32(b >> 32), uint32(b)
}

func fromWords(hi int32, lo uint32) float64 {
	return math.Float64frombits(uint64(uint32(hi))<<32 | uint64(lo))
}

func withLow(d float64, lo uint32) float64 {
	hi, _ := words(d)
	return fromWords(hi, lo)
}

func withHigh(d float64, hi int32) float64 {
	_, lo := words(d)
	return fromWords(hi, lo)
}

func pow(x, y float64) float64 {
	hx, lx := words(x)
	hy, ly := words(y)
	ix, iy := hx&0x7fffffff, hy&0x7fffffff
	if iy == 0 && ly == 0 {
		return 1
	}
	if math.IsNaN(x) || math.IsNaN(y) {
		return math.NaN()
	}
	yisint := oddness(hx, iy, ly)
	if r, ok := powSpecialY(x, y, hx, hy, ix, iy, lx, ly); ok {
		return r
	}
	if r, ok := powSpecialX(x, hx, hy, ix, lx, yisint); ok {
		return r
	}
	n := (hx >> 31) + 1
	if n|yisint == 0 {
		return math.NaN() // (x<0)**(non-int)
	}
	s := 1.0
	if n|(yisint-1) == 0 {
		s = -1 // (-ve)**(odd int)
	}
	var t1, t2 float64
	if iy > 0x41e00000 { // |y| > 2**31
		if r, ok := powHugeY(s, hy, ix, iy); ok {
			return r
		}
		t1, t2 = log2NearOne(math.Abs(x))
	} else {
		t1, t2 = log2Split(math.Abs(x), ix)
	}
	return s * exp2Split(y, t1, t2)
}

// oddness is fdlibm's yisint for x < 0: 0 not an integer, 1 odd, 2 even.
func oddness(hx, iy int32, ly uint32) int32 {
	if hx >= 0 {
		return 0
	}
	if iy >= 0x43400000 {
		return 2
	}
	if iy < 0x3ff00000 {
		return 0
	}
	k := (iy >> 20) - 0x3ff
	if k > 20 {
		j := ly >> uint(52-k)
		if j<<uint(52-k) == ly {
			return 2 - int32(j&1)
		}
	} else if ly == 0 {
		j := iy >> uint(20-k)
		if j<<uint(20-k) == iy {
			return 2 - (j & 1)
		}
	}
	return 0
}

func powSpecialY(x, y float64, hx, hy, ix, iy int32, lx, ly uint32) (float64, bool) {
	if ly != 0 {
		return 0, false
	}
	switch {
	case iy == 0x7ff00000: // y is ±inf
		switch {
		case ix == 0x3ff00000 && lx == 0:
			return math.NaN(), true
		case ix >= 0x3ff00000:
			if hy >= 0 {
				return y, true
			}
			return 0, true
		case hy < 0:
			return -y, true
		}
		return 0, true
	case iy == 0x3ff00000: // y is ±1
		if hy < 0 {
			return 1 / x, true
		}
		return x, true
	case hy == 0x40000000:
		return x * x, true
	case hy == 0x3fe00000 && hx >= 0:
		return math.Sqrt(x), true
	}
	return 0, false
}

func powSpecialX(x float64, hx, hy, ix int32, lx uint32, yisint int32) (float64, bool) {
	if lx != 0 || !(ix == 0x7ff00000 || ix == 0 || ix == 0x3ff00000) {
		return 0, false
	}
	z := math.Abs(x) // ±0, ±inf, ±1
	if hy < 0 {
		z = 1 / z
	}
	if hx < 0 {
		if (ix-0x3ff00000)|yisint == 0 {
			return math.NaN(), true
		}
		if yisint == 1 {
			z = -z
		}
	}
	return z, true
}

func powHugeY(s float64, hy, ix, iy int32) (float64, bool) {
	inf := math.Inf(1)
	over, under := s*inf, s*0
	if iy > 0x43f00000 { // |y| > 2**64
		if ix <= 0x3fefffff {
			return pick(hy < 0, inf, 0), true
		}
		return pick(hy > 0, inf, 0), true
	}
	if ix < 0x3fefffff {
		return pick(hy < 0, over, under), true
	}
	if ix > 0x3ff00000 {
		return pick(hy > 0, over, under), true
	}
	return 0, false
}

func pick(c bool, a, b float64) float64 {
	if c {
		return a
	}
	return b
}

// log2NearOne is log2(ax) as t1+t2 for |1-ax| <= 2**-20.
func log2NearOne(ax float64) (float64, float64) {
	t := ax - 1
	w := (t * t) * (0.5 - t*(0.3333333333333333333333-t*0.25))
	u := ivln2H * t
	v := t*ivln2L - w*ivln2
	t1 := withLow(u+v, 0)
	return t1, v - (t1 - u)
}

// log2Split is log2(ax) as t1+t2, t1 with 29 trailing zero bits.
func log2Split(ax float64, ix int32) (float64, float64) {
	n := int32(0)
	if ix < 0x00100000 { // subnormal
		ax *= two53
		n -= 53
		ix, _ = words(ax)
	}
	n += (ix >> 20) - 0x3ff
	j := ix & fiveBit
	ix = j | 0x3ff00000
	k := 0
	switch {
	case j <= 0x3988E:
	case j < 0xBB67A:
		k = 1
	default:
		n++
		ix -= 0x00100000
	}
	ax = withHigh(ax, ix)
	u := ax - powBP[k]
	v := 1 / (ax + powBP[k])
	ss := u * v
	sH := withLow(ss, 0)
	tH := fromWords(((ix>>1)|0x20000000)+0x00080000+int32(k<<18), 0)
	tL := ax - (tH - powBP[k])
	sL := v * ((u - sH*tH) - sH*tL)
	s2 := ss * ss
	r := s2 * s2 * (powL1 + s2*(powL2+s2*(powL3+s2*(powL4+s2*(powL5+s2*powL6)))))
	r += sL * (sH + ss)
	s2 = sH * sH
	tH = withLow(3.0+s2+r, 0)
	tL = r - ((tH - 3.0) - s2)
	u = sH * tH
	v = sL*tH + tL*ss
	pH := withLow(u+v, 0)
	pL := v - (pH - u)
	zH := cpH * pH
	zL := cpL*pH + pL*cp + powDL[k]
	t := float64(n)
	t1 := withLow(((zH+zL)+powDH[k])+t, 0)
	return t1, zL - (((t1 - t) - powDH[k]) - zH)
}

// exp2Split is 2**(y*(t1+t2)), with overflow and underflow.
func exp2Split(y, t1, t2 float64) float64 {
	y1 := withLow(y, 0)
	pL := (y-y1)*t1 + y*t2
	pH := y1 * t1
	z := pL + pH
	j, i := words(z)
	if j >= 0x40900000 { // z >= 1024
		if j != 0x40900000 || i != 0 || pL+ovt > z-pH {
			return math.Inf(1)
		}
	} else if j&0x7fffffff >= 0x4090cc00 { // z <= -1075
		if uint32(j) != 0xc090cc00 || i != 0 || pL <= z-pH {
			return 0
		}
	}
	return scaledExp(j, pL, pH)
}

func scaledExp(j int32, pL, pH float64) float64 {
	i := j & 0x7fffffff
	k := (i >> 20) - 0x3ff
	n := int32(0)
	if i > 0x3fe00000 { // |z| > 0.5: n = [z+0.5]
		n = j + (0x00100000 >> uint(k+1))
		k = ((n & 0x7fffffff) >> 20) - 0x3ff
		t := fromWords(n&^(fiveBit>>uint(k)), 0)
		n = ((n & fiveBit) | 0x00100000) >> uint(20-k)
		if j < 0 {
			n = -n
		}
		pH -= t
	}
	t := withLow(pL+pH, 0)
	u := t * lg2H
	v := (pL-(t-pH))*lg2 + t*lg2L
	z := u + v
	w := v - (z - u)
	t = z * z
	t1 := z - t*(powP1+t*(powP2+t*(powP3+t*(powP4+t*powP5))))
	r := (z * t1) / ((t1 - 2) - (w + z*w))
	z = 1 - (r - z)
	hz, _ := words(z)
	if (hz+n<<20)>>20 <= 0 {
		return math.Ldexp(z, int(n)) // subnormal output
	}
	return withHigh(z, hz+n<<20)
}
