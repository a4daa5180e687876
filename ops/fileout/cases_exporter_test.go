package fileout

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/record"
)

// TestChunkGeneratorCases checks the chunking of the reference's
// ChunkGenerator tests. Two cases describe their chunks in words; those
// descriptions are turned into the byte ranges they name.
func TestChunkGeneratorCases(t *testing.T) {
	for _, c := range casesOf(t, "file.ChunkGenerator") {
		t.Run(name(c), func(t *testing.T) {
			cfg := parse(t, c.Config).(*record.Object)
			f := formatterFor(t, stringOf(cfg, "format"), nil)
			limits := valueOf(cfg, "limits").(*record.Object)
			l := ChunkLimits{MaxBytes: int(numberOf(limits, "maxBytes")), MinBytes: int(numberOf(limits, "minBytes"))}
			recs := chunkInput(t, field(t, c.Input, "records"))
			var got []Chunk
			_, err := EachChunk(f, None, recs, false, l, func(ch Chunk) error {
				got = append(got, ch)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			whole, _ := f.Format(recs, false)
			want := expectedChunks(t, field(t, c.Expected, "chunks"), whole)
			if fmt.Sprint(describe(got)) != fmt.Sprint(describe(want)) {
				t.Errorf("chunks\n got %v\nwant %v", describe(got), describe(want))
			}
			if rowMode, ok := field(t, c.Expected, "isRowOptimized").(bool); ok && rowMode != RowOptimized(f.opt.Format, None) {
				t.Errorf("row optimised %v, want %v", !rowMode, rowMode)
			}
		})
	}
}

// chunkInput is the case's records, or "N x {count:i}" records.
func chunkInput(t *testing.T, v any) []*record.Record {
	s, ok := v.(string)
	if !ok {
		return recordsOf(t, v)
	}
	var n int
	if _, err := fmt.Sscanf(s, "%d x {count:i}", &n); err != nil {
		t.Fatalf("input %q: %v", s, err)
	}
	out := make([]*record.Record, n)
	for i := range out {
		o := record.NewObject(1)
		o.Set("count", float64(i))
		out[i] = record.New(o)
	}
	return out
}

// expectedChunks reads the expected chunks: a list of {index, data,
// has_more}, or one of the two descriptions of the reference's tests.
func expectedChunks(t *testing.T, v any, whole string) []Chunk {
	switch x := v.(type) {
	case []any:
		out := make([]Chunk, len(x))
		for i, e := range x {
			o := e.(*record.Object)
			out[i] = Chunk{Index: int(numberOf(o, "index")), Data: []byte(stringOf(o, "data")), HasMore: boolOf(o, "has_more")}
		}
		return out
	case string:
		if strings.HasPrefix(x, "3 chunks: bytes [0,1024), [1024,2048), [2048,end)") {
			return []Chunk{{0, []byte(whole[:1024]), true}, {1, []byte(whole[1024:2048]), true}, {2, []byte(whole[2048:]), false}}
		}
		if strings.HasPrefix(x, "2 chunks: str[0:1030] (has_more true), str[1030:] (has_more false)") {
			return []Chunk{{0, []byte(whole[:1030]), true}, {1, []byte(whole[1030:]), false}}
		}
	}
	t.Fatalf("unknown chunk expectation %v", v)
	return nil
}

func describe(chunks []Chunk) []string {
	out := make([]string, len(chunks))
	for i, c := range chunks {
		out[i] = fmt.Sprintf("%d:%v:%q", c.Index, c.HasMore, c.Data)
	}
	return out
}

// TestExporterCases runs the reference's file_exporter tests through the
// file sender the exporter op uses (`file_sender_api` with dynamic routing
// off, one Send per slice, closed at the end). The op itself is the
// dfs_exporter's.
func TestExporterCases(t *testing.T) {
	for _, c := range casesOf(t, "file_exporter") {
		t.Run(name(c), func(t *testing.T) {
			dir := t.TempDir()
			api, _ := field(t, c.Config, "api").(*record.Object)
			api = api.Clone()
			api.Set("path", "")
			s, err := senderFor(t, api, dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, slice := range field(t, c.Input, "slices").([]any) {
				send(t, s, recordsOf(t, slice))
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			checkExportedFiles(t, c, tree(t, dir))
		})
	}
}

func checkExportedFiles(t *testing.T, c refCase, got map[string]string) {
	if n := int(field(t, c.Expected, "file_count").(float64)); len(got) != n {
		t.Fatalf("%d files %v, want %d", len(got), keys(got), n)
	}
	files, _ := field(t, c.Expected, "files").(*record.Object)
	if files == nil {
		return
	}
	for _, k := range files.Keys() {
		v, _ := files.Get(k)
		name := strings.ReplaceAll(k, "<wid>", "wid")
		want := v.(string)
		if strings.HasPrefix(want, "a JSON array with ") {
			checkArrayLen(t, got[name], want)
			continue
		}
		if got[name] != want {
			t.Errorf("%s:\n got %q\nwant %q", name, got[name], want)
		}
	}
}

func checkArrayLen(t *testing.T, content, want string) {
	var n int
	fmt.Sscanf(want, "a JSON array with %d elements", &n)
	var arr []any
	if err := json.Unmarshal([]byte(content), &arr); err != nil || len(arr) != n || !strings.HasSuffix(content, "\n") {
		t.Errorf("content %q is not %s (%v)", content, want, err)
	}
	if !reflect.DeepEqual(arr, []any{map[string]any{"field1": "first"}, map[string]any{"field1": "second"}}) {
		t.Errorf("content %q", content)
	}
}
