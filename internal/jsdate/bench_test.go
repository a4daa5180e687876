package jsdate

import (
	"testing"
	"time"
)

var sinkF float64
var sinkB bool
var sinkS string

func BenchmarkParseISO(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkF, sinkB = Parse("2024-03-04T20:29:16.356Z")
	}
}

func BenchmarkParseRFC1123(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkF, sinkB = Parse("Thu, 18 Oct 2018 18:13:20 GMT")
	}
}

func BenchmarkParseToString(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkF, sinkB = Parse("Thu Oct 18 2018 11:13:20 GMT-0700 (Pacific Daylight Time)")
	}
}

func BenchmarkToISOString(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkS, sinkB = ToISOString(1709584156356)
	}
}

var benchNow = time.Date(2024, 3, 6, 15, 4, 5, 123e6, time.UTC)
