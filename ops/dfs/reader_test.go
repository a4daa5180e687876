package dfs

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/filein"
	"github.com/sluice-dev/sluice/ops/fileout"
	"github.com/sluice-dev/sluice/record"
)

func TestRecordsCarryTheirSlice(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.ldjson": "{\"i\":1}\n{\"i\":2}\n{\"i\":3}\n"})
	recs := readAll(t, readerJob(`{"_op": "dfs_reader", "path": "`+dir+`/", "format": "ldjson", "size": 10}`), nil)
	var got []string
	for _, r := range recs {
		got = append(got, record.JSON(r.Data)+jsonOf(r.Meta))
	}
	p := jsonOf(dir + "/a.ldjson")
	// slices [0,10) [9,+11) [19,+5); records start at 0, 8 and 16
	want := []string{
		`{"i":1}{"length":10,"offset":0,"path":` + p + `,"total":24}`,
		`{"i":2}{"length":10,"offset":0,"path":` + p + `,"total":24}`,
		`{"i":3}{"length":11,"offset":9,"path":` + p + `,"total":24}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s", strings.Join(got, "\n"))
	}
}

// TestBadLinesGoToTheDeadLetterAction: each unreadable line goes to the
// api's dead-letter action with its path, byte offset and reason; the
// others are read.
func TestBadLinesGoToTheDeadLetterAction(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"in/a.ldjson": "{\"ok\":1}\n{bad\n[1]\n\n{\"ok\":2}\n"})
	dl := filepath.Join(dir, "dead.ndjson")
	doc := `{"max_retries": 0, "apis": [{"_name": "dead_letter_file", "path": "` + dl + `"}], "operations": [` +
		`{"_op": "dfs_reader", "path": "` + dir + `/in/", "format": "ldjson", "_dead_letter_action": "dead_letter_file"}, {"_op": "noop"}]}`
	recs := readAll(t, doc, nil)
	if values(recs) != `[{"ok":1},{"ok":2}]` {
		t.Fatalf("records %s", values(recs))
	}
	text, _ := os.ReadFile(dl)
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	p := dir + "/in/a.ldjson"
	if len(lines) != 2 ||
		!strings.Contains(lines[0], `"code":"BAD_JSON"`) || !strings.Contains(lines[0], `"message":"`+p+` at byte 9: Failure to parse buffer`) ||
		!strings.Contains(lines[0], `"record":{"path":"`+p+`","offset":9,"text":"{bad"}`) ||
		!strings.Contains(lines[1], `"code":"NOT_AN_OBJECT"`) || !strings.Contains(lines[1], `at byte 14: Invalid data source, must be an object, got Array`) {
		t.Fatalf("dead letters:\n%s", text)
	}
}

func TestThrowFailsTheSliceNamingTheLine(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.ldjson": "{\"ok\":1}\n{bad\n"})
	doc := readerJob(`{"_op": "dfs_reader", "path": "` + dir + `/", "format": "ldjson"}`)
	h, err := job.NewHarness(doc, job.HarnessOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	req := request0(dir+"/a.ldjson", 14)
	_, err = h.RunRequest(req)
	if err == nil || !strings.Contains(err.Error(), dir+"/a.ldjson at byte 9: Failure to parse buffer") {
		t.Fatalf("error %v", err)
	}
}

func request0(path string, total float64) *record.Object {
	return record.FromMap(map[string]any{"path": path, "offset": 0.0, "length": total, "total": total})
}

