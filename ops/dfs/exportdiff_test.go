package dfs

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
	"github.com/sluice-dev/sluice/ops/fileout"
)

type exportInput struct {
	ID     string
	Format string
	Config map[string]any
	Slices [][]json.RawMessage
}

type exportAnswer struct {
	ID      string
	OK      bool
	Outputs []map[string]string
}

// TestExporterMatchesReference runs invented slices (testdata/
// gen_exportdiff.py) through dfs_exporter and compares the files with those
// the reference's file_exporter wrote (compressed files decompressed: the
// libraries compress differently). The reference's growing file is visible
// after every slice and sluice's only when the worker shuts down, so the
// files are compared at the end.
func TestExporterMatchesReference(t *testing.T) {
	inputs, err := ndjson.Read[exportInput]("testdata/exportdiff.in.jsonl", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := ndjson.Read[exportAnswer]("testdata/exportdiff.ref.jsonl", nil)
	if err != nil || len(refs) != len(inputs) {
		t.Fatalf("%d answers for %d inputs (%v)", len(refs), len(inputs), err)
	}
	for i, in := range inputs {
		t.Run(in.ID, func(t *testing.T) {
			ref := refs[i]
			if !ref.OK || ref.ID != in.ID {
				t.Fatalf("reference answer %+v", ref)
			}
			dir := t.TempDir()
			api := map[string]any{"_name": "dfs_sender_api", "path": dir + "/"}
			for k, v := range in.Config {
				api[k] = v
			}
			exportSlices(t, jsonOf([]any{api}), in.Slices)
			comp, _ := fileout.ParseCompression(stringOr(in.Config["compression"]))
			got := map[string]string{}
			for name, content := range tree(t, dir) {
				got[strings.ReplaceAll(name, harnessWorker, "<wid>")] = decompress(t, comp, []byte(content))
			}
			want := map[string]string{}
			for name, content := range ref.Outputs[len(ref.Outputs)-1] {
				want[name] = refContent(t, comp, content)
			}
			if jsonOf(got) != jsonOf(want) {
				t.Errorf("files\n got %s\nwant %s", jsonOf(got), jsonOf(want))
			}
		})
	}
}

func stringOr(v any) string {
	s, _ := v.(string)
	return s
}

func decompress(t *testing.T, c fileout.Compression, b []byte) string {
	out, err := c.Decompress(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func refContent(t *testing.T, c fileout.Compression, s string) string {
	b64, ok := strings.CutPrefix(s, "base64:")
	if !ok {
		return s
	}
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	return decompress(t, c, b)
}
