package cli

import (
	"bytes"
	"os"
	"testing"
)

// BenchmarkArrayFramer frames the 2k web-log sample written as one JSON
// array (ten times over), read in 128 KiB chunks: the framer's MB/s, which
// bounds what rulec run reads of an array input on one goroutine.
func BenchmarkArrayFramer(b *testing.B) {
	lines, err := os.ReadFile("../../testdata/weblog/weblogs-2k.ndjson")
	if err != nil {
		b.Fatal(err)
	}
	elems := bytes.Split(bytes.TrimSpace(lines), []byte("\n"))
	var in bytes.Buffer
	in.WriteString("[")
	for i := range 10 {
		for j, e := range elems {
			if i+j > 0 {
				in.WriteString(",\n")
			}
			in.Write(e)
		}
	}
	in.WriteString("]\n")
	input := in.Bytes()
	var pieces []string
	for rest := input; len(rest) > 0; {
		k := min(len(rest), chunkBytes)
		pieces = append(pieces, string(rest[:k]))
		rest = rest[k:]
	}
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		f := &arrayFramer{name: "x", max: DefaultMaxRecord, emit: func(b *batch) { n += len(b.elems) }}
		if err := f.run(chunked(pieces...)); err != nil {
			b.Fatal(err)
		}
		if n != 10*len(elems) {
			b.Fatalf("%d elements", n)
		}
	}
}
