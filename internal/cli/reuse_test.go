package cli

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pieces reads r in pieces of irregular sizes, as a pipe would.
type pieces struct {
	r   io.Reader
	rng *rand.Rand
}

func (p *pieces) Read(b []byte) (int, error) {
	n := 1 + p.rng.IntN(min(len(b), 70_000))
	return p.r.Read(b[:n])
}

// The reader reuses the buffers the framer has copied from, and workers
// reuse the output buffers the collector has written: an input of many
// buffers read in irregular pieces gives the same output as read whole,
// as NDJSON and as one JSON array (a buffer reused too early would show
// as changed records).
func TestReusedBuffersKeepEveryRecord(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "r.rules")
	if err := os.WriteFile(rules, []byte(`{"selector": "k:/.*7.*/", "source": "s", "target": "t"}`+"\n"+
		`{"selector": "*", "source": "k", "target": "k2"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for i := range 4000 {
		pad := strings.Repeat("xyz", i%500) // records of 30 to 1,530 bytes
		lines = append(lines, fmt.Sprintf(`{"k": "%d", "s": "%s-%d"}`, i, pad, i))
	}
	ndjson := strings.Join(lines, "\n") + "\n"
	array := "[" + strings.Join(lines, ",\n") + "]"
	if len(ndjson) < 16*chunkBytes {
		t.Fatalf("input of %d bytes is too small to reuse buffers", len(ndjson))
	}
	for name, input := range map[string]string{"ndjson": ndjson, "array": array} {
		want, _, code := rulec(t, input, "run", "-r", rules)
		if code != 0 || strings.Count(want, "\n") != 4000 {
			t.Fatalf("%s read whole: exit %d, %d records", name, code, strings.Count(want, "\n"))
		}
		for seed := range uint64(3) {
			var out, errb bytes.Buffer
			in := &pieces{r: strings.NewReader(input), rng: rand.New(rand.NewPCG(seed, 1))}
			if code := Rulec([]string{"run", "-r", rules}, Env{Stdin: in, Stdout: &out, Stderr: &errb}); code != 0 {
				t.Fatalf("%s in pieces: exit %d: %s", name, code, errb.String())
			}
			if out.String() != want {
				t.Errorf("%s in pieces (seed %d): the output differs from the input read whole", name, seed)
			}
		}
	}
}

// Several inputs go through one pipeline, read one after another: the
// output is theirs in order, a search response is unwrapped at the start
// of any input, a dead letter names its own input and line, and many small
// inputs give what one input holding them all gives.
func TestInputsShareOnePipeline(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.rules", `{"selector": "*", "source": "k", "target": "k"}`+"\n")
	a := writeFile(t, dir, "a.ndjson", "{\"k\": 1}\nnot json\n{\"k\": 2}\n")
	b := writeFile(t, dir, "b.json", `{"hits": {"hits": [{"_source": {"k": 3}}, {"_source": {"k": 4}}]}}`+"\n")
	c := writeFile(t, dir, "c.json", "[{\"k\": 5},\n 7,\n {\"k\": 6}]")
	dead := filepath.Join(dir, "dead.ndjson")
	out, errOut, code := rulec(t, "", "run", "-r", rules, "--dead-letter", dead, a, b, c)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if want := "{\"k\":1}\n{\"k\":2}\n{\"k\":3}\n{\"k\":4}\n{\"k\":5}\n{\"k\":6}\n"; out != want {
		t.Errorf("output:\n%s\nwant:\n%s", out, want)
	}
	letters, err := os.ReadFile(dead)
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []string{a + ":2", c + ":2"} {
		if !strings.Contains(string(letters), `"at":"`+at+`"`) {
			t.Errorf("no dead letter at %s:\n%s", at, letters)
		}
	}
	// 300 inputs of 1 to 40 records against one input holding them all
	var files []string
	var all strings.Builder
	n := 0
	for i := range 300 {
		var part strings.Builder
		for range 1 + i%40 {
			fmt.Fprintf(&part, "{\"k\": %d, \"pad\": %q}\n", n, strings.Repeat("x", n%700))
			n++
		}
		files = append(files, writeFile(t, dir, fmt.Sprintf("part%03d.ndjson", i), part.String()))
		all.WriteString(part.String())
	}
	whole := writeFile(t, dir, "whole.ndjson", all.String())
	want, _, _ := rulec(t, "", "run", "-r", rules, whole)
	got, errOut, code := rulec(t, "", append([]string{"run", "-r", rules}, files...)...)
	if code != 0 || got != want || strings.Count(got, "\n") != n {
		t.Errorf("300 inputs: exit %d (%s), %d records, same as one input: %v", code, errOut, strings.Count(got, "\n"), got == want)
	}
}
