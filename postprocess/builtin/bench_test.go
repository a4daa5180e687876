package builtin

import (
	"encoding/json"
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

func benchImpl(b *testing.B, name, args string) *postprocess.Impl {
	b.Helper()
	impl, err := specByName(name).Build(postprocess.NewArgs(ruleFor(b, json.RawMessage(args))))
	if err != nil {
		b.Fatal(err)
	}
	return impl
}

func benchValidate(b *testing.B, name, args string, v any) {
	impl := benchImpl(b, name, args)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x := v
		if impl.Normalize != nil {
			x, _ = impl.Normalize(x)
		}
		if ok, err := impl.Validate(x); !ok || err != nil {
			b.Fatalf("%s: %v %v", name, ok, err)
		}
	}
}

func BenchmarkNumber(b *testing.B) { benchValidate(b, "number", "", "56.234") }
func BenchmarkString(b *testing.B) { benchValidate(b, "string", `{"length":5}`, "hello") }
func BenchmarkEmail(b *testing.B)  { benchValidate(b, "email", "", "user@example.com") }
func BenchmarkIP(b *testing.B)     { benchValidate(b, "ip", "", "193.0.0.23") }
func BenchmarkUUID(b *testing.B) {
	benchValidate(b, "uuid", "", "1c7ce488-f4ad-4aae-a6f4-76f9cd5c8635")
}
func BenchmarkISDN(b *testing.B)      { benchValidate(b, "isdn", "", "14803847362") }
func BenchmarkPluginInt(b *testing.B) { benchValidate(b, "int", `{"min":0,"max":100}`, "42") }
func BenchmarkPluginAlpha(b *testing.B) {
	benchValidate(b, "alpha", `{"value":"en-US"}`, "abcdef")
}
func BenchmarkPluginPostalCode(b *testing.B) {
	benchValidate(b, "postalcode", `{"value":"US"}`, "85249")
}
func BenchmarkPluginMatches(b *testing.B) { benchValidate(b, "matches", `{"value":"^ab+c$"}`, "abbbc") }

func benchString(b *testing.B, name, args, in string) {
	impl := benchImpl(b, name, args)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := impl.String(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBase64Decode(b *testing.B) { benchString(b, "base64decode", "", "aGVsbG8gd29ybGQ=") }
func BenchmarkURLEncode(b *testing.B)    { benchString(b, "urlencode", "", "hello world") }
func BenchmarkSHA2Encode(b *testing.B)   { benchString(b, "sha2encode", "", "hello world") }

func benchTransform(b *testing.B, name string, v any) {
	impl := benchImpl(b, name, "")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if out, _ := impl.Transform(v, nil); out == record.Undefined {
			b.Fatal("removed")
		}
	}
}

func BenchmarkJSONParse(b *testing.B) { benchTransform(b, "jsonparse", `{"a":1,"b":"x"}`) }
func BenchmarkLowercase(b *testing.B) { benchTransform(b, "lowercase", "Hello World") }
func BenchmarkDedup(b *testing.B) {
	benchTransform(b, "dedup", []any{"a", "b", "a", 1.0, 2.0, 1.0, "c", true, true})
}

// BenchmarkOpRunEmail measures the whole wrapper on one record.
func BenchmarkOpRunEmail(b *testing.B) {
	op, err := newOp(specByName("email"), ruleFor(b, nil))
	if err != nil {
		b.Fatal(err)
	}
	data := record.NewObject(1)
	data.Set("field", "user@example.com")
	r := record.New(data)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if out, _ := op.Run(r); out == nil {
			b.Fatal("dropped")
		}
	}
}
