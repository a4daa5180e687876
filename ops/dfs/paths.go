package dfs

import (
	"path"
	"strings"
)

// location is where files are: a directory and a name prefix ("" for
// every name).
type location struct {
	Dir    string
	Prefix string
}

// readerLocation reads the reader's `path` by the seed's bucket and prefix
// rule, with "bucket" meaning a top-level directory: a path without a "/"
// (a leading one aside) or with a trailing "/" names a directory; otherwise
// its last part is a name prefix in the directory before it:
// "/data/in/part-" reads the entries of /data/in whose names start with
// "part-" (a directory among them is read whole).
func readerLocation(p string) location {
	if !strings.Contains(strings.TrimLeft(p, "/"), "/") {
		return location{Dir: path.Clean(p)}
	}
	return splitPrefix(p)
}

// exporterLocation reads the exporter's `path` by the seed's rule: with a
// trailing "/" it is the directory files are written to; otherwise its
// last part is a prefix of the file names ("/data/out/batch-" writes
// /data/out/batch-<worker>.<n>.ldjson).
func exporterLocation(p string) location { return splitPrefix(p) }

func splitPrefix(p string) location {
	dir, base := path.Split(p)
	if base == "" || base == "." || base == ".." {
		return location{Dir: path.Clean(p)}
	}
	if dir == "" {
		dir = "."
	}
	return location{Dir: path.Clean(dir), Prefix: base}
}
