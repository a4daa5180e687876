package plan

import (
	"testing"

	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/record"
)

// The benchmarks below time the plan's own per-record steps on a web-log
// sized record (see compiler's BenchmarkLines for the whole run).

const benchRecord = `{"request_id":"req-1","ip":"204.141.159.173","host":"www.example.com","method":"GET",` +
	`"url":"https://www.example.com/products/item-76187?user=peggy521&session=738b42c835484f3e&ref=home",` +
	`"status":200,"bytes":49658,"created":"2024-03-04T20:29:16.356Z",` +
	`"user":{"email":"peggy.roberts@tera.io","name":{"first":"Peggy","last":"Evans"}}}`

func BenchmarkJoinStep(b *testing.B) {
	o := obj(b, `{"first_name":"Peggy","last_name":"Evans"}`)
	s := &Step{Kind: StepJoin, Fields: paths("first_name", "last_name"), Delimiter: " ", Target: record.ParsePath("full_name")}
	var st State
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.join(o, &st)
	}
}

// BenchmarkJoinHidden: the web log's join of two output:false parts in an
// output record of eleven keys, the parts read where their extractions
// noted them (noted) or looked up (lookup).
func BenchmarkJoinHidden(b *testing.B) {
	for _, noted := range []bool{true, false} {
		name := "lookup"
		if noted {
			name = "noted"
		}
		b.Run(name, func(b *testing.B) {
			o := obj(b, `{"user_name":"peggy521","session_id":"738b","section":"products","client_ip":"204.141.159.173",`+
				`"big_bytes":49658,"verb":"get","browser":"Chrome/120","email":"peggy.roberts@tera.io",`+
				`"first_name":"Peggy","last_name":"Evans","request_id":"req-1"}`)
			s := &Step{Kind: StepJoin, Fields: paths("first_name", "last_name"), Delimiter: " ", Target: record.ParsePath("full_name")}
			var st State
			if noted {
				s.noted = []notedKey{{key: "first_name"}, {key: "last_name", shift: 8}}
				st.restrictAt = 9 | 10<<8 // 1 + their positions
			}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				s.join(o, &st)
				o.Delete("full_name")
			}
		})
	}
}

func BenchmarkSliceExtraction(b *testing.B) {
	e := &Extraction{HasSource: true, Direct: true, Source: record.ParsePath("url"), Target: record.ParsePath("user_name"),
		Slice: true, Start: "user=", End: "&"}
	benchExtraction(b, e)
}

func BenchmarkRegexExtraction(b *testing.B) {
	e := &Extraction{HasSource: true, Direct: true, Source: record.ParsePath("url"), Target: record.ParsePath("section"),
		Regex: jsre.MustCompile(`/(products|blog|search|account|cart)/`, "")}
	benchExtraction(b, e)
}

func benchExtraction(b *testing.B, e *Extraction) {
	src := obj(b, benchRecord)
	var st State
	dst := record.NewObject(8)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if set, err := e.apply(src, dst, src, &st); !set || err != nil {
			b.Fatal(set, err)
		}
	}
}

// BenchmarkOutput: three output:false fields and two other_match_required
// ones on an output record of eleven keys.
func BenchmarkOutput(b *testing.B) {
	p := &Plan{Require: []Requirement{{Field: "request_id"}, {Field: "created"}}}
	for _, k := range []string{"first_name", "last_name", "search_raw"} {
		p.Restrict = append(p.Restrict, Restriction{Path: record.ParsePath(k)})
	}
	p.Finish()
	in := obj(b, `{"user_name":"peggy521","session_id":"738b","section":"products","client_ip":"204.141.159.173",`+
		`"email":"peggy.roberts@tera.io","first_name":"Peggy","last_name":"Evans","full_name":"Peggy Evans",`+
		`"search_raw":"caf%C3%A9","request_id":"req-1","created":"2024-03-04T20:29:16.356Z"}`)
	fields := make([]any, 0, in.Len())
	keys := in.Keys()
	for _, k := range keys {
		v, _ := in.Get(k)
		fields = append(fields, v)
	}
	r := record.New(record.NewObject(16))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for j, k := range keys {
			r.Data.Set(k, fields[j])
		}
		if p.output(r, nil, 0) == nil {
			b.Fatal("no output")
		}
	}
}

// BenchmarkOutputPass: a record's fork gets eleven keys from as many plain
// copies, three of them output:false, two other_match_required, and the
// output pass removes the three: from where they were appended (noted)
// or looking for them (lookup).
func BenchmarkOutputPass(b *testing.B) {
	in := obj(b, `{"user_name":"peggy521","session_id":"738b","section":"products","client_ip":"204.141.159.173",`+
		`"email":"peggy.roberts@tera.io","first_name":"Peggy","last_name":"Evans","full_name":"Peggy Evans",`+
		`"search_raw":"caf%C3%A9","request_id":"req-1","created":"2024-03-04T20:29:16.356Z"}`)
	for _, noted := range []bool{true, false} {
		p := &Plan{Require: []Requirement{{Field: "request_id"}, {Field: "created"}}}
		for _, k := range []string{"first_name", "last_name", "search_raw"} {
			p.Restrict = append(p.Restrict, Restriction{Path: record.ParsePath(k)})
		}
		s := &Selector{Query: "*", All: true}
		for _, k := range in.Keys() {
			e, err := NewExtraction(RuleRef{}, ExtractionSpec{Source: k, Target: k, HasSource: true}, MultiUnset, false)
			if err != nil {
				b.Fatal(err)
			}
			s.Extractions = append(s.Extractions, e)
		}
		p.Selectors = []*Selector{s}
		p.Finish()
		name := "noted"
		if !noted {
			name, p.restrictTargets = "lookup", nil
		}
		b.Run(name, func(b *testing.B) {
			st := &State{ReuseOutput: true}
			r := record.New(in)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if out, _ := p.RunOne(r, st); out == nil || out.Data.Len() != 8 {
					b.Fatal("not the output expected")
				}
			}
		})
	}
}
