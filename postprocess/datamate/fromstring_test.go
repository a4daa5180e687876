package datamate

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// stringInputs are edge strings for the transforms with a string fast
// path: case mappings with special rules, escapes (valid, malformed,
// overlong, surrogates), base64 and hex with padding and stray characters,
// JSON texts (nested, empty, duplicate keys, escapes, numbers at their
// edges, too deep, malformed), invalid UTF-8, line terminators and the
// empty string.
var stringInputs = []string{
	"", " ", "a", "HeLLo", "straße", "İstanbul", "ΟΔΟΣ Σ", "ǅ", "ﬀ", "𝐀𝐁", "\u2028\u2029\n\r",
	"caf%C3%A9%20table", "%", "%E0%A4%A", "%ED%A0%80", "%C0%AF", "%F0%9F%98%80", "%25", "a+b%2B",
	"aGVsbG8gd29ybGQ=", "aGVs bG8=", "aGVsbG8", "-_-_", "====", "/w==", "gA", "4pyT",
	"QR==", "QQ==QQ==", "QQ==\n", "QQ\n==", "Q===", "QUJD\r\nREVG", "QUJD\nREVG\n", "QUJDREVG\r", "=QUJD", "QUJD=", "QUJ=",
	"w6k=", "/+/+", "_-_-", "8J+YgA==", "7aCA", "gICA", "QUJD\x00REVG", "QUJDÉREVG",
	"68656c6c6f", "68zz6c", "zz", "6", "ff", "c3a9",
	"\xff\xfe", "a\x00b", "\xed\xa0\x80", "é✓😀",
	"Hello.World853@Example.COM", "abcdefghijklmnop", "ABCDEFGHIJKLMNOPQRSTUVWXYZ[@`{", "ABCDEFGßHIJKLMNOΣ", "abcdefgh\xffIJKLMNOP",
	`{"device":"android","campaign":"blackfriday","n":[1,{"a":null}],"o":{"p":{"q":true}}}`,
	`{}`, `[]`, `{"a":1,"a":2}`, `{"a":{"b":1,"b":{"c":2}}}`, `[{"a":1},[2,[3]]]`, `"str\u00e9\n"`,
	`5`, `-0`, `1e400`, `0.1e-400`, `123456789012345678901234567890`, `true`, `null`, ` {"a" : [ 1 , 2 ] } `,
	`{"a":1,}`, `{bad`, `[1,2`, `{"a":"\ud800"}`, `"\x01"`, strings.Repeat("[", 600) + strings.Repeat("]", 600),
	`{"a":` + strings.Repeat("[", 600) + strings.Repeat("]", 600) + `}`,
}

// randomString mixes the characters the transforms treat specially.
func randomString(rng *rand.Rand) string {
	const alphabet = "aZ09+/=-_% \t\nßΣİé✓😀\xff\x00{}[]\":,"
	r := []rune(alphabet)
	var b strings.Builder
	for n := rng.IntN(12); n > 0; n-- {
		b.WriteRune(r[rng.IntN(len(r))])
	}
	return b.String()
}

// TestFromStringAgreesWithTransform: every transform that has a string fast
// path (postprocess.Impl.FromString) gives what its Transform gives on
// strings, with and without a Scratch, alone and through the rule wrapper.
func TestFromStringAgreesWithTransform(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	inputs := append([]string(nil), stringInputs...)
	for i := 0; i < 500; i++ {
		inputs = append(inputs, randomString(rng))
	}
	var names []string
	for _, s := range Specs() {
		impl, err := s.Build(postprocess.NewArgs(record.NewObject(0)))
		if err != nil || impl.FromString == nil {
			continue
		}
		names = append(names, s.Name)
		var sc postprocess.Scratch
		for _, in := range inputs {
			checkFromString(t, s, impl, in, &sc)
		}
	}
	if len(names) < 8 {
		t.Fatalf("only %v have a string fast path", names)
	}
}

func checkFromString(t *testing.T, s *postprocess.Spec, impl *postprocess.Impl, in string, sc *postprocess.Scratch) {
	t.Helper()
	want, werr := impl.Transform(in, nil)
	for _, scratch := range []*postprocess.Scratch{sc, nil} {
		got, gerr := impl.FromString(scratch, in)
		if (werr != nil) != (gerr != nil) || werr == nil && !sameValue(got, want) {
			t.Fatalf("%s(%q): FromString gives %s (%v), Transform %s (%v)", s.Name, in, record.JSON(got), gerr, record.JSON(want), werr)
		}
	}
	slow := *impl
	slow.FromString = nil
	checkWrapper(t, s, record.NewObject(0), &slow, in, false, sc)
}

