package record

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// TestRecycledDecoderDecodesAlike: a Decoder recycled after every batch
// decodes each batch's records (nested values read at once, later in the
// batch, or never) as decoding each line whole does: the memory handed out
// again holds nothing of the records before.
func TestRecycledDecoderDecodesAlike(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	var dec Decoder
	for batch := 0; batch < 30; batch++ {
		n := 1 + rng.Intn(900) // batches smaller and larger than a chunk
		lines := make([]string, n)
		got := make([]*Object, n)
		for i := range lines {
			lines[i] = randomRecord(rng, batch*1000+i)
			v, err := dec.ParseRecord(lines[i])
			if err != nil {
				t.Fatalf("%s: %v", lines[i], err)
			}
			got[i] = v.(*Object)
			if i%3 == 0 {
				got[i].Get("nested")
			}
		}
		for i, l := range lines {
			want, err := ParseObject([]byte(l))
			if err != nil {
				t.Fatal(err)
			}
			if g, w := JSON(got[i]), JSON(want); g != w || !DeepEqual(got[i], want) {
				t.Fatalf("batch %d record %d:\n got  %s\n want %s", batch, i, g, w)
			}
		}
		dec.Recycle()
	}
}

// TestRecycledDecoderAllocatesNothing: once recycled, a Decoder decodes a
// batch like the one before (same shape, nested members read) without
// allocating, where a Decoder that is never recycled allocates chunks.
func TestRecycledDecoderAllocatesNothing(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	lines := make([]string, 600)
	for i := range lines {
		lines[i] = `{"id":` + strconv.Itoa(i) + `,"s":"a\"b` + strconv.Itoa(rng.Intn(100)) + `","user":{"name":{"first":"x","last":"y"}},"tags":["p","q"],"f":1.5}`
	}
	decodeAll := func(dec *Decoder) {
		for _, l := range lines {
			v, err := dec.ParseRecord(l)
			if err != nil {
				t.Fatal(err)
			}
			o := v.(*Object)
			o.Get("user")
			o.Get("tags")
		}
	}
	var fresh Decoder
	if a := testing.AllocsPerRun(5, func() { decodeAll(&fresh) }); a < 10 {
		t.Fatalf("a Decoder never recycled made %.0f allocations per batch; the test expects chunks", a)
	}
	var dec Decoder
	decodeAll(&dec)
	dec.Recycle()
	if a := testing.AllocsPerRun(5, func() { decodeAll(&dec); dec.Recycle() }); a != 0 {
		t.Errorf("a recycled Decoder made %.0f allocations per batch, want 0", a)
	}
}

// TestRecycleKeepsBoundedMemory: after a batch with far more values than
// usual, a recycled Decoder keeps at most maxFreeChunks chunks of a kind.
func TestRecycleKeepsBoundedMemory(t *testing.T) {
	var dec Decoder
	dec.Recycle()
	var b strings.Builder
	b.WriteString(`{"a":[`)
	for i := 0; i < 100*slabChunk; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"v\n` + strconv.Itoa(i) + `"`)
	}
	b.WriteString(`]}`)
	v, err := dec.ParseRecord(b.String())
	if err != nil {
		t.Fatal(err)
	}
	if arr, _ := v.(*Object).Get("a"); len(arr.([]any)) != 100*slabChunk {
		t.Fatalf("decoded %d values", len(arr.([]any)))
	}
	dec.Recycle()
	p := &dec.slab.pools
	for name, n := range map[string]int{"strs": len(p.strs.free), "bytes": len(p.bytes.free)} {
		if n == 0 || n > maxFreeChunks {
			t.Errorf("%s: %d free chunks kept, want 1..%d", name, n, maxFreeChunks)
		}
	}
}
