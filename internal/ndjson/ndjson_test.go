package ndjson

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRead(t *testing.T) {
	p := filepath.Join(t.TempDir(), "t.ndjson")
	os.WriteFile(p, []byte("{\"a\":1}\n\n{\"a\":2}\n{\"a\":3}\n"), 0o644)
	type row struct{ A int }
	rows, err := Read(p, func(r *row) bool { return r.A != 2 })
	if err != nil || len(rows) != 2 || rows[0].A != 1 || rows[1].A != 3 {
		t.Fatalf("rows %v, err %v", rows, err)
	}
	os.WriteFile(p, []byte("{\"a\":1}\n{bad\n"), 0o644)
	if _, err := Read[row](p, nil); err == nil {
		t.Error("expected an error with the line number")
	}
}