// checkWrapper: the rule wrapper of s's operation on a record holding in,
// in place and to another target, gives the same record with its Impl as
// with slow (the Impl without a fast path), sc or not.
func checkWrapper(t *testing.T, s *postprocess.Spec, rule *record.Object, slow *postprocess.Impl, in string, invert bool, sc *postprocess.Scratch) {
	t.Helper()
	for _, target := range []string{"field", "out"} {
		fast, err := postprocess.NewOp(s, rule, "field", nil, target, invert)
		if err != nil {
			t.Fatal(err)
		}
		plain := *fast
		plain.Impl = slow
		a, errA := fast.RunIn(record.New(record.FromMap(map[string]any{"field": in})), sc)
		b, errB := plain.Run(record.New(record.FromMap(map[string]any{"field": in})))
		if (errA != nil) != (errB != nil) || (a == nil) != (b == nil) || a != nil && record.JSON(a.Data) != record.JSON(b.Data) {
			t.Fatalf("%s(%q) -> %s (invert %v): fast path %v (%v), plain %v (%v)", s.Name, in, target, invert, a, errA, b, errB)
		}
	}
}

// sameValue is deep equality that also tells the key order of objects
// apart (record.DeepEqual does not).
func sameValue(a, b any) bool {
	return record.DeepEqual(a, b) && record.JSON(a) == record.JSON(b)
}

// TestValidStringAgreesWithValidate: every validator that has an answer
// for strings (postprocess.Impl.ValidString) gives what its Validate gives
// on strings, alone and through the rule wrapper, with and without
// output:false.
func TestValidStringAgreesWithValidate(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	inputs := append([]string(nil), stringInputs...)
	inputs = append(inputs, "user@example.com", "a@b.co", "Gus.Ng853@Example.com", "@x.com", "a@b@c.de",
		"192.168.0.1", "::1", "fe80::1%eth0", "10.0.0.0/8", "1.2.3.04", "dXNlcjo1NTkxOndlYg==", "dXNlcjo3MjYzNDp3ZWI=")
	for i := 0; i < 500; i++ {
		inputs = append(inputs, randomString(rng))
	}
	var names []string
	for _, s := range Specs() {
		for _, rule := range validStringRules(t, s.Name) {
			impl, err := s.Build(postprocess.NewArgs(rule))
			if err != nil || impl.ValidString == nil {
				continue
			}
			names = append(names, s.Name+record.JSON(rule))
			for _, in := range inputs {
				checkValidString(t, s, rule, impl, in)
			}
		}
	}
	if len(names) < 8 {
		t.Fatalf("only %v have an answer for strings", names)
	}
	for name, rules := range validStringArgs {
		n := 0
		for _, got := range names {
			if strings.HasPrefix(got, name+"{") {
				n++
			}
		}
		if n < len(rules) {
			t.Errorf("%s has an answer for strings with only %d of its %d argument sets", name, n, len(rules))
		}
	}
}

// validStringArgs are the rule arguments TestValidStringAgreesWithValidate
// builds a validator with, besides none: for the validators whose answer
// for strings depends on them (numbers, numeric strings, falsy values,
// nonsense).
var validStringArgs = map[string][]string{
	"isLength": {`{"min":2,"max":2}`, `{"min":6,"max":80}`, `{"size":7}`, `{"size":2}`, `{"size":"2"}`, `{"size":0,"min":1}`,
		`{"size":true}`, `{"size":"x"}`, `{"min":3}`, `{"max":5}`, `{"min":"3","max":"4"}`, `{"min":"0","max":0}`,
		`{"max":null,"min":1}`, `{"min":"x"}`, `{"min":-1,"max":1.5}`, `{"size":null,"max":4}`, `{"max":0,"min":false,"size":"0"}`},
}

// validStringRules are the rule objects to build name with: none, then
// validStringArgs.
func validStringRules(t *testing.T, name string) []*record.Object {
	rules := []*record.Object{record.NewObject(0)}
	for _, a := range validStringArgs[name] {
		v, err := record.ParseJSONString(a)
		if err != nil {
			t.Fatal(err)
		}
		rules = append(rules, v.(*record.Object))
	}
	return rules
}

func checkValidString(t *testing.T, s *postprocess.Spec, rule *record.Object, impl *postprocess.Impl, in string) {
	t.Helper()
	want, werr := impl.Validate(in)
	if got := impl.ValidString(in); werr != nil || got != want {
		t.Fatalf("%s(%q): ValidString gives %v, Validate %v (%v)", s.Name, in, got, want, werr)
	}
	slow := *impl
	slow.ValidString = nil
	for _, invert := range []bool{false, true} {
		checkWrapper(t, s, rule, &slow, in, invert, nil)
	}
}
