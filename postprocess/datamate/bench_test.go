package datamate

import (
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

func benchImpl(b *testing.B, name, args string) *postprocess.Impl {
	b.Helper()
	impl, err := specByName(name).Build(postprocess.NewArgs(ruleArgs(b, []byte(args))))
	if err != nil {
		b.Fatal(err)
	}
	return impl
}

func benchValidate(b *testing.B, name, args, input string) {
	impl := benchImpl(b, name, args)
	v := mustParse(b, []byte(input))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := impl.Validate(v); err != nil {
			b.Fatal(err)
		}
	}
}

func benchTransform(b *testing.B, name, args, input string) {
	impl := benchImpl(b, name, args)
	v := mustParse(b, []byte(input))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := impl.Transform(v, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func benchRecord(b *testing.B, name, args, input string) {
	impl := benchImpl(b, name, args)
	rec := record.New(mustParse(b, []byte(input)).(*record.Object))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var err error
		if impl.Record != nil {
			_, err = impl.Record(rec)
		} else {
			_, err = impl.RecordTx(rec)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkIsString(b *testing.B) { benchValidate(b, "isString", `{}`, `"hello"`) }
func BenchmarkIsIP(b *testing.B)     { benchValidate(b, "isIP", `{}`, `"192.168.10.1"`) }
func BenchmarkInIPRange(b *testing.B) {
	benchValidate(b, "inIPRange", `{"cidr":"8.8.8.0/24"}`, `"8.8.8.8"`)
}
func BenchmarkIsLength(b *testing.B) { benchValidate(b, "isLength", `{"min":3,"max":10}`, `"astring"`) }
func BenchmarkContains(b *testing.B) { benchValidate(b, "contains", `{"value":"ll"}`, `"hello"`) }
func BenchmarkIsPostalCode(b *testing.B) {
	benchValidate(b, "isPostalCode", `{"locale":"US"}`, `"85249"`)
}
func BenchmarkEvery(b *testing.B) {
	benchValidate(b, "every", `{"fn":"isString"}`, `["a","b","c"]`)
}
func BenchmarkToUpperCase(b *testing.B) { benchTransform(b, "toUpperCase", `{}`, `"hello world"`) }
func BenchmarkTrim(b *testing.B)        { benchTransform(b, "trim", `{}`, `"  hello  "`) }
func BenchmarkDedupeTags(b *testing.B)  { benchTransform(b, "dedupe", `{}`, `["web","error","web"]`) }
func BenchmarkReplaceRegex(b *testing.B) {
	benchTransform(b, "replaceRegex", `{"regex":"s|e","replace":"d","global":true}`, `"somestring"`)
}
func BenchmarkEncodeSHA(b *testing.B) { benchTransform(b, "encodeSHA", `{}`, `"hello world"`) }
func BenchmarkToNumber(b *testing.B)  { benchTransform(b, "toNumber", `{}`, `"12321"`) }
func BenchmarkParseJSON(b *testing.B) {
	benchTransform(b, "parseJSON", `{}`, `"{\"a\":1,\"b\":[1,2]}"`)
}
func BenchmarkSelect(b *testing.B) {
	benchRecord(b, "select", `{"query":"next:data"}`, `{"next":"data","other":1}`)
}
func BenchmarkRequired(b *testing.B) {
	benchRecord(b, "required", `{"fields":["a","b"]}`, `{"a":1,"b":2,"c":3}`)
}
func BenchmarkTransformRecord(b *testing.B) {
	benchRecord(b, "transformRecord", `{"jexlExp":"hello|toUpperCase","field":"final"}`, `{"hello":"world"}`)
}

// BenchmarkValidatorStep: a validation step as the plan runs it (the rule
// wrapper on a record holding the value, in place), with the validator's
// answer for strings (fast) and without it (slow).
func BenchmarkValidatorStep(b *testing.B) {
	for _, c := range []struct{ name, args, input string }{
		{"isLength", `{"min":2,"max":2}`, `"nl"`},
		{"isEmail", `{}`, `"gus.ng853@example.com"`},
		{"isString", `{}`, `"gus.ng853@example.com"`},
	} {
		for _, fast := range []bool{true, false} {
			mode := "fast"
			if !fast {
				mode = "slow"
			}
			b.Run(c.name+"/"+mode, func(b *testing.B) {
				op, err := postprocess.NewOp(specByName(c.name), ruleArgs(b, []byte(c.args)), "field", nil, "field", false)
				if err != nil {
					b.Fatal(err)
				}
				if !fast {
					slow := *op.Impl
					slow.ValidString = nil
					op.Impl = &slow
				}
				rec := record.New(record.FromMap(map[string]any{"field": mustParse(b, []byte(c.input))}))
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if r, err := op.Run(rec); r == nil || err != nil {
						b.Fatal("removed", err)
					}
				}
			})
		}
	}
}

// BenchmarkFromString: a transform's answer for a string made in a
// worker's Scratch (recycled every 100 values, as a worker does).
func BenchmarkFromString(b *testing.B) {
	for _, c := range []struct{ name, input string }{
		{"toLowerCase", "Gus.Ng853@Example.com"},
		{"toUpperCase", "Weber"},
		{"decodeBase64", "dXNlcjo1NTkxOndlYg=="},
		{"decodeURL", "caf%C3%A9%20table"},
		{"parseJSON", `{"device":"android","campaign":"blackfriday","session":"6ca44cf2ca4ef700"}`},
	} {
		b.Run(c.name, func(b *testing.B) {
			impl := benchImpl(b, c.name, `{}`)
			var sc postprocess.Scratch
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if _, err := impl.FromString(&sc, c.input); err != nil {
					b.Fatal(err)
				}
				if i%100 == 99 {
					sc.Recycle()
				}
			}
		})
	}
}

// BenchmarkTransformStep: an in-place transform step as the plan runs it
// (the rule wrapper on a record of a few keys holding the value), with the
// transform's answer for strings made in a Scratch.
func BenchmarkTransformStep(b *testing.B) {
	for _, c := range []struct{ name, input string }{
		{"toLowerCase", `"Gus.Ng853@Example.com"`},
		{"toUpperCase", `"Weber"`},
	} {
		b.Run(c.name, func(b *testing.B) {
			op, err := postprocess.NewOp(specByName(c.name), ruleArgs(b, []byte(`{}`)), "field", nil, "field", false)
			if err != nil {
				b.Fatal(err)
			}
			data := record.FromMap(map[string]any{"a": 1.0, "b": "x", "c": true, "field": mustParse(b, []byte(c.input))})
			rec := record.New(data)
			var sc postprocess.Scratch
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if r, err := op.RunIn(rec, &sc); r == nil || err != nil {
					b.Fatal("removed", err)
				}
				if i%100 == 99 {
					sc.Recycle()
				}
			}
		})
	}
}
