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

// BenchmarkCanonical checks the nested members of sample records as the
// encoder does (quick: canonicalMember) and with canonical alone (exact);
// skip validates them with quickSkip, the floor of a one-loop scan.
func BenchmarkCanonical(b *testing.B) {
	texts := lazyTexts(b)
	bytes := 0
	for _, s := range texts {
		bytes += len(s)
	}
	for _, c := range []struct {
		name  string
		check func(string) bool
	}{
		{"quick", canonicalMember},
		{"exact", canonical},
		{"skip", func(s string) bool { _, ok := quickSkip(s, 0); return ok }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(bytes / len(texts)))
			for i := 0; i < b.N; i++ {
				if !c.check(texts[i%len(texts)]) {
					b.Fatal("not canonical: ", texts[i%len(texts)])
				}
			}
		})
	}
}

// BenchmarkPassThroughRawWeblog is BenchmarkPassThroughRaw on web-log
// records: more keys, so that keys whose one-bit hashes collide are
// common.
func BenchmarkPassThroughRawWeblog(b *testing.B) {
	benchPassThroughRaw(b, "../testdata/weblog/weblogs-2k.ndjson")
}
