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

func BenchmarkParseLenientDateMath(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkF, sinkB = ParseLenient("now-1d/d", benchNow)
	}
}

func BenchmarkDateMathAnchor(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkF, sinkB = DateMath("2021-01-02||+4d", benchNow)
	}
}

func BenchmarkBindAfter(b *testing.B) {
	after := BindAfter("2011-08-03")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkB = after("Sat Sep 10 2011 00:00:00 GMT+0000 (Coordinated Universal Time)")
	}
}

func BenchmarkFormatDate(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkS, _ = FormatDate("2020-01-14T20:34:01.034Z", "MMM do yy", "")
	}
}

func BenchmarkParseDate(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkF, _ = ParseDateAt("Jan 10, 2020-00:00", "MMM dd, yyyyxxx", benchNow)
	}
}

func BenchmarkToUnixTime(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkF, _ = ToUnixTime("Jan 1, 2020 UTC", false)
	}
}
