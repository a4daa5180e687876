package fileout

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path"
	"reflect"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	"github.com/sluice-dev/sluice/record"
)

// senderJob is a job of testdata/senderdiff.in.jsonl: invented batches
// sent through the reference's FileSender (run-format.sh, mode sender);
// senderdiff.ref.jsonl holds the files after each send.
type senderJob struct {
	ID       string          `json:"id"`
	Format   string          `json:"format"`
	Config   json.RawMessage `json:"config"`
	Slices   json.RawMessage `json:"slices"`
	Metadata json.RawMessage `json:"metadata"`
}

type senderAnswer struct {
	ID      string              `json:"id"`
	OK      bool                `json:"ok"`
	Outputs []map[string]string `json:"outputs"`
}

// senderFixes are the deliberate differences (docs/compat.md): a route
// first seen after the first send gets a header at the top of its file.
var senderFixes = map[string]map[string]string{
	"csv-append-header-late-route": {"r2/wid.csv": "\"a\"\n2\n"},
}

// TestFileSenderMatchesReference sends each job's batches and compares the
// files (decompressed) with the reference's: after every send with
// file_per_slice; after Close otherwise, when sluice makes the worker's
// file visible (before it, nothing may be visible).
func TestFileSenderMatchesReference(t *testing.T) {
	jobs := readLines[senderJob](t, "senderdiff.in.jsonl")
	answers := readLines[senderAnswer](t, "senderdiff.ref.jsonl")
	if len(jobs) != len(answers) || len(jobs) < 15 {
		t.Fatalf("%d jobs, %d answers", len(jobs), len(answers))
	}
	for i, j := range jobs {
		t.Run(j.ID, func(t *testing.T) { runSenderJob(t, j, answers[i]) })
	}
}

func runSenderJob(t *testing.T, j senderJob, want senderAnswer) {
	dir := t.TempDir()
	cfg, _ := parse(t, j.Config).(*record.Object)
	cfg.Set("format", j.Format)
	cfg.Set("path", dir)
	opt, err := SenderOptionsFromConfig(cfg, "wid")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSender(opt)
	if err != nil {
		t.Fatal(err)
	}
	slices, _ := parse(t, j.Slices).([]any)
	metas, _ := parse(t, j.Metadata).([]any)
	for k, sl := range slices {
		send(t, s, jobtest.WithMeta(sl.([]any), metas[k].([]any)))
		got := visible(t, dir, opt.Compression)
		if opt.FilePerSlice {
			compareFiles(t, got, decoded(t, want.Outputs[k], opt.Compression), k)
		} else if len(got) != 0 {
			t.Fatalf("after send %d, files are visible before Close: %v", k, keys(got))
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	final := decoded(t, want.Outputs[len(want.Outputs)-1], opt.Compression)
	for name, content := range senderFixes[j.ID] {
		final[name] = content
	}
	compareFiles(t, visible(t, dir, opt.Compression), final, len(slices))
}

// visible is the files not hidden, decompressed.
func visible(t *testing.T, dir string, c Compression) map[string]string {
	out := map[string]string{}
	for name, content := range tree(t, dir) {
		if strings.HasPrefix(path.Base(name), ".") {
			continue
		}
		out[name] = decompress(t, name, []byte(content), c)
	}
	return out
}

// decoded is a reference answer with "base64:" contents decoded and
// decompressed (the reference writes gzip and LZ4 frames with its own
// libraries; sluice must read them).
func decoded(t *testing.T, files map[string]string, c Compression) map[string]string {
	out := map[string]string{}
	for name, content := range files {
		if b64, ok := strings.CutPrefix(content, "base64:"); ok {
			raw, err := base64.StdEncoding.DecodeString(b64)
			if err != nil {
				t.Fatal(err)
			}
			content = decompress(t, name, raw, c)
		}
		out[name] = content
	}
	return out
}

func decompress(t *testing.T, name string, raw []byte, c Compression) string {
	b, err := c.Decompress(raw)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return string(b)
}

func compareFiles(t *testing.T, got, want map[string]string, k int) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("after send %d:\n got %q\nwant %q", k, got, want)
	}
}

// TestReferenceReadsOurCompression: the bytes sluice writes for gzip and
// LZ4 were read back by the reference's reader (testdata/interop.json);
// they must not change without checking that again.
func TestReferenceReadsOurCompression(t *testing.T) {
	b, err := os.ReadFile("testdata/interop.json")
	var doc struct {
		Text string
		LZ4  string `json:"lz4"`
		Gzip string `json:"gzip"`
	}
	if err != nil || json.Unmarshal(b, &doc) != nil {
		t.Fatal(err)
	}
	for c, want := range map[Compression]string{LZ4: doc.LZ4, Gzip: doc.Gzip} {
		got, err := c.Compress([]byte(doc.Text))
		if err != nil || base64.StdEncoding.EncodeToString(got) != want {
			t.Errorf("%s: %x (%v)", c, got, err)
		}
	}
}
