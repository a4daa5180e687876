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
