package compiler

import (
	"testing"

	"github.com/sluice-dev/sluice/lang/diag"
)

// BenchmarkCompile20000Rules loads and compiles 20,000 extraction rules and
// 10,000 post-process rules following them (docs/performance.md).
func BenchmarkCompile20000Rules(b *testing.B) {
	text := manyRules(20000)
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if p, diags := Compile([]*diag.Source{diag.NewSource("r.txt", text)}, Config{}); p == nil {
			b.Fatal(diags.Err())
		}
	}
}
