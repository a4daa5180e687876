package vjs

import (
	"encoding/base64"
	"math/rand/v2"
	"strconv"
	"testing"
)

var benchSink bool

func BenchmarkIsEmail(b *testing.B) {
	in := []string{"ha3ke5@pawnage.com", "user@blah@blah.com", "not an email", "UPPER@CASE.COM"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		benchSink = IsEmail(in[i&3])
	}
}

// BenchmarkIsEmailValid: addresses that pass, which are read to the end:
// 1024 of random names, numbers and domains (as many as a branch
// predictor cannot learn).
func BenchmarkIsEmailValid(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	names := []string{"peggy", "Hana", "x", "first-last", "Gus", "roberts", "o_neil", "Fatima", "li"}
	domains := []string{"tera.io", "shop.example.org", "mail.co.uk", "sub.domain.example", "example.com"}
	in := make([]string, 1024)
	for i := range in {
		in[i] = names[rng.IntN(len(names))] + "." + names[rng.IntN(len(names))] + strconv.Itoa(rng.IntN(1000)) +
			"@" + domains[rng.IntN(len(domains))]
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		benchSink = IsEmail(in[i&1023])
	}
}

func BenchmarkIsURI(b *testing.B) {
	in := []string{"http://someurl.com/path?q=1#f", "ftp://someurl.bom:8080?some=bar&hi=bob", "BAD URL", "mailto:x@y.z"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		benchSink = IsURI(in[i&3])
	}
}

func BenchmarkIsUUID(b *testing.B) {
	in := []string{"A987FBC9-4BED-4078-8F07-9141BA07C9F3", "00000000-0000-0000-0000-000000000000", "randomstring", "A987FBC9-4BED-3078-CF07-9141BA07C9F3"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		benchSink = IsUUID(in[i&3], "all")
	}
}

func BenchmarkIsInt(b *testing.B) {
	check, _ := BindInt(map[string]any{"min": 10.0, "max": 99999.0, "allow_leading_zeroes": false})
	in := []string{"12345", "0123", "-17", "abc"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		benchSink, _ = check(in[i&3])
	}
}

func BenchmarkIsISO8601(b *testing.B) {
	in := []string{"2020-01-01T12:03:03.494Z", "2009-05-19", "2009-W01-1", "Jan 1, 2020"}
	o := ISO8601Options{Strict: true}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		benchSink = IsISO8601(in[i&3], o)
	}
}

func BenchmarkMatches(b *testing.B) {
	check, _ := BindMatches(`^ab+c$`)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		benchSink, _ = check("abbbbc")
	}
}

func BenchmarkDataMateUUIDArray(b *testing.B) {
	check, _ := BindDataMateUUID(map[string]any{"version": 4.0})
	in := []any{"A987FBC9-4BED-4078-8F07-9141BA07C9F3", nil, "713ae7e3-cb32-45f9-adcb-7c4fa86b90c1"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		benchSink, _ = check(in)
	}
}

func BenchmarkIsAscii(b *testing.B) {
	for _, s := range []string{"gus.ng853@example.com", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36"} {
		b.Run(strconv.Itoa(len(s)), func(b *testing.B) {
			for b.Loop() {
				if !IsAscii(s) {
					b.Fatal(s)
				}
			}
		})
	}
}

var benchLen int

// BenchmarkCharLength: isLength's length of ASCII values (an address, a
// code, a URL) and of one with a non-ASCII character.
func BenchmarkCharLength(b *testing.B) {
	in := []string{"peggy.roberts@tera.io", "nl", "https://www.example.com/products/item-76187?user=peggy521", "Café Crème"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		benchLen += charLength(in[i&3])
	}
}

// BenchmarkIsCanonicalBase64: data-mate isBase64 on tokens that pass, of
// random bytes (as many as a branch predictor cannot learn).
func BenchmarkIsCanonicalBase64(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	in := make([]string, 1024)
	for i := range in {
		raw := make([]byte, 12+rng.IntN(20))
		for j := range raw {
			raw[j] = byte(rng.IntN(256))
		}
		in[i] = base64.StdEncoding.EncodeToString(raw)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		benchSink = IsCanonicalBase64(in[i&1023])
	}
}
