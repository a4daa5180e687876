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

// BenchmarkCompileRuleSets compiles the benchmark rule sets (web log and
// orders) as rulec run does before its first record: at one record per run
// this is a third of the process's CPU.
func BenchmarkCompileRuleSets(b *testing.B) {
	for _, set := range []struct{ name, rules, types string }{
		{"weblog", "../testdata/weblog/weblog-rules.txt", "../testdata/weblog/weblog-types.json"},
		{"orders", "../testdata/orders/orders-rules.txt", "../testdata/orders/orders-types.json"},
	} {
		b.Run(set.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				compileBench(b, set.rules, set.types)
			}
		})
	}
}
