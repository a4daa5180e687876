package jsstr

import (
	"strconv"
	"testing"
)

var sink string

func benchString(b *testing.B, fn func(string) string, in string) {
	b.ReportAllocs()
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		sink = fn(in)
	}
}

func BenchmarkToUpperASCII(b *testing.B) {
	benchString(b, ToUpper, "The quick brown fox jumps over the lazy dog 0123456789")
}

func BenchmarkToUpperASCIIUnchanged(b *testing.B) {
	benchString(b, ToUpper, "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG 0123456789")
}

func BenchmarkToUpperNonASCII(b *testing.B) {
	benchString(b, ToUpper, "Größenwahn straße, ÀÉÎ déjà vu, ΟΔΟΣ οδος, 日本語 テキスト")
}

func BenchmarkToLowerASCII(b *testing.B) {
	benchString(b, ToLower, "The Quick Brown Fox Jumps Over The Lazy Dog 0123456789")
}

func BenchmarkToLowerASCIIUnchanged(b *testing.B) {
	benchString(b, ToLower, "the quick brown fox jumps over the lazy dog 0123456789")
}

func BenchmarkToLowerNonASCII(b *testing.B) {
	benchString(b, ToLower, "GRÖSSENWAHN STRASSE, ÀÉÎ DÉJÀ VU, ΟΔΟΣ ΟΔΟΣ, 日本語 テキスト")
}

func BenchmarkEncodeURIComponent(b *testing.B) {
	benchString(b, EncodeURIComponent, "https://example.com/path?q=hello world&x=ü€😀#frag")
}

func BenchmarkEncodeURIComponentUnchanged(b *testing.B) {
	benchString(b, EncodeURIComponent, "plain-text_with.only~unreserved*chars")
}

func BenchmarkDecodeURIComponent(b *testing.B) {
	in := "https%3A%2F%2Fexample.com%2Fpath%3Fq%3Dhello%20world%26x%3D%C3%BC%E2%82%AC%F0%9F%98%80%23frag"
	benchString(b, func(s string) string { r, _ := DecodeURIComponent(s); return r }, in)
}

var sinkWords []string

func BenchmarkWordsASCII(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkWords = Words("the quick brown fox jumps over the lazy dog")
	}
}

func BenchmarkWordsUnicode(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkWords = Words("XMLHttpRequest fooBar_baz-qux déjà vu 1st")
	}
}

func BenchmarkCamelCase(b *testing.B) {
	benchString(b, CamelCase, "Cased   to Pass---this_____TEST")
}

func BenchmarkTrimChars(b *testing.B) {
	benchString(b, func(s string) string { return TrimChars(s, " ") }, "   some padded value   ")
}

func BenchmarkReplaceRegex(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		v, _ := ReplaceRegex("soMesTring with More tt", "m|t", "W", true, true)
		sink = v.(string)
	}
}

// BenchmarkAppendLower: toLowerCase into a reused buffer (as a worker's
// scratch buffer), a short e-mail address and a longer ASCII text.
func BenchmarkAppendLower(b *testing.B) {
	for _, s := range []string{"Gus.Ng853@Example.com", "The Quick Brown Fox Jumps Over The Lazy Dog 0123456789"} {
		b.Run(strconv.Itoa(len(s)), func(b *testing.B) {
			buf := make([]byte, 0, 64)
			b.SetBytes(int64(len(s)))
			for i := 0; i < b.N; i++ {
				buf = AppendLower(buf[:0], s)
			}
		})
	}
}

// BenchmarkLowerInto is toLowerCase's string path (postprocess datamate):
// the unchanged prefix, then the mapping into a reused buffer, on short
// ASCII values that change (a code, a name, an address).
func BenchmarkLowerInto(b *testing.B) {
	for _, s := range []string{"US", "Weber", "Gus.Ng853@example.com", "Eli.Weber171@shop.example.org"} {
		b.Run(strconv.Itoa(len(s)), func(b *testing.B) {
			buf := make([]byte, 0, 64)
			for b.Loop() {
				if i := LowerUnchanged(s); i < len(s) {
					buf = AppendLowerFrom(buf[:0], s, i)
				}
			}
		})
	}
}
