package plan_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// TestSlotPipelinesAgreeWithTraced: a pipeline passes the value of the key
// its operations work on in place from one to the next (Op.RunSlot)
// unless it is traced, when every step runs on its own. Random pipelines
// (a chain of validations and transforms after an extraction, some in
// place, some to another target, some inverted, with a join and a second
// chain on the same key) give the same outputs and dead letters both ways
// on the web log and orders samples.
func TestSlotPipelinesAgreeWithTraced(t *testing.T) {
	recs := slotRecords(t)
	rng := rand.New(rand.NewPCG(8, 13))
	dir := t.TempDir()
	for n := 0; n < 100; n++ {
		rules := randomPipelines(rng)
		path := filepath.Join(dir, fmt.Sprintf("rules%d.txt", n))
		if err := os.WriteFile(path, []byte(rules), 0o644); err != nil {
			t.Fatal(err)
		}
		p, diags := compiler.CompileFiles([]string{path}, compiler.Config{})
		if p == nil {
			t.Fatalf("compile %s: %v", rules, diags)
		}
		fast := &plan.State{ReuseOutput: true}
		traced := &plan.State{Tracer: nopTracer{}}
		for _, text := range recs {
			a, deadA := p.RunOne(record.New(parse(t, text)), fast)
			b, deadB := p.RunOne(record.New(parse(t, text)), traced)
			if got, want := outcome(a, deadA), outcome(b, deadB); got != want {
				t.Fatalf("rules\n%s\nrecord %s: with slots %s, traced %s", rules, text, got, want)
			}
		}
	}
}

// slotOps are the operations the random pipelines use, with arguments.
var slotOps = []string{
	`"isString"`, `"isEmail"`, `"toLowerCase"`, `"toUpperCase"`, `"isLength", "min": 6, "max": 80`, `"isLength", "min": 2, "max": 2`,
	`"isASCII"`, `"isBase64"`, `"decodeBase64"`, `"trim"`, `"parseJSON"`, `"matches", "value": "^user:[0-9]+:"`,
	`"decodeURL"`, `"isIP"`, `"isNumber"`, `"toString"`, `"dedupe"`, `"lowercase"`, `"base64decode"`, `"isGeoPoint"`,
}

// randomPipelines writes a rule file: two extractions into t and u, each
// with a random chain after it, the two chains' rules interleaved, some of
// their steps writing to the other chain's key, and sometimes a join
// into t.
func randomPipelines(rng *rand.Rand) string {
	fields := []string{"user.email", "customer.email", "token", "payload", "country", "method", "host", "ip", "url", "status", "items", "shipping.geo", "user.name.first"}
	var b strings.Builder
	fmt.Fprintf(&b, `{ "selector": "*", "source": %q, "target": "t", "tag": "c0" }`+"\n", fields[rng.IntN(len(fields))])
	fmt.Fprintf(&b, `{ "selector": "*", "source": %q, "target": "u", "tag": "d0" }`+"\n", fields[rng.IntN(len(fields))])
	c, d := chain(rng, "c", "u", 1+rng.IntN(7)), chain(rng, "d", "t", rng.IntN(5))
	if rng.IntN(3) == 0 {
		c = append(c, fmt.Sprintf(`{ "follow": "c%d", "post_process": "join", "fields": ["t", "u"], "delimiter": "-", "target": "t", "tag": "c%d" }`, len(c), len(c)+1))
		c = append(c, fmt.Sprintf(`{ "follow": "c%d", "post_process": "toUpperCase" }`, len(c)))
	}
	for len(c)+len(d) > 0 { // interleaved, each chain in its order
		if len(d) == 0 || len(c) > 0 && rng.IntN(2) == 0 {
			b.WriteString(c[0] + "\n")
			c = c[1:]
		} else {
			b.WriteString(d[0] + "\n")
			d = d[1:]
		}
	}
	return b.String()
}

// chain makes n follow rules after tag prefix+"0": in place mostly,
// sometimes to other, or inverted.
func chain(rng *rand.Rand, prefix, other string, n int) []string {
	var rules []string
	for i := 1; i <= n; i++ {
		op := slotOps[rng.IntN(len(slotOps))]
		name := strings.Trim(strings.SplitN(op, ",", 2)[0], `"`)
		key := "post_process"
		if s, ok := postprocess.Lookup(name); ok && s.Kind.IsValidation() {
			key = "validation"
		}
		extra := ""
		switch rng.IntN(6) {
		case 0:
			extra = fmt.Sprintf(`, "target": %q`, other)
		case 1:
			if key == "validation" {
				extra = `, "output": false`
			}
		}
		rules = append(rules, fmt.Sprintf(`{ "follow": "%s%d", %q: %s%s, "tag": "%s%d" }`, prefix, i-1, key, op, extra, prefix, i))
	}
	return rules
}

func slotRecords(t *testing.T) []string {
	t.Helper()
	var recs []string
	for _, f := range []string{"../testdata/weblog/weblogs-2k.ndjson", "../testdata/orders/orders-2k.ndjson"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
			if i%8 == 0 {
				recs = append(recs, string(line))
			}
		}
	}
	recs = append(recs, `{"user":{"email":"ÉCOLE@Example.com"},"token":"\u00ff","payload":"{\"a\":[]}","country":"İ"}`,
		`{"customer":{"email":["A@B.co","x"]},"token":null,"payload":"{}","country":7}`, `{"method":""}`)
	return recs
}

// outcome is a run's output and dead letter as text.
func outcome(r *record.Record, d *plan.DeadLetter) string {
	out := "no output"
	if r != nil {
		out = record.JSON(r.Data)
	}
	if d != nil {
		out += fmt.Sprintf(", dead letter %s %s %s", d.Rule.Pos(), d.Code, d.Message)
	}
	return out
}

type nopTracer struct{}

func (nopTracer) Begin(*record.Record)                             {}
func (nopTracer) Matched(int)                                      {}
func (nopTracer) Extracted(*plan.Extraction, *record.Record, bool) {}
func (nopTracer) Stepping(int, *plan.Step, *record.Record)         {}
func (nopTracer) Stepped(int, *plan.Step, *record.Record, error)   {}
func (nopTracer) Restricting(*plan.Restriction, *record.Record)    {}
func (nopTracer) Unmet(*record.Record)                             {}
func (nopTracer) End(*record.Record, *plan.DeadLetter)             {}
