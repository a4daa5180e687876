package all

import (
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// BenchmarkHotOperations measures the operations rules use most, at rule
// level (the registry entry bound once, then the wrapper run on a record
// per iteration; results go to another field so every iteration does the
// same work), without and with a Scratch (as a plan runs them).
func BenchmarkHotOperations(b *testing.B) {
	for _, c := range []struct{ name, input string }{
		{"isEmail", `"peggy.roberts@tera.io"`},
		{"isIP", `"204.141.159.173"`},
		{"isURL", `"https://www.example.com/products/item-76187?user=peggy521"`},
		{"isUUID", `"0668cf8b-27f8-4f4d-9f2d-d3c5b3e4a1b2"`},
		{"isNumber", `49658`},
		{"isGeoPoint", `{"lat":-25.85979,"lon":-130.03517}`},
		{"toLowerCase", `"GET"`},
		{"decodeBase64", `"aGVsbG8gd29ybGQ="`},
		{"decodeURL", `"caf%C3%A9%20table"`},
		{"parseJSON", `"{\"device\":\"android\",\"campaign\":\"blackfriday\",\"session\":\"6ca44cf2ca4ef700\"}"`},
	} {
		spec, ok := postprocess.Lookup(c.name)
		if !ok {
			b.Fatalf("%s is not registered", c.name)
		}
		rule := record.NewObject(2)
		rule.Set("source", "field")
		rule.Set("target", "out")
		op, err := postprocess.NewOp(spec, rule, "field", nil, "out", false)
		if err != nil {
			b.Fatal(err)
		}
		v, err := record.ParseJSONString(c.input)
		if err != nil {
			b.Fatal(err)
		}
		rec := record.New(record.NewObject(2))
		rec.Data.Set("field", v)
		for _, sc := range []*postprocess.Scratch{nil, {}} {
			name := c.name
			if sc != nil {
				name += "/scratch"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if out, _ := op.RunIn(rec, sc); out == nil {
						b.Fatal("record eliminated")
					}
				}
			})
		}
	}
}

// BenchmarkValidationChain runs the orders rule set's e-mail chain in place
// (isString, isEmail, toLowerCase, isLength 6..80, isASCII, isEmail), as a
// plan's pipeline does: the per-operation overhead of a long chain.
func BenchmarkValidationChain(b *testing.B) {
	var ops []*postprocess.Op
	for _, c := range []struct{ name, args string }{
		{"isString", `{}`}, {"isEmail", `{}`}, {"toLowerCase", `{}`},
		{"isLength", `{"min":6,"max":80}`}, {"isASCII", `{}`}, {"isEmail", `{}`},
	} {
		ops = append(ops, bindInPlace(b, c.name, c.args, "email"))
	}
	rec := record.New(record.NewObject(2))
	var sc postprocess.Scratch
	b.Run("RunIn", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			rec.Data.Set("email", "Gus.Ng853@Example.com")
			for _, op := range ops {
				if out, err := op.RunIn(rec, &sc); out == nil || err != nil {
					b.Fatalf("%s eliminated the record (%v)", op.Spec.Name, err)
				}
			}
		}
	})
	b.Run("RunSlot", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			rec.Data.Set("email", "Gus.Ng853@Example.com")
			var slot postprocess.Slot
			for _, op := range ops {
				if out, err := op.RunSlot(rec, &slot, &sc); out == nil || err != nil {
					b.Fatalf("%s eliminated the record (%v)", op.Spec.Name, err)
				}
			}
		}
	})
}

// BenchmarkSlotSteps runs single steps as a plan's pipeline does
// (RunSlot), the Scratch recycled every 100 records as a worker does:
// what a step costs beyond its function.
func BenchmarkSlotSteps(b *testing.B) {
	for _, c := range []struct{ name, args, input string }{
		{"parseJSON", `{}`, `{"device":"android","campaign":"blackfriday","session":"6ca44cf2ca4ef700"}`},
		{"toLowerCase", `{}`, `Gus.Ng853@Example.com`},
		{"toUpperCase", `{}`, `Weber`},
		{"decodeBase64", `{}`, `dXNlcjozNTUwNDpzdG9yZQ==`},
		{"isEmail", `{}`, `gus.ng853@example.com`},
		{"isString", `{}`, `gus.ng853@example.com`},
	} {
		op := bindInPlace(b, c.name, c.args, "f")
		b.Run(c.name, func(b *testing.B) {
			rec := record.New(record.NewObject(4))
			rec.Data.Set("o", 1.0)
			var sc postprocess.Scratch
			in := any(c.input)
			for i := 0; b.Loop(); i++ {
				rec.Data.Set("f", in)
				var slot postprocess.Slot
				if out, err := op.RunSlot(rec, &slot, &sc); out == nil || err != nil {
					b.Fatalf("%s eliminated the record (%v)", c.name, err)
				}
				if i%100 == 99 {
					sc.Recycle()
				}
			}
		})
	}
}

// bindInPlace binds the operation name with the rule arguments args (a
// JSON object) in place on key.
func bindInPlace(b *testing.B, name, args, key string) *postprocess.Op {
	b.Helper()
	spec, ok := postprocess.Lookup(name)
	if !ok {
		b.Fatalf("%s is not registered", name)
	}
	rule, err := record.ParseObject([]byte(args))
	if err != nil {
		b.Fatal(err)
	}
	op, err := postprocess.NewOp(spec, rule, key, nil, key, false)
	if err != nil {
		b.Fatal(err)
	}
	return op
}
