// Package ndjson reads newline-delimited JSON tables, such as the
// conformance case files the tests of many packages share. Blank lines are
// skipped. It imports nothing from sluice.
package ndjson

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
)

// Read decodes every line of path into a T and returns those keep accepts
// (all of them when keep is nil).
func Read[T any](path string, keep func(*T) bool) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		if keep == nil || keep(&v) {
			out = append(out, v)
		}
	}
	return out, sc.Err()
}
