package record

import (
	"iter"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// TestCanonical: text said to be canonical is exactly what decoding and
// encoding it gives, and what encoding gives is said to be canonical
// (unless it has escapes or a wide object).
func TestCanonical(t *testing.T) {
	cases := []struct {
		in   string
		want bool
	}{
		{`{}`, true}, {`[]`, true}, {`{"a":1,"b":[1,"x",null,true,false,{}]}`, true},
		{`{"a": 1}`, false}, {` {"a":1}`, false}, {`{"a":1,"a":2}`, false}, {`{"a":"\n"}`, true}, {`{"a":"\u000a"}`, false}, {`{"a":"\u001f\"\\"}`, true}, {`{"a":"\u001F"}`, false}, {`{"a\n":1}`, false},
		{`{"aXb":"q\",\"aYb\":1","aYb":2}`, true}, {`{"aXb":"q\\","aYb":2,"aXb":3}`, false}, {`{"aXb":["\"]"],"aYb":2}`, true}, {`{"aYb":"x\"y","aXb":1,"aXb":2}`, false}, {`{"aYb":"x\"y\"","aXb":1,"aXb":2}`, false},
		{`{"a":"\u00e9"}`, false}, {`{"a":"é∑"}`, true}, {"{\"a\":\"\xff\"}", false},
		{`{"a":1.5}`, true}, {`{"a":1.50}`, false}, {`{"a":1e3}`, false}, {`{"a":-0}`, false},
		{`{"a":1e400}`, false}, {`{"a":0.1}`, true}, {`{"a":-12}`, true}, {`{"a":12345678901234567890}`, false},
		{`{"a":1e21}`, false}, {`{"a":1e+21}`, true}, {`{"a":{"b":1,"b":2}}`, false}, {`{"a":{"b":1},"b":{"b":2}}`, true},
	}
	for _, c := range cases {
		v, err := ParseJSONString(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got := canonical(c.in); got != c.want {
			t.Errorf("canonical(%s) = %v, want %v", c.in, got, c.want)
		}
		if canonical(c.in) && JSON(v) != c.in {
			t.Errorf("%s is said to be canonical but encodes as %s", c.in, JSON(v))
		}
	}
	rng := rand.New(rand.NewSource(11))
	canonicals := 0
	for i := 0; i < 2000; i++ {
		line := randomRecord(rng, i)
		if i%2 == 1 {
			line = strings.ReplaceAll(line, `\n`, "")
		}
		if canonical(line) {
			canonicals++
		}
		v, _ := ParseJSONString(line)
		out := JSON(v)
		if canonical(line) && out != line {
			t.Fatalf("%s is said to be canonical but encodes as %s", line, out)
		}
		if !canonical(out) && !containsByte(out, '\\') {
			t.Fatalf("encoder output %s is not said to be canonical", out)
		}
		raw, _ := ParseRecordRaw(line)
		if JSON(raw) != out {
			t.Fatalf("raw record %s encodes as %s, want %s", line, JSON(raw), out)
		}
	}
	if canonicals < 100 {
		t.Errorf("only %d of 2000 random records were canonical", canonicals)
	}
}

// ownShapeTrees has a test decode in shape trees of its own, and leaves
// the others as they were for the tests after it, when it decodes objects
// of many key lists: the trees are bounded, and a test that relies on
// shapes would find them full.
func ownShapeTrees(t *testing.T) {
	records, nested := recordShapes, nestedShapes
	freshShapeTree()
	t.Cleanup(func() { recordShapes, nestedShapes = records, nested })
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// TestCanonicalRepeatedKeys: objects whose keys share one-bit hashes, with
// values that hold quotes, braces and commas in strings and nested
// objects: canonical() never says yes to text that decoding and encoding
// change (a repeated key), and says yes to nearly all that they keep.
func TestCanonicalRepeatedKeys(t *testing.T) {
	ownShapeTrees(t) // (its key lists in every order fill the trees)
	rng := rand.New(rand.NewSource(37))
	same, said := 0, 0
	for n := 0; n < 20000; n++ {
		s := collidingObject(rng)
		v, err := ParseJSONString(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		roundTrip := JSON(v) == s
		if roundTrip {
			same++
		}
		if canonical(s) {
			said++
			if !roundTrip {
				t.Fatalf("canonical(%s) but it encodes as %s", s, JSON(v))
			}
		}
	}
	if said < same*9/10 {
		t.Errorf("canonical() said yes to %d of %d texts that encode as they are", said, same)
	}
}

// collidingObject is a random object of up to ten members whose keys
// share one-bit hashes (objectKeys), some of them repeated, with values
// that hold quotes, braces and commas in strings, and nested objects.
func collidingObject(rng *rand.Rand) string {
	values := []string{`1`, `"}{,\":"`, `{"ab":"]"}`, `[{"a":1},"b"]`, `{}`, `[]`, `null`, `"x,y"`, `{"ba":{"ab":[1,"}"]}}`, `true`,
		`"\",\"ab\":\""`, `"a\\"`, `"\\\",\"b\":"`, `["\"]","\\"]`, `{"ab":1,"ba":2,"ab":3}`, `[{"aXb":1,"aYb":2}]`}
	var b strings.Builder
	b.WriteByte('{')
	for i := rng.Intn(10); i >= 0; i-- {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + objectKeys[rng.Intn(len(objectKeys))] + `":` + values[rng.Intn(len(values))])
	}
	b.WriteByte('}')
	return b.String()
}

// shortDecimal is shortFraction of a whole literal: whether lit is a
// decimal that canonical takes without converting it.
func shortDecimal(lit string) bool {
	i := 0
	if lit[0] == '-' {
		i = 1
	}
	intStart := i
	for i < len(lit) && isDigit(lit[i]) {
		i++
	}
	if i >= len(lit) || lit[i] != '.' {
		return false
	}
	point := i
	for i++; i < len(lit) && isDigit(lit[i]); i++ {
	}
	return i == len(lit) && shortFraction(lit, intStart, point, i)
}

// TestShortDecimalIsCanonical pins canonical's shortcut for decimals
// against converting them: whatever shortDecimal accepts, strconv reads
// and AppendNumber writes back as it was, on random decimals of every
// length, with leading and trailing zeros, around 10^-6 and 15 digits.
func TestShortDecimalIsCanonical(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	digits := func(n int) string { return randomDigits(rng, n) }
	lits := []string{"0.000001", "0.0000001", "0.0000015", "-0.5", "123456789012345.5", "12345678901234.5", "0.123456789012345",
		"0.1234567890123456", "9007199254740993.5", "1.0", "01.5", "-0.0", ".5", "5.", "1.5e3"}
	for n := 0; n < 300000; n++ {
		lit := digits(rng.Intn(18)) + "." + strings.Repeat("0", rng.Intn(8)) + digits(rng.Intn(18))
		if rng.Intn(2) == 0 {
			lit = "-" + lit
		}
		lits = append(lits, lit)
	}
	accepted := 0
	for _, lit := range lits {
		if lit == "" || !shortDecimal(lit) {
			continue
		}
		accepted++
		f, err := strconv.ParseFloat(lit, 64)
		if got := string(AppendNumber(nil, f)); err != nil || got != lit {
			t.Fatalf("%s: shortDecimal accepts it, but it reads as %v (%v) and is written %s", lit, f, err, got)
		}
	}
	if accepted < len(lits)/10 {
		t.Errorf("shortDecimal accepted %d of %d", accepted, len(lits))
	}
}

// BenchmarkPassThroughRaw writes records read as text (ParseRecordRaw)
// and never used: the canonical check and a copy (orders records have a
// handful of decimals).
func BenchmarkPassThroughRaw(b *testing.B) {
	benchPassThroughRaw(b, "../testdata/orders/orders-2k.ndjson")
}

// benchPassThroughRaw reads each line of a file as text and writes it.
func benchPassThroughRaw(b *testing.B, file string) {
	lines := fileStrings(b, file)
	buf := make([]byte, 0, 4096)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		v, err := ParseRecordRaw(lines[i%len(lines)])
		if err != nil {
			b.Fatal(err)
		}
		buf = AppendJSON(buf[:0], v)
	}
}

// canonicalMutations are edits that may or may not keep a JSON text as
// the encoder writes it: white space, escapes, numbers in other forms and
// at the edges of the fast checks, non-ASCII and invalid UTF-8, repeated
// and escaped keys, deep nesting.
var canonicalMutations = []string{" ", "\n", `\n`, `\u000a`, `\u001f`, `\u001F`, `\"`, `\\`, `\/`, `\t`, `\u00e9`, "é", "\xff", "\xe2\x80\xa8",
	"\x01", "-0", "0", "00", "1.0", "0.10", "1E5", "1e5", "1e21", "1e+21", "1e-7", "0.000001", "0.0000001", "123456789012345",
	"1234567890123456", "12345678901234567", "0.1234567890123456", "1.5", "-1.5e300", "5e-324", "9007199254740993", "1e400",
	`"k":1,"k":2`, `"a":[{"b":1,"b":1}]`, `"\u0061":1,"a":2`, "[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]", `{"":0,"":1}`, `[]`, `{}`, `""`}

// TestCanonicalMutations pins canonical() against decoding and encoding:
// sample records, their nested members and random records with random edits spliced in at
// random places; canonical() never says yes to a valid text that does
// not encode as itself, and says yes to nearly every one that does and
// has no escape.
func TestCanonicalMutations(t *testing.T) {
	ownShapeTrees(t) // the edits make keys enough to fill the trees
	same, said := 0, 0
	for s, v := range mutatedTexts(t, 23, 100000) {
		out := JSON(v)
		if out == s && !containsByte(s, '\\') {
			same++
		}
		if canonical(s) {
			if out != s {
				t.Fatalf("canonical(%q) but it encodes as %q", s, out)
			}
			if !containsByte(s, '\\') {
				said++
			}
		}
	}
	if same < 1000 || said < same*99/100 {
		t.Errorf("canonical() said yes to %d of %d texts without escapes that encode as they are", said, same)
	}
}

// mutatedTexts yields n texts, sample records, their nested members and
// random records with random edits (canonicalMutations) spliced in at
// random places, and their decoding, when they are valid JSON.
func mutatedTexts(t *testing.T, seed int64, n int) iter.Seq2[string, any] {
	rng := rand.New(rand.NewSource(seed))
	bases := lazyTexts(t)[:1000]
	for _, f := range []string{"../testdata/orders/orders-2k.ndjson", "../testdata/weblog/weblogs-2k.ndjson"} {
		bases = append(bases, fileStrings(t, f)[:300]...)
	}
	for i := 0; i < 300; i++ {
		bases = append(bases, randomRecord(rng, i))
	}
	return func(yield func(string, any) bool) {
		for range n {
			s := bases[rng.Intn(len(bases))]
			for k := rng.Intn(3); k >= 0; k-- {
				at := rng.Intn(len(s) + 1)
				if rng.Intn(3) == 0 { // replace a stretch
					end := min(len(s), at+rng.Intn(6))
					s = s[:at] + canonicalMutations[rng.Intn(len(canonicalMutations))] + s[end:]
				} else {
					s = s[:at] + canonicalMutations[rng.Intn(len(canonicalMutations))] + s[at:]
				}
			}
			if v, err := ParseJSONString(s); err == nil && !yield(s, v) {
				return
			}
		}
	}
}

// TestCanonicalNumberAgreesWithConverting pins canonicalNumber's one-pass
// checks against converting: on valid JSON numbers of every form (signs,
// zeros, long integers, fractions with leading and trailing zeros,
// exponents), it says yes exactly when strconv reads the number and
// AppendNumber writes it back as it was, and it ends where the number does.
func TestCanonicalNumberAgreesWithConverting(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	digits := func(n int) string { return randomDigits(rng, n) }
	lits := []string{"0", "-0", "0.0", "-0.0", "1", "-1", "0.000001", "0.0000001", "0.0000015", "123456789012345",
		"1234567890123456", "-123456789012345", "9007199254740993", "1e5", "1E5", "1e+21", "1e21", "1.5e-7", "5e-324",
		"1e400", "0.1234567890123456", "123456789012345.5", "100", "1.10", "2.675", "0.30000000000000004"}
	for n := 0; n < 300000; n++ {
		lit := "0"
		if k := rng.Intn(19); k > 0 {
			lit = string('1'+byte(rng.Intn(9))) + digits(k-1)
		}
		if rng.Intn(3) > 0 {
			lit += "." + strings.Repeat("0", rng.Intn(8)) + digits(1+rng.Intn(17))
		}
		if rng.Intn(6) == 0 {
			lit += []string{"e", "E", "e+", "e-", "E-"}[rng.Intn(5)] + strconv.Itoa(rng.Intn(400))
		}
		if rng.Intn(2) == 0 {
			lit = "-" + lit
		}
		lits = append(lits, lit)
	}
	yes := 0
	for _, lit := range lits {
		f, err := strconv.ParseFloat(lit, 64)
		want := err == nil && string(AppendNumber(nil, f)) == lit
		end, got := canonicalNumber(lit+",", 0)
		if got != want || end != len(lit) {
			t.Fatalf("canonicalNumber(%q) = %d, %v; want %d, %v", lit, end, got, len(lit), want)
		}
		if got {
			yes++
		}
	}
	if yes < len(lits)/4 {
		t.Errorf("only %d of %d numbers canonical", yes, len(lits))
	}
}

// randomDigits is n random decimal digits.
func randomDigits(rng *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0' + byte(rng.Intn(10))
	}
	return string(b)
}
