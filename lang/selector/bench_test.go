package selector

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/record"
)

func weblogRecords(b *testing.B) []*record.Object {
	f, err := os.Open("../../testdata/weblog/weblogs-2k.ndjson")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var out []*record.Object
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		o, err := record.ParseObject(sc.Bytes())
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, o)
	}
	return out
}

var weblogTypes = map[string]string{"ip": "ip", "created": "date", "bytes": "integer", "status": "integer"}

// BenchmarkMatch measures one selector match per record of the benchmark
// sample (ns/op is per record).
func BenchmarkMatch(b *testing.B) {
	recs := weblogRecords(b)
	for _, bc := range []struct{ name, query string }{
		{"term", `host:www.example.com`},
		{"term-and-term", `host:www.example.com AND status:200`},
		{"exists-and-not", `_exists_:user.email AND NOT status:404`},
		{"range", `status:>=500`},
		{"ip-cidr", `ip:"10.0.0.0/8"`},
		{"ip-eq", `ip:"10.75.115.215"`},
		{"regex", `userAgent:/.*(Chrome|Firefox).*/`},
		{"field-group", `bytes:>=40000 AND method:(GET OR POST)`},
		{"wildcard-suffix", `host:*.example.com`},
		{"wildcard-prefix", `host:www.*`},
		{"wildcard-contains", `userAgent:*Chrome*`},
	} {
		m, err := Compile(bc.query, Options{Types: weblogTypes})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			hits := 0
			for i := 0; i < b.N; i++ {
				if m.Match(recs[i%len(recs)]) {
					hits++
				}
			}
			_ = hits
		})
	}
}

// BenchmarkCompileDeepSelector parses and builds a selector nested in
// 10,000 parentheses (docs/performance.md).
func BenchmarkCompileDeepSelector(b *testing.B) {
	q := strings.Repeat("(", 10000) + "a:1" + strings.Repeat(")", 10000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compile(q, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompileLongAnd parses and builds 100,000 AND-ed terms.
func BenchmarkCompileLongAnd(b *testing.B) {
	q := strings.TrimSuffix(strings.Repeat("f:v AND ", 100000), " AND ")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compile(q, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
