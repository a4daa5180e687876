package fileout

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
	"github.com/sluice-dev/sluice/record"
)

// parse decodes JSON keeping key order (record values).
func parse(t testing.TB, raw json.RawMessage) any {
	t.Helper()
	if len(raw) == 0 {
		return nil
	}
	v, err := record.ParseJSON(raw)
	if err != nil {
		t.Fatalf("bad JSON %s: %v", raw, err)
	}
	return v
}

// recordsOf turns a JSON array of objects into records; an element of the
// form {"data": {...}, "meta": {...}} (when meta is given) carries metadata.
func recordsOf(t testing.TB, v any) []*record.Record {
	t.Helper()
	arr, _ := v.([]any)
	out := make([]*record.Record, len(arr))
	for i, e := range arr {
		o, _ := e.(*record.Object)
		out[i] = record.New(o)
		if meta, ok := o.Get("meta"); ok && o.Len() <= 2 {
			data, _ := o.Get("data")
			d, _ := data.(*record.Object)
			out[i] = record.New(d)
			mo, _ := meta.(*record.Object)
			for _, k := range mo.Keys() {
				mv, _ := mo.Get(k)
				out[i].SetMeta(k, mv)
			}
		}
	}
	return out
}

func obj(t testing.TB, s string) *record.Object {
	t.Helper()
	o, _ := parse(t, json.RawMessage(s)).(*record.Object)
	if o == nil {
		t.Fatalf("not an object: %s", s)
	}
	return o
}

func readLines[T any](t testing.TB, name string) []T {
	t.Helper()
	rows, err := ndjson.Read[T](filepath.Join("testdata", name), nil)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// tree returns every visible file under dir, relative name -> content;
// hidden (temporary) files are listed under "hidden" names with their dot.
func tree(t testing.TB, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func hiddenFiles(files map[string]string) []string {
	var out []string
	for name := range files {
		if strings.HasPrefix(filepath.Base(name), ".") {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}
