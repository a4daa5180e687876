package record

import (
	"bytes"
	"math/rand"
	"os"
	"strconv"
	"testing"
)

// outputObjects are the expected outputs of the web-log and orders rule
// sets rebuilt with Set, as a plan builds an output record: objects
// without a shape, keys in the output's order, the keys of parsed paths
// (rule targets).
func outputObjects(b testing.TB) []*Object {
	var objs []*Object
	for _, f := range []string{"../testdata/weblog/out-2k.json", "../testdata/orders/orders-out-2k.ndjson"} {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range bytes.Split(data, []byte("\n")) {
			l = bytes.TrimSuffix(bytes.TrimSpace(l), []byte(","))
			if len(l) == 0 || l[0] != '{' {
				continue
			}
			o, err := ParseObject(l)
			if err != nil {
				b.Fatal(err)
			}
			objs = append(objs, rebuild(o).(*Object))
		}
	}
	return objs
}

// rebuild copies v with every object built by Set.
func rebuild(v any) any {
	switch x := v.(type) {
	case *Object:
		c := NewObject(8)
		for i := 0; i < x.Len(); i++ {
			k, e := x.At(i)
			c.Set(ParsePath(k).String(), rebuild(e)) // the key interned, as a rule target is
		}
		return c
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = rebuild(e)
		}
		return c
	}
	return v
}

// BenchmarkEncodeOutput encodes output records as rulec run writes them.
func BenchmarkEncodeOutput(b *testing.B) {
	objs := outputObjects(b)
	buf := make([]byte, 0, 4096)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = AppendJSON(buf[:0], objs[i%len(objs)])
	}
}

// BenchmarkKeyGetOutput reads output records with Keys, as
// post-processing reads the fields a rule wrote.
func BenchmarkKeyGetOutput(b *testing.B) {
	objs := outputObjects(b)
	var keys []Key
	for _, k := range []string{"email", "created", "full_name", "market_eu", "token_raw", "client_ip", "absent"} {
		keys = append(keys, NewKey(ParsePath(k).Segments()[0])) // as post-processing makes them
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		o := objs[i%len(objs)]
		for _, k := range keys {
			k.Get(o)
		}
	}
}

// BenchmarkDeleteKeysOutput removes a rule set's output:false keys from
// output records that have some of them, as a plan's output pass does.
func BenchmarkDeleteKeysOutput(b *testing.B) {
	objs := outputObjects(b)
	for i, o := range objs { // the intermediates a join read, among the others
		if i%3 != 0 && o.Len() > 2 {
			k, v := o.At(2)
			o.Delete(k)
			o.Set("first_name", "Peggy")
			o.Set(k, v)
			o.Set("last_name", "Evans")
		}
	}
	keys := []string{"first_name", "last_name", "search_raw"}
	scratch := NewObject(32)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		o := objs[i%len(objs)]
		scratch.fields = append(scratch.fields[:0], o.fields...)
		scratch.keyBits = o.keyBits
		scratch.DeleteKeys(keys)
	}
}

// BenchmarkEncodeNumbers writes the kind of numbers records carry:
// counts and codes, prices with two decimals, coordinates with three to
// five, in an order the branch predictor cannot learn.
func BenchmarkEncodeNumbers(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	fs := make([]float64, 4096)
	for i := range fs {
		switch rng.Intn(4) {
		case 0:
			fs[i] = float64(rng.Intn(100000))
		case 1:
			fs[i] = float64(rng.Intn(100000)) / 100
		default:
			s := strconv.FormatFloat(rng.Float64()*360-180, 'f', 3+rng.Intn(3), 64)
			fs[i], _ = strconv.ParseFloat(s, 64)
		}
	}
	buf := make([]byte, 0, 256)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = buf[:0]
		for _, f := range fs[i%4000:][:8] {
			buf = appendScalar(buf, f)
		}
	}
}
