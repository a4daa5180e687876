package record

import (
	"math/rand"
	"strings"
	"testing"
)

// appendJSONSlow is AppendJSON without the encoder's fast paths: keys and
// strings escaped byte by byte, objects never copied as they came, shapes
// not used.
func appendJSONSlow(b []byte, v any) []byte {
	switch x := v.(type) {
	case string:
		return appendStringSlow(b, x)
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONSlow(b, e)
		}
		return append(b, ']')
	case *Object:
		x.resolveAll()
		b = append(b, '{')
		sep := false
		for _, f := range x.fields {
			if f.val == Undefined {
				continue
			}
			if sep {
				b = append(b, ',')
			}
			sep = true
			b = append(appendStringSlow(b, f.key), ':')
			b = appendJSONSlow(b, f.val)
		}
		return append(b, '}')
	}
	return appendScalar(b, v)
}

// randomObjectText is a JSON object whose keys and string values mix
// plain text, escapes, non-ASCII and invalid UTF-8, with nested objects
// and arrays.
func randomObjectText(rng *rand.Rand, depth int) string {
	pieces := []string{"a", "key", "k.x", "é", `\"`, `\\`, `\n`, `\u0001`, `\u2028`, "\xff", "😀", `\/`, "long_key_name_here"}
	str := func() string {
		var sb strings.Builder
		for n := rng.Intn(4); n >= 0; n-- {
			sb.WriteString(pieces[rng.Intn(len(pieces))])
		}
		return `"` + sb.String() + `"`
	}
	var sb strings.Builder
	sb.WriteByte('{')
	for i, n := 0, rng.Intn(6); i < n; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(str())
		sb.WriteByte(':')
		switch r := rng.Intn(6); {
		case r == 0 && depth < 3:
			sb.WriteString(randomObjectText(rng, depth+1))
		case r == 1 && depth < 3:
			sb.WriteString("[" + str() + "," + randomObjectText(rng, depth+1) + ",1.5]")
		case r == 2:
			sb.WriteString("-67.685")
		default:
			sb.WriteString(str())
		}
	}
	sb.WriteByte('}')
	return sb.String()
}

// TestEncodeShapedObjectsAgreesWithSlow pins the encoder's use of shapes
// (a decoded object's keys written from their shape's quoted form) and its
// type dispatch against the slow encoder, on decoded records read, changed
// (a key set, a key deleted: the shape goes) and written, on keys that
// need escapes and keys that do not.
func TestEncodeShapedObjectsAgreesWithSlow(t *testing.T) {
	ownShapeTrees(t) // it needs room for its shapes, whatever ran before
	rng := rand.New(rand.NewSource(3))
	var dec Decoder
	shaped := 0
	for i := 0; i < 20000; i++ {
		text := randomObjectText(rng, 0)
		v, err := dec.ParseRecord(text)
		if err != nil {
			continue // duplicate keys are fine; other errors are not this test's
		}
		o := v.(*Object)
		switch rng.Intn(4) {
		case 0:
			if o.Len() > 0 {
				k, _ := o.At(rng.Intn(o.Len()))
				o.Set(k, "changed")
			}
		case 1:
			if o.Len() > 0 {
				k, _ := o.At(rng.Intn(o.Len()))
				o.Delete(k)
			}
		case 2:
			o.Set("new\n", 1.5)
		}
		for j := 0; j < o.Len(); j++ { // nested objects decoded: shapes of their own
			o.At(j)
		}
		if o.shape != nil && o.Len() > 0 {
			shaped++
		}
		want := string(appendJSONSlow(nil, o))
		if got := string(AppendJSON(nil, o)); got != want {
			t.Fatalf("%s: encoded\n%s\nwant\n%s", text, got, want)
		}
	}
	if shaped < 1000 {
		t.Fatalf("only %d objects had a shape", shaped)
	}
}