// TestJSONFiles: an array gives a record per element (non-objects are
// rejected one by one), a malformed file keeps the records before the
// error and rejects the rest, an empty file gives nothing.
func TestJSONFiles(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"a.json": `[{"a":1}, 2, null, {"b":[1,2]}]`, "b.json": `{"single":true}`, "c.json": `[{"c":1}, {"c":2}, {broken`,
		"d.json": "  \n", "e.json": `{"x":1} trailing`,
	})
	dl := filepath.Join(t.TempDir(), "dead.ndjson")
	doc := `{"max_retries": 0, "apis": [{"_name": "dead_letter_file", "path": "` + dl + `"}], "operations": [` +
		`{"_op": "dfs_reader", "path": "` + dir + `/", "format": "json", "_dead_letter_action": "dead_letter_file"}, {"_op": "noop"}]}`
	recs := readAll(t, doc, nil)
	if got := values(recs); got != `[{"a":1},{},{"b":[1,2]},{"single":true},{"c":1},{"c":2}]` {
		t.Fatalf("got %s", got)
	}
	text, _ := os.ReadFile(dl)
	for _, want := range []string{`a.json at byte 10: Invalid data source, must be an object, got Number`,
		`c.json at byte 20: Failure to parse the json file`, `e.json at byte 8: Failure to parse the json file`} {
		if !strings.Contains(string(text), want) {
			t.Errorf("no dead letter %q in\n%s", want, text)
		}
	}
}

// TestCSVHeadersAndBlankLines (row 23): a header row is recognized on
// every line it appears (cells equal to the column names), with or without
// fields; include_header drops the first line of each file whatever it
// holds; blank lines are no records.
func TestCSVHeadersAndBlankLines(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"a.csv": "name,age\nann,31\n\n   \nage,name\nbob,7\n",
		"b.csv": "field1,field2\nx,y\n",
		"c.csv": "Name,Age\ncy,9\n",
	})
	cases := map[string]string{
		`"fields": ["name", "age"], "path": "` + dir + `/a.csv"`:                         `[{"name":"ann","age":"31"},{"name":"bob","age":"7"}]`,
		`"path": "` + dir + `/b.csv"`:                                                    `[{"field1":"x","field2":"y"}]`,
		`"fields": ["name", "age"], "path": "` + dir + `/c.csv", "include_header": true`: `[{"name":"cy","age":"9"}]`,
		`"fields": ["name", "age"], "path": "` + dir + `/a.csv", "remove_header": false`: `[{"name":"name","age":"age"},{"name":"ann","age":"31"},{"name":"age","age":"name"},{"name":"bob","age":"7"}]`,
		`"fields": ["name", "age"], "path": "` + dir + `/a.csv", "size": 3`:              `[{"name":"ann","age":"31"},{"name":"bob","age":"7"}]`,
	}
	for cfg, want := range cases {
		recs := readAll(t, readerJob(`{"_op": "dfs_reader", "format": "csv", `+cfg+`}`), nil)
		if got := values(recs); got != want {
			t.Errorf("%s:\n got %s\nwant %s", cfg, got, want)
		}
	}
}

// TestReadSizesListFromLastSlice checks that after one slice the reader
// allocates the next slice's list at about its size: no growing by
// doubling, little room left empty.
func TestReadSizesListFromLastSlice(t *testing.T) {
	dir := t.TempDir()
	var text strings.Builder
	for i := range 2600 {
		fmt.Fprintf(&text, `{"id":%d,"name":"record number %d"}`+"\n", i, i)
	}
	name := filepath.Join(dir, "data.ldjson")
	if err := os.WriteFile(name, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := filein.NewReader(filein.Options{Format: fileout.LDJSON})
	if err != nil {
		t.Fatal(err)
	}
	a := &readerAPI{fs: fsys.Local{}, reader: r}
	total := int64(text.Len())
	half := total / 2
	first, err := a.Read(context.Background(), filein.Range{Path: name, Offset: 0, Length: half, Total: total})
	if err != nil {
		t.Fatal(err)
	}
	second, err := a.Read(context.Background(), filein.Range{Path: name, Offset: half, Length: total - half, Total: total})
	if err != nil {
		t.Fatal(err)
	}
	if len(first)+len(second) != 2600 {
		t.Fatalf("read %d + %d records, want 2600", len(first), len(second))
	}
	if c, n := cap(second), len(second); c < n || c > n+n/10+16 {
		t.Errorf("second slice: %d records in a list of capacity %d, want it sized from the first slice", n, c)
	}
}
