package fileout

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"reflect"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job/jobtest"
	"github.com/sluice-dev/sluice/record"
)

type refCase = jobtest.Case

func casesOf(t *testing.T, processor string) []refCase {
	return jobtest.Cases(t, "testdata/cases.jsonl", processor)
}

func name(c refCase) string { return c.Name() }

func field(t *testing.T, raw json.RawMessage, key string) any {
	o, _ := parse(t, raw).(*record.Object)
	v, _ := o.Get(key)
	return v
}

func TestFormatterCases(t *testing.T) {
	for _, c := range casesOf(t, "file.Formatter") {
		t.Run(name(c), func(t *testing.T) {
			var got string
			opt, err := FormatOptionsFromObject(parse(t, c.Config).(*record.Object))
			if err == nil {
				var f *Formatter
				if f, err = NewFormatter(opt); err == nil {
					got, _ = f.Format(recordsOf(t, field(t, c.Input, "records")), true)
				}
			}
			checkOutcome(t, c, got, err, "output")
		})
	}
}

// checkOutcome compares a result with the case's expected value under key,
// or its expected error.
func checkOutcome(t *testing.T, c refCase, got string, err error, key string) {
	t.Helper()
	if want, ok := field(t, c.Expected, "error").(string); ok {
		if err == nil || err.Error() != want {
			t.Fatalf("error %v, want %q", err, want)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if want := field(t, c.Expected, key); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestCreateFileNameCases(t *testing.T) {
	for _, c := range casesOf(t, "file.createFileName") {
		t.Run(name(c), func(t *testing.T) {
			cfg := parse(t, c.Config).(*record.Object)
			o := NameOptions{ID: stringOf(cfg, "id"), FilePerSlice: boolOf(cfg, "filePerSlice"), SliceCount: -1,
				Format: Format(stringOf(cfg, "format")), Compression: Compression(stringOf(cfg, "compression"))}
			if n, ok := valueOf(cfg, "sliceCount").(float64); ok {
				o.SliceCount = int(n)
			}
			if ext, ok := valueOf(cfg, "extension").(string); ok {
				o.Extension, o.HasExtension = ext, true
			}
			got, err := FileName(field(t, c.Input, "dir").(string), o)
			checkOutcome(t, c, got, err, "file_name")
		})
	}
}

// senderFor builds a sender from a case's configuration, writing under dir.
func senderFor(t *testing.T, cfg *record.Object, dir string) (*Sender, error) {
	cfg = cfg.Clone()
	cfg.Set("path", path.Join(dir, stringOf(cfg, "path")))
	id := stringOf(cfg, "id")
	if id == "" {
		id = "wid"
	}
	opt, err := SenderOptionsFromConfig(cfg, id)
	if err != nil {
		return nil, err
	}
	return NewSender(opt)
}

func TestChunkedFileSenderCases(t *testing.T) {
	for _, c := range casesOf(t, "file.ChunkedFileSender") {
		t.Run(name(c), func(t *testing.T) {
			dir := t.TempDir()
			s, err := senderFor(t, parse(t, c.Config).(*record.Object), dir)
			if want, ok := field(t, c.Expected, "error").(string); ok {
				if err == nil || err.Error() != want {
					t.Fatalf("error %v, want %q", err, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			checkChunkedSend(t, c, s, dir)
		})
	}
}

// checkChunkedSend sends one record (incrementCount) or the case's records
// twice and compares the files written.
func checkChunkedSend(t *testing.T, c refCase, s *Sender, dir string) {
	if dest, ok := field(t, c.Expected, "destination").(string); ok {
		send(t, s, recordsOf(t, parse(t, json.RawMessage(`[{"a":1}]`))))
		files := tree(t, dir)
		if _, ok := files[dest]; !ok || len(files) != 1 {
			t.Fatalf("files %v, want %s", keys(files), dest)
		}
		return
	}
	recs := recordsOf(t, field(t, c.Input, "send_twice"))
	send(t, s, recs)
	send(t, s, recs)
	want := map[string]string{}
	writes := field(t, c.Expected, "writes").(*record.Object)
	for _, k := range writes.Keys() {
		v, _ := writes.Get(k)
		want[k] = v.(string)
	}
	if got := tree(t, dir); !reflect.DeepEqual(got, want) {
		t.Errorf("files\n got %v\nwant %v", got, want)
	}
}

func send(t *testing.T, s *Sender, recs []*record.Record) int {
	t.Helper()
	n, err := s.Send(context.Background(), recs)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func keys(m map[string]string) []string { return sortedKeys(m) }

func TestFileSenderCase(t *testing.T) {
	c := casesOf(t, "file.FileSender")[0]
	dir := t.TempDir()
	cfg := parse(t, c.Config).(*record.Object)
	cfg.Set("path", "")
	s, err := senderFor(t, cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	recs := recordsOf(t, field(t, c.Input, "records"))
	for i := 0; i < int(field(t, c.Input, "send_times").(float64)); i++ {
		if n := send(t, s, recs); n != len(recs) {
			t.Fatalf("send %d returned %d", i, n)
		}
	}
	var nums []string
	for _, name := range keys(tree(t, dir)) {
		nums = append(nums, strings.TrimPrefix(name, "some-id."))
	}
	want := field(t, c.Expected, "file_numbers").([]any)
	if fmt.Sprint(nums) != fmt.Sprint(want) {
		t.Errorf("file numbers %v, want %v", nums, want)
	}
}
