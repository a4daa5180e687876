package record

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

func weblogLines(b testing.TB) [][]byte {
	data, err := os.ReadFile("../testdata/weblog/weblogs-2k.ndjson")
	if err != nil {
		b.Fatal(err)
	}
	var lines [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		lines = append(lines, append([]byte(nil), sc.Bytes()...))
	}
	return lines
}

func BenchmarkParseWeblog(b *testing.B) {
	lines := weblogLines(b)
	var n int64
	for _, l := range lines {
		n += int64(len(l))
	}
	b.SetBytes(n / int64(len(lines)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ParseObject(lines[i%len(lines)]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeWeblog(b *testing.B) {
	lines := weblogLines(b)
	objs := make([]*Object, len(lines))
	for i, l := range lines {
		objs[i], _ = ParseObject(l)
	}
	buf := make([]byte, 0, 4096)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = AppendJSON(buf[:0], objs[i%len(objs)])
	}
}

// BenchmarkDecodeWideRecord decodes one record with 100,000 keys
// (docs/performance.md).
func BenchmarkDecodeWideRecord(b *testing.B) {
	var sb strings.Builder
	sb.WriteByte('{')
	for i := 0; i < 100000; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `"key%d":%d`, i, i)
	}
	sb.WriteByte('}')
	s := sb.String()
	b.ReportAllocs()
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if _, err := ParseRecordString(s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecoderWeblog is what rulec run does to read a line: a
// Decoder's lazy decode (nested values validated, not built).
func BenchmarkDecoderWeblog(b *testing.B) {
	lines := weblogStrings(b)
	var dec Decoder
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := dec.ParseRecord(lines[i%len(lines)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecoderWeblogNested adds reading the nested values the web-log
// rules read (user.email, user.name.first, geo, tags).
func BenchmarkDecoderWeblogNested(b *testing.B) {
	benchDecodeAndRead(b, weblogStrings(b), 0, "user.email", "user.name.first", "geo", "tags")
}

// benchDecodeAndRead decodes the lines with one Decoder, recycled after
// every batch lines when batch > 0, and reads the paths from each record.
func benchDecodeAndRead(b *testing.B, lines []string, batch int, paths ...string) {
	parsed := make([]Path, len(paths))
	for i, p := range paths {
		parsed[i] = ParsePath(p)
	}
	var dec Decoder
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v, err := dec.ParseRecord(lines[i%len(lines)])
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range parsed {
			p.Get(v.(*Object))
		}
		if batch > 0 && i%batch == batch-1 {
			dec.Recycle()
		}
	}
}

func weblogStrings(b testing.TB) []string {
	var out []string
	for _, l := range weblogLines(b) {
		out = append(out, string(l))
	}
	return out
}

// BenchmarkAppendString encodes the strings of a web-log record.
func BenchmarkAppendString(b *testing.B) {
	strs := []string{"request_id", "req-00000000", "ip", "204.141.159.173",
		"https://www.example.com/products/item-76187?user=peggy521&session=738b42c835484f3e&ref=home&page=11",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36",
		"GET", "created", "2024-03-04T20:29:16.356Z", "a \"quoted\"\tvalue\n"}
	buf := make([]byte, 0, 1024)
	for b.Loop() {
		buf = buf[:0]
		for _, s := range strs {
			buf = AppendString(buf, s)
		}
	}
}

// BenchmarkPathGetWeblog reads the top-level fields the web-log rules
// read from decoded records (shapes and lookup caches at work).
func BenchmarkPathGetWeblog(b *testing.B) {
	lines := weblogStrings(b)
	objs := make([]*Object, len(lines))
	for i, l := range lines {
		objs[i], _ = ParseObject([]byte(l))
	}
	benchPathGets(b, objs, "host", "status", "url", "ip", "bytes", "method", "userAgent", "request_id", "created", "tags", "user.email")
}

// benchPathGets reads the paths from the objects, one object per
// iteration.
func benchPathGets(b *testing.B, objs []*Object, paths ...string) {
	parsed := make([]Path, len(paths))
	for i, p := range paths {
		parsed[i] = ParsePath(p)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		o := objs[i%len(objs)]
		for _, p := range parsed {
			p.Get(o)
		}
	}
}

// BenchmarkParseJSONSmall parses a JSON-in-string field's text, as
// datamate's parseJSON does once per record.
func BenchmarkParseJSONSmall(b *testing.B) {
	s := `{"device":"android","campaign":"blackfriday","session":"6ca44cf2ca4ef700","n":3}`
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseJSONString(s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPassThroughWeblog decodes a record with a Decoder, sets one
// field and encodes it: the nested members no one read are copied.
func BenchmarkPassThroughWeblog(b *testing.B) {
	lines := weblogStrings(b)
	var dec Decoder
	buf := make([]byte, 0, 4096)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v, _ := dec.ParseRecord(lines[i%len(lines)])
		v.(*Object).Set("seen", true)
		buf = AppendJSON(buf[:0], v)
	}
}

// BenchmarkDecoderRecycled decodes records as a rulec run worker does: a
// Decoder recycled after every batch, the nested values the rule sets read
// read (so decoded).
func BenchmarkDecoderRecycled(b *testing.B) {
	sets := []struct {
		name, file string
		paths      []string
	}{
		{"weblog", "../testdata/weblog/weblogs-2k.ndjson", []string{"user.email", "user.name.first", "geo"}},
		{"orders", "../testdata/orders/orders-2k.ndjson", []string{"customer.email", "customer.name.last", "shipping.city", "shipping.geo", "items"}},
	}
	for _, set := range sets {
		b.Run(set.name, func(b *testing.B) {
			benchDecodeAndRead(b, fileStrings(b, set.file), 100, set.paths...) // 100 lines: about a 64 KiB batch
		})
	}
}

func fileStrings(b testing.TB, name string) []string {
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

// BenchmarkPathGetDotted reads the dotted paths the orders rules read
// from decoded orders (the whole text of each is not a key).
func BenchmarkPathGetDotted(b *testing.B) {
	var dec Decoder
	var objs []*Object
	for _, l := range fileStrings(b, "../testdata/orders/orders-2k.ndjson") {
		v, _ := dec.ParseRecord(l)
		objs = append(objs, v.(*Object))
	}
	benchPathGets(b, objs, "customer.email", "customer.vip", "customer.name.last", "shipping.city", "shipping.geo", "shipping.zip")
}

// BenchmarkEscapedString decodes a JSON-in-string field's text with its
// escapes (the orders records' payload), with a recycled Decoder's memory.
func BenchmarkEscapedString(b *testing.B) {
	s := `"{\"device\":\"android\",\"campaign\":\"blackfriday\",\"session\":\"6ca44cf2ca4ef700\"}",`
	var dec Decoder
	dec.Recycle()
	for i := 0; i < b.N; i++ {
		d := decoder{s: s, slab: dec.slab}
		if _, err := d.str(); err != nil {
			b.Fatal(err)
		}
		if i%1000 == 999 {
			dec.Recycle()
		}
	}
}

// BenchmarkParseRecord decodes records as a rulec run worker does, nothing
// read: a Decoder recycled every 100 lines (about a 64 KiB batch), over the
// 2k web-log sample and the orders records.
func BenchmarkParseRecord(b *testing.B) {
	for _, set := range []struct{ name, file string }{
		{"weblog", "../testdata/weblog/weblogs-2k.ndjson"},
		{"orders", "../testdata/orders/orders-2k.ndjson"},
	} {
		b.Run(set.name, func(b *testing.B) {
			benchDecodeAndRead(b, fileStrings(b, set.file), 100)
		})
	}
}
