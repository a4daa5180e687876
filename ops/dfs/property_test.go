package dfs

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestReaderReadsEveryLineOnce is the exactly-once rule through the whole
// reader (slicer, fetcher, metadata): random UTF-8 text, random delimiters
// (multi-byte, non-ASCII, self-overlapping) and random slice sizes, over
// several files and directories; every line is read once.
func TestReaderReadsEveryLineOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	delims := []string{"\n", "\r\n", "§", "||", "\n\n", "ab", "😀"}
	alphabet := []string{"a", "b", "x", " ", "\n", "\r", "é", "∑", "😀", "|", "§", "{", "\""}
	for i := range 60 {
		delim := delims[rng.IntN(len(delims))]
		dir := t.TempDir()
		files := map[string]string{}
		var want []string
		for f := range 1 + rng.IntN(4) {
			var b strings.Builder
			for range rng.IntN(200) {
				b.WriteString(alphabet[rng.IntN(len(alphabet))])
			}
			text := b.String()
			files[fmt.Sprintf("d%d/f%d.txt", f%2, f)] = text
			for _, line := range splitRecords(text, delim) {
				want = append(want, jsonOf(map[string]string{"data": line}))
			}
		}
		writeTree(t, dir, files)
		op := fmt.Sprintf(`{"_op": "dfs_reader", "path": %q, "format": "raw", "line_delimiter": %q, "size": %d}`, dir+"/", delim, 1+rng.IntN(40))
		got := jsonLines(readAll(t, readerJob(op), nil))
		if strings.Join(got, "\n") != strings.Join(sortedCopy(want), "\n") {
			t.Fatalf("case %d (%s): %d records, want %d\n%s", i, op, len(got), len(want), firstDiff(got, sortedCopy(want)))
		}
	}
}

// splitRecords is a file's records: split on the delimiter, minus the
// empty string after a delimiter that ends the file.
func splitRecords(text, delim string) []string {
	if text == "" {
		return nil
	}
	parts := strings.Split(text, delim)
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}
