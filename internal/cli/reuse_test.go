package cli

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
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

// The reader reuses the buffers the framer has copied from, the framer
// fills again the buffers of batches the workers have processed, the
// workers reuse their record memory after each batch and the output
// buffers the collector has written: an input of many batches, read whole
// or in irregular pieces, as NDJSON or as one JSON array, gives every
// record's own output (a buffer or record memory reused too early would
// show as changed records). The records have escaped strings and nested
// objects, which are decoded into the memory the workers reuse.
func TestReusedBuffersKeepEveryRecord(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "r.rules")
	if err := os.WriteFile(rules, []byte(`{"selector": "k:/.*7.*/", "source": "s", "target": "t"}`+"\n"+
		`{"selector": "*", "source": "k", "target": "k2"}`+"\n"+
		`{"selector": "*", "source": "n.a", "target": "na"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var lines []string
	var want strings.Builder
	for i := range 4000 {
		pad := strings.Repeat("xyz", i%500) // records of 50 to 1,550 bytes
		k, s := strconv.Itoa(i), fmt.Sprintf(`%s\"-%d`, pad, i)
		lines = append(lines, fmt.Sprintf(`{"k": "%s", "s": "%s", "n": {"a": "%d\n", "b": [%d]}}`, k, s, i, i))
		if strings.Contains(k, "7") {
			fmt.Fprintf(&want, `{"t":"%s",`, s)
		} else {
			want.WriteString("{")
		}
		fmt.Fprintf(&want, `"k2":"%s","na":"%d\n"}`+"\n", k, i)
	}
	ndjson := strings.Join(lines, "\n") + "\n"
	array := "[" + strings.Join(lines, ",\n") + "]"
	if len(ndjson) < 6*batchBytes {
		t.Fatalf("input of %d bytes is too small to reuse buffers", len(ndjson))
	}
	for name, input := range map[string]string{"ndjson": ndjson, "array": array} {
		got, _, code := rulec(t, input, "run", "-r", rules)
		if code != 0 || got != want.String() {
			t.Fatalf("%s read whole: exit %d, %d records, the output differs from the records' own: %v",
				name, code, strings.Count(got, "\n"), firstDiff(got, want.String()))
		}
		for seed := range uint64(3) {
			var out, errb bytes.Buffer
			in := &pieces{r: strings.NewReader(input), rng: rand.New(rand.NewPCG(seed, 1))}
			if code := Rulec([]string{"run", "-r", rules}, Env{Stdin: in, Stdout: &out, Stderr: &errb}); code != 0 {
				t.Fatalf("%s in pieces: exit %d: %s", name, code, errb.String())
			}
			if out.String() != want.String() {
				t.Errorf("%s in pieces (seed %d): the output differs from the records' own: %v", name, seed, firstDiff(out.String(), want.String()))
			}
		}
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d: got %s, want %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
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

// A run of more data files than the process may have open at once reads
// them all: each is opened when read and closed at its end. A file that
// cannot be opened is still an error before anything runs.
func TestInputsOpenedOneAtATime(t *testing.T) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Skip("no file limit to lower:", err)
	}
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.rules", `{"selector": "*", "source": "k", "target": "k"}`+"\n")
	const n = 400
	files := make([]string, n)
	var want strings.Builder
	for i := range files {
		files[i] = writeFile(t, dir, fmt.Sprintf("in%03d.ndjson", i), fmt.Sprintf("{\"k\": %d}\n", i))
		fmt.Fprintf(&want, "{\"k\":%d}\n", i)
	}
	low := lim
	low.Cur = 200 // fewer than the inputs
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Skip("cannot lower the file limit:", err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	out, errOut, code := rulec(t, "", append([]string{"run", "-r", rules}, files...)...)
	if code != 0 || out != want.String() {
		t.Fatalf("%d inputs with %d files allowed open: exit %d (%s), %d records", n, low.Cur, code, errOut, strings.Count(out, "\n"))
	}
	_, errOut, code = rulec(t, "", "run", "-r", rules, files[0], filepath.Join(dir, "missing.ndjson"))
	if code != ExitUsage || !strings.Contains(errOut, "cannot read data") {
		t.Errorf("a missing input: exit %d, %q", code, errOut)
	}
}
