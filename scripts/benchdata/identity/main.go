// Command identity is the yardstick of scripts/bench: it decodes every line of
// an NDJSON file into map[string]any with the standard library's encoding/json
// and encodes it back, the plainest correct "transform" of the same data.
// rulec run's whole-process time is reported as a ratio to this program's.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: identity FILE.ndjson > out.ndjson")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "identity:", err)
		os.Exit(1)
	}
}

func run(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	in := bufio.NewScanner(f)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for in.Scan() {
		if len(in.Bytes()) == 0 {
			continue
		}
		var v map[string]any
		if err := json.Unmarshal(in.Bytes(), &v); err != nil {
			return err
		}
		if err := enc.Encode(v); err != nil {
			return err
		}
	}
	if err := in.Err(); err != nil {
		return err
	}
	return out.Flush()
}
