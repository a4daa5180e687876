package compiler

import (
	"os"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// FuzzCompile: any rule file compiles or yields diagnostics — never a panic
// — and every diagnostic span lies inside its source.
func FuzzCompile(f *testing.F) {
	if b, err := os.ReadFile("../testdata/weblog/weblog-rules.txt"); err == nil {
		f.Add(string(b))
	}
	if b, err := os.ReadFile("testdata/transforms.ndjson"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if c, err := record.ParseObject([]byte(line)); err == nil {
				if rules, ok := c.Get("rules"); ok {
					var sb strings.Builder
					for _, r := range rules.([]any) {
						sb.WriteString(record.JSON(r) + "\n")
					}
					f.Add(sb.String())
				}
			}
		}
	}
	f.Add("# comment\n\n  {\"selector\": \"a:(\", \"source\": 1}\nbare:selector AND x\n{\"follow\":\"t\"}\n")
	f.Fuzz(func(t *testing.T, text string) {
		src := diag.NewSource("fuzz.txt", []byte(text))
		p, diags := Compile([]*diag.Source{src}, Config{Types: map[string]string{"d": "date", "ip": "ip"}})
		for _, d := range diags.Items {
			s := d.Span
			if s.Src != nil && (s.Start < 0 || s.End < s.Start || s.End > len(s.Src.Text)) {
				t.Fatalf("diagnostic %v has span [%d,%d) outside a %d-byte source", d, s.Start, s.End, len(s.Src.Text))
			}
		}
		if p == nil && !diags.HasErrors() {
			t.Fatalf("no plan and no error")
		}
		if p != nil {
			o, _ := record.ParseObject([]byte(`{"a":"x","source":"s","d":"2020-01-01","t":[1,2]}`))
			p.Run([]*record.Record{record.New(o)})
		}
	})
}
