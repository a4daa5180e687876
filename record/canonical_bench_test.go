package record

import "testing"

// lazyTexts are the texts of the nested members of the orders and web-log
// samples (customer, shipping, items, ...): what the canonical check reads
// when a rule copies such a member as it came.
func lazyTexts(b testing.TB) []string {
	var texts []string
	for _, f := range []string{"../testdata/orders/orders-2k.ndjson", "../testdata/weblog/weblogs-2k.ndjson"} {
		for _, line := range fileStrings(b, f) {
			v, err := ParseRecordString(line)
			if err != nil {
				b.Fatal(err)
			}
			for _, fl := range v.(*Object).fields {
				if l, ok := fl.val.(*lazyJSON); ok {
					texts = append(texts, l.text)
				}
			}
		}
	}
	return texts
}

// BenchmarkCanonical checks the nested members of sample records.
func BenchmarkCanonical(b *testing.B) {
	texts := lazyTexts(b)
	bytes := 0
	for _, s := range texts {
		bytes += len(s)
	}
	b.SetBytes(int64(bytes / len(texts)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if !canonical(texts[i%len(texts)]) {
			b.Fatal("not canonical: ", texts[i%len(texts)])
		}
	}
}

// BenchmarkPassThroughRawWeblog is BenchmarkPassThroughRaw on web-log
// records: more keys, so that keys whose one-bit hashes collide are
// common.
func BenchmarkPassThroughRawWeblog(b *testing.B) {
	benchPassThroughRaw(b, "../testdata/weblog/weblogs-2k.ndjson")
}
