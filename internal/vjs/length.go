package vjs

import (
	"math/bits"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/internal/swar"
)

// Bound is an optional JS bound: Set=false means undefined (no bound). Val is
// the raw JS value (float64, string, bool, nil, []any, ...) compared with JS
// relational semantics.
type Bound struct {
	Set bool
	Val any
}

// NumBound is a convenience constructor for a numeric bound.
func NumBound(f float64) Bound { return Bound{Set: true, Val: f} }

// utf8Len is encodeURI(str).split(/%..|./).length - 1: the UTF-8 byte length,
// throwing on a lone surrogate like encodeURI does.
func utf8Len(s string) (int, error) {
	n := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, w := decodeRune(s[i:])
		if r >= 0xd800 && r <= 0xdfff {
			return 0, errLoneSurrogate
		}
		i += w
		n += utf8.RuneLen(r)
	}
	return n, nil
}

// LengthRange is the min/max pair of isByteLength and isLength. Min is the
// already-defaulted JS value (options.min || 0).
type LengthRange struct {
	Min any
	Max Bound
}

func (r LengthRange) contains(n int) bool {
	c, ok := compareNumAny(float64(n), r.Min)
	if !relOK(c, ok, opGE) {
		return false
	}
	if !r.Max.Set {
		return true
	}
	c, ok = compareNumAny(float64(n), r.Max.Val)
	return relOK(c, ok, opLE)
}

// IsByteLength is validator.isByteLength: the UTF-8 length within [min, max].
// A lone surrogate throws (error).
func IsByteLength(s string, r LengthRange) (bool, error) {
	n, err := utf8Len(s)
	if err != nil {
		return false, err
	}
	return r.contains(n), nil
}

func isVS(r rune) bool { return r == 0xfe0e || r == 0xfe0f }

// charLength is validator.isLength's length: UTF-16 length minus surrogate
// pairs minus [^VS][VS] presentation sequences.
func charLength(s string) int {
	i := asciiPrefix(s) // ASCII: one unit each, none a variation selector
	n, prevNonVS := i, i > 0
	for i < len(s) {
		r, w := decodeRune(s[i:])
		i += w
		if isVS(r) && prevNonVS {
			prevNonVS = false
			continue
		}
		prevNonVS = !isVS(r)
		n++
	}
	return n
}

// IsLength is validator.isLength with an optional discreteLengths list (nil
// means none; elements compared with ===, so only float64 values can match).
func IsLength(s string, r LengthRange, discrete []any) bool {
	n := charLength(s)
	if !r.contains(n) {
		return false
	}
	if discrete == nil {
		return true
	}
	for _, d := range discrete {
		if f, ok := numberOf(d); ok && f == float64(n) {
			return true
		}
	}
	return false
}

// asciiPrefix is the length of the longest prefix of s that is ASCII,
// read eight bytes at a time, the first non-ASCII byte found inside its
// word; the last bytes of an s of eight or more are read as its last eight
// (the ones read before have no high bit).
func asciiPrefix(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if w := swar.Load64(s, i) & highs; w != 0 {
			return i + bits.TrailingZeros64(w)/8
		}
	}
	if i == len(s) || len(s) < 8 {
		for i < len(s) && s[i] < utf8.RuneSelf {
			i++
		}
		return i
	}
	if w := swar.Load64(s, len(s)-8) & highs; w != 0 {
		return len(s) - 8 + bits.TrailingZeros64(w)/8
	}
	return len(s)
}
