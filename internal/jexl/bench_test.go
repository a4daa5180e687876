package jexl

import (
	"testing"

	"github.com/sluice-dev/sluice/record"
)

var benchRecord, _ = record.ParseObject([]byte(`{"host":"example.com","method":"GET","bytes":5120,"status":200,` +
	`"path":"/a/b","ua":"Mozilla/5.0","items":[{"qty":1,"price":3},{"qty":4,"price":7}],"temp":null,"n":7}`))

func benchEval(b *testing.B, src string) {
	p, err := Compile(src)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Eval(benchRecord); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkConcat(b *testing.B)     { benchEval(b, `method + ' ' + host + path`) }
func BenchmarkArithmetic(b *testing.B) { benchEval(b, `bytes / 1024 > 4 ? 'big' : 'small'`) }
func BenchmarkMember(b *testing.B)     { benchEval(b, `items[1].price * n`) }
func BenchmarkLogical(b *testing.B) {
	benchEval(b, `status == 200 && method in ['GET', 'HEAD'] || temp`)
}
func BenchmarkCompileMedium(b *testing.B) {
	for b.Loop() {
		if _, err := Compile(`status >= 400 ? 'error' : method + ' ' + host + (bytes > 1000 ? ' big' : '')`); err != nil {
			b.Fatal(err)
		}
	}
}
