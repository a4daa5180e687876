package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
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
		k := min(len(rest), readBytes)
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

// BenchmarkLineFramer frames the 2k web-log sample (ten times over) read
// in 128 KiB chunks: the NDJSON framer's MB/s on its goroutine.
func BenchmarkLineFramer(b *testing.B) {
	lines, err := os.ReadFile("../../testdata/weblog/weblogs-2k.ndjson")
	if err != nil {
		b.Fatal(err)
	}
	input := bytes.Repeat(lines, 10)
	var pieces []string
	for rest := input; len(rest) > 0; {
		k := min(len(rest), readBytes)
		pieces = append(pieces, string(rest[:k]))
		rest = rest[k:]
	}
	want := 10 * bytes.Count(lines, []byte{'\n'})
	bufs := make(batchBuffers, 4)
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		f := &lineFramer{name: "x", max: DefaultMaxRecord, bufs: bufs, emit: func(bt *batch) {
			n += bytes.Count(bt.data, []byte{'\n'})
			bufs.put(bt.buf)
		}}
		if err := f.run(chunked(pieces...)); err != nil {
			b.Fatal(err)
		}
		if n != want {
			b.Fatalf("%d lines, want %d", n, want)
		}
	}
}

// BenchmarkManyInputs runs rulec run on the 2k web-log sample cut into 100
// inputs of 20 records, and on the sample as one input, in each iteration:
// "ratio" is the time of the many over the time of the one (inputs share
// one pipeline, so it stays near 1).
func BenchmarkManyInputs(b *testing.B) {
	lines, err := os.ReadFile("../../testdata/weblog/weblogs-2k.ndjson")
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	whole := filepath.Join(dir, "whole.ndjson")
	if err := os.WriteFile(whole, lines, 0o644); err != nil {
		b.Fatal(err)
	}
	recs := bytes.SplitAfter(bytes.TrimSpace(lines), []byte("\n"))
	var parts []string
	for i := 0; i < len(recs); i += 20 {
		p := filepath.Join(dir, fmt.Sprintf("part%03d.ndjson", i/20))
		if err := os.WriteFile(p, bytes.Join(recs[i:min(i+20, len(recs))], nil), 0o644); err != nil {
			b.Fatal(err)
		}
		parts = append(parts, p)
	}
	rules := []string{"run", "-r", "../../testdata/weblog/weblog-rules.txt", "--types-file", "../../testdata/weblog/weblog-types.json"}
	run := func(inputs []string) time.Duration {
		start := time.Now()
		if code := Rulec(append(append([]string{}, rules...), inputs...), Env{Stdout: io.Discard, Stderr: io.Discard}); code != 0 {
			b.Fatalf("exit %d", code)
		}
		return time.Since(start)
	}
	var many, one time.Duration
	for b.Loop() {
		many += run(parts)
		one += run([]string{whole})
	}
	b.ReportMetric(float64(many)/float64(one), "ratio")
	b.ReportMetric(float64(many.Nanoseconds())/float64(b.N*len(recs)), "ns/record-many")
}
