package record

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// BenchmarkShortDecimalAt decodes numbers of the kinds records carry,
// each followed by the rest of a record as in a line, in an order no
// branch predictor learns (a multiplicative hash of the turn picks the
// next of 4096 texts, which stay in cache as a record's bytes do).
func BenchmarkShortDecimalAt(b *testing.B) {
	texts := recordNumberTexts(rand.New(rand.NewPCG(41, 42)), 4096)
	for i := 0; i < b.N; i++ {
		shortDecimalAt(texts[uint32(i)*2654435761>>20], 0)
	}
}

// recordNumberTexts returns n numbers as records write them (quantities
// and status codes, ids and byte counts, prices, coordinates of 3 to 6
// decimals, durations, epoch seconds), each with what follows it.
func recordNumberTexts(rnd *rand.Rand, n int) []string {
	kinds := []func() string{
		func() string { return strconv.Itoa(1 + rnd.IntN(9)) },
		func() string { return strconv.Itoa(200 + rnd.IntN(400)) },
		func() string { return strconv.Itoa(rnd.IntN(1000000)) },
		func() string { return strconv.FormatFloat(float64(rnd.IntN(100000))/100, 'f', -1, 64) },
		func() string { return strconv.FormatFloat(rnd.Float64()*360-180, 'f', 3+rnd.IntN(4), 64) },
		func() string { return strconv.FormatFloat(rnd.Float64()*3, 'f', 3, 64) },
		func() string { return strconv.Itoa(1600000000 + rnd.IntN(100000000)) },
	}
	texts := make([]string, n)
	for i := range texts {
		texts[i] = kinds[rnd.IntN(len(kinds))]() + `,"next":"value"}`
	}
	return texts
}

// BenchmarkEncodeNumberKinds writes one kind of number at a time, in an
// order the branch predictor cannot learn: integers, prices (two
// decimals, some with a trailing zero dropped), coordinates (either
// sign) with 3 and with 5 decimals.
func BenchmarkEncodeNumberKinds(b *testing.B) {
	rnd := rand.New(rand.NewPCG(61, 62))
	decimals := func(max float64, k int) func() float64 {
		return func() float64 {
			f, _ := strconv.ParseFloat(strconv.FormatFloat(rnd.Float64()*2*max-max, 'f', k, 64), 64)
			return f
		}
	}
	for _, c := range []struct {
		name string
		gen  func() float64
	}{
		{"ints", func() float64 { return float64(rnd.IntN(100000)) }},
		{"prices", func() float64 { return float64(1+rnd.IntN(100000)) / 100 }},
		{"coords3", decimals(180, 3)},
		{"coords5", decimals(180, 5)},
	} {
		fs := make([]float64, 1<<14)
		for i := range fs {
			fs[i] = c.gen()
		}
		b.Run(c.name, func(b *testing.B) {
			buf := make([]byte, 0, 64)
			for i := 0; i < b.N; i++ {
				buf = appendScalar(buf[:0], fs[i&(1<<14-1)])
			}
		})
	}
}
