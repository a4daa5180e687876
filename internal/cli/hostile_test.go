package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/internal/syncbuf"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// deadLetters parses dead-letter NDJSON into (code, at) pairs.
func deadLetters(t *testing.T, text string) [][2]string {
	t.Helper()
	var out [][2]string
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if l == "" {
			continue
		}
		var d struct {
			Reason struct{ Code, At, Input string } `json:"reason"`
		}
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatalf("dead letter is not JSON: %q", l)
		}
		at := d.Reason.At
		if d.Reason.Input != "" {
			at = d.Reason.Input
		}
		out = append(out, [2]string{d.Reason.Code, at})
	}
	return out
}

// TestMixedBadInputIsAccountedFor: every input line ends up in the output,
// is dropped by the rules (an independent oracle: the plan run without its
// index), or is in the dead-letter output.
func TestMixedBadInputIsAccountedFor(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"a:1","source":"b","target":"c"}`+"\n")
	lines := []string{
		"\xef\xbb\xbf{\"a\":1,\"b\":\"bom\"}", // BOM at the start of the file
		`{"results":"truthy, not an array","a":1,"b":"first"}`,
		`{"a":1,"b":2}`,
		`{"a":2,"b":3}`, // dropped by the rules
		`# a comment`,
		`   # an indented comment`,
		"\u00a0\u00a0", // non-JSON white space only
		"\v",
		`[1,2]`,
		`5`,
		`"str"`,
		`{"a":1,"b":` + strings.Repeat("9", 5000) + `}`, // too large
		`{"a":1, oops}`,
		"{\"a\":1,\"b\":\"crlf\"}\r",
		`{"hits":{"hits":[{"_source":{"a":1,"b":"not first"}}]}}`,
		`{"a":1,"b":"last, no newline"}`,
	}
	in := strings.Join(lines, "\n")
	dead := filepath.Join(dir, "dead.ndjson")
	out, errOut, code := rulec(t, in, "run", "-r", rules, "--dead-letter", dead, "--max-record-size", "1K")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	db, _ := os.ReadFile(dead)
	outputs := strings.Count(out, "\n")
	deads := deadLetters(t, string(db))
	dropped := droppedByRules(t, rules, lines)
	if outputs+len(deads)+dropped != len(lines) {
		t.Errorf("%d lines: %d output + %d dead + %d dropped\nout:\n%s\ndead:\n%s", len(lines), outputs, len(deads), dropped, out, db)
	}
	for _, want := range []string{`{"c":"bom"}`, `{"c":"first"}`, `{"c":"crlf"}`, `{"c":"last, no newline"}`} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
	wantDead := [][2]string{{"IN001", "<stdin>:5"}, {"IN001", "<stdin>:6"}, {"IN001", "<stdin>:7"}, {"IN001", "<stdin>:8"},
		{"IN002", "<stdin>:9"}, {"IN002", "<stdin>:10"}, {"IN002", "<stdin>:11"}, {"IN003", "<stdin>:12"}, {"IN001", "<stdin>:13"}}
	if fmt.Sprint(deads) != fmt.Sprint(wantDead) {
		t.Errorf("dead letters %v\nwant %v", deads, wantDead)
	}
}

// droppedByRules counts the object lines the plan (run without its index)
// selects nothing from.
func droppedByRules(t *testing.T, rules string, lines []string) int {
	t.Helper()
	p, diags := compiler.CompileFiles([]string{rules}, compiler.Config{})
	if p == nil {
		t.Fatal(diags.Err())
	}
	st := plan.State{NoIndex: true}
	n := 0
	for _, l := range lines {
		l = strings.TrimSpace(strings.TrimPrefix(l, "\xef\xbb\xbf"))
		o, err := record.ParseObject([]byte(l))
		if err != nil || len(l) > 1024 {
			continue
		}
		if out, d := p.RunOne(record.New(o), &st); out == nil && d == nil {
			n++
		}
	}
	return n
}

func TestArrayInputIsStreamed(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"*","source":"b","target":"c"}`+"\n")
	cases := []struct {
		name, in, out string
		dead          [][2]string
	}{
		{"bad elements", "[{\"b\":1},\n {\"b\": oops},\n 7,\n {\"b\":2}]\n", "{\"c\":1}\n{\"c\":2}\n",
			[][2]string{{"IN001", "<stdin>:2"}, {"IN002", "<stdin>:3"}}},
		{"missing comma and trailer", `[{"b":1} {"b":2}] x`, "{\"c\":1}\n{\"c\":2}\n",
			[][2]string{{"IN004", "<stdin>:1"}, {"IN004", "<stdin>:1"}}},
		{"not closed", "[{\"b\":1},\n{\"b\":", "{\"c\":1}\n", [][2]string{{"IN004", "<stdin>:2"}, {"IN004", "<stdin>:2"}}},
		{"pretty", "[\n  {\n    \"b\": \"x\"\n  },\n  {\"b\": [1, 2]}\n]\n", "{\"c\":\"x\"}\n{\"c\":[1,2]}\n", nil},
		{"search response", `[{"hits":{"hits":[{"_source":{"b":1}},{"x":1}]}},{"b":2}]`, "{\"c\":1}\n{\"c\":2}\n",
			[][2]string{{"IN002", "<stdin>:1"}}},
		{"ndjson starting with [", "[1,2]\n{\"b\":1}\n", "{\"c\":1}\n", [][2]string{{"IN002", "<stdin>:1"}}},
		{"one-line array alone", "[{\"b\":1},{\"b\":2}]\n\n", "{\"c\":1}\n{\"c\":2}\n", nil},
		{"big element", "[{\"b\":\"" + strings.Repeat("x", 3000) + "\"},{\"b\":3}]", "{\"c\":3}\n", [][2]string{{"IN003", "<stdin>:1"}}},
	}
	for _, c := range cases {
		dead := filepath.Join(dir, "dead.ndjson")
		out, errOut, code := rulec(t, c.in, "run", "-r", rules, "--dead-letter", dead, "--max-record-size", "2K")
		db, _ := os.ReadFile(dead)
		if code != 0 || out != c.out {
			t.Errorf("%s: exit %d (%s), out %q want %q", c.name, code, errOut, out, c.out)
		}
		if got := deadLetters(t, string(db)); fmt.Sprint(got) != fmt.Sprint(c.dead) {
			t.Errorf("%s: dead %v want %v\n%s", c.name, got, c.dead, db)
		}
	}
}

// TestOversizedLineKeepsTheRest: a line larger than --max-record-size
// (here 1 MiB of a 3 MiB line) is dead-lettered with its number; the
// records around it are processed.
func TestOversizedLineKeepsTheRest(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"*","source":"b","target":"c"}`+"\n")
	in := "{\"b\":1}\n{\"b\":\"" + strings.Repeat("x", 3<<20) + "\"}\n{\"b\":2}\n"
	dead := filepath.Join(dir, "dead.ndjson")
	out, _, code := rulec(t, in, "run", "-r", rules, "--dead-letter", dead, "--max-record-size", "1M")
	db, _ := os.ReadFile(dead)
	if code != 0 || out != "{\"c\":1}\n{\"c\":2}\n" {
		t.Fatalf("exit %d out %q", code, out)
	}
	if d := deadLetters(t, string(db)); len(d) != 1 || d[0] != [2]string{"IN003", "<stdin>:2"} || len(db) > 4096 {
		t.Errorf("dead letter %v (%d bytes)", d, len(db))
	}
}

func TestDeadLetterPathSafety(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"*","source":"b","target":"c"}`+"\n")
	data := writeFile(t, dir, "in.ndjson", "{\"b\":1}\nnot json\n")
	// the dead-letter path is an input: refused, nothing touched
	_, errOut, code := rulec(t, "", "run", "-r", rules, "--dead-letter", data, data)
	if b, _ := os.ReadFile(data); code != ExitUsage || string(b) != "{\"b\":1}\nnot json\n" || !strings.Contains(errOut, "is the input") {
		t.Errorf("input as dead-letter: exit %d, %s, file %q", code, errOut, b)
	}
	if _, _, code = rulec(t, "", "run", "-r", rules, "--dead-letter", rules, data); code != ExitUsage {
		t.Errorf("rule file as dead-letter: exit %d", code)
	}
	if _, _, code = rulec(t, "", "run", "-r", rules, "--cpuprofile", data, data); code != ExitUsage {
		t.Errorf("input as --cpuprofile: exit %d", code)
	}
	if b, _ := os.ReadFile(data); string(b) != "{\"b\":1}\nnot json\n" {
		t.Errorf("an input was overwritten: %q", b)
	}
	// standard output appending to an input would read its own output forever
	inOut, err := os.OpenFile(data, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	code = Rulec([]string{"run", "-r", rules, data}, Env{Stdin: strings.NewReader(""), Stdout: inOut, Stderr: io.Discard})
	inOut.Close()
	if b, _ := os.ReadFile(data); code != ExitUsage || string(b) != "{\"b\":1}\nnot json\n" {
		t.Errorf("stdout appending to the input: exit %d, file %q", code, b)
	}
	// the file behind standard output (an append-mode log) is appended to
	logPath := writeFile(t, dir, "log", "earlier\n")
	logf, err := os.OpenFile(logPath, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	var errb bytes.Buffer
	code = Rulec([]string{"run", "-r", rules, "--dead-letter", logPath, data}, Env{Stdin: strings.NewReader(""), Stdout: logf, Stderr: &errb})
	b, _ := os.ReadFile(logPath)
	if code != 0 || !strings.HasPrefix(string(b), "earlier\n") || !strings.Contains(string(b), `{"c":1}`) || !strings.Contains(string(b), "IN001") {
		t.Errorf("log: exit %d (%s), content %q", code, errb.String(), b)
	}
}

// A dead-letter output that cannot be written ends the run with
// ExitOutput instead of losing the dead letters silently.
func TestDeadLetterWriteErrors(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"*","source":"b","target":"c"}`+"\n")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // the reader is gone: writes fail with EPIPE
	defer w.Close()
	in := strings.Repeat("bad\n", 10000)
	done := make(chan int)
	go func() {
		_, _, code := rulec(t, in, "run", "-r", rules, "--dead-letter", fmt.Sprintf("/proc/self/fd/%d", w.Fd()))
		done <- code
	}()
	select {
	case code := <-done:
		if code != ExitOutput {
			t.Errorf("exit %d, want %d", code, ExitOutput)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("rulec blocked on a closed dead-letter pipe")
	}
	var out failingWriter
	code := Rulec([]string{"run", "-r", rules}, Env{Stdin: strings.NewReader("{\"b\":1}\n"), Stdout: &out, Stderr: io.Discard})
	if code != ExitOutput {
		t.Errorf("output write error: exit %d", code)
	}
}

type failingWriter struct{}

func (*failingWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

func init() {
	postprocess.Register(&postprocess.Spec{Name: "testPanicOn", Kind: postprocess.FieldTransform, Summary: "test only: panics on the value \"boom\"",
		Build: func(*postprocess.Args) (*postprocess.Impl, error) {
			return &postprocess.Impl{Transform: func(v any, _ *record.Object) (any, error) {
				if v == "boom" {
					var m map[string]int
					m["x"]++ // a nil map write: a real runtime panic
				}
				return v, nil
			}}, nil
		}})
}

// A panic while processing one record dead-letters it with the rule and the
// input line, the other records are processed, and the exit code says so.
func TestPanicIsContainedToItsRecord(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"*","source":"b","target":"c","tag":"t"}`+"\n"+
		`{"follow":"t","post_process":"testPanicOn","source":"c","target":"d"}`+"\n")
	dead := filepath.Join(dir, "dead.ndjson")
	out, errOut, code := rulec(t, "{\"b\":1}\n{\"b\":\"boom\"}\n{\"b\":2}\n", "run", "-r", rules, "--dead-letter", dead)
	db, _ := os.ReadFile(dead)
	if code != ExitInternal || out != "{\"c\":1,\"d\":1}\n{\"c\":2,\"d\":2}\n" || !strings.Contains(errOut, "internal error") {
		t.Errorf("exit %d out %q err %s", code, out, errOut)
	}
	if d := deadLetters(t, string(db)); len(d) != 1 || d[0] != [2]string{CodeInternal, "<stdin>:2"} || !strings.Contains(string(db), "r.txt:2") {
		t.Errorf("dead letter: %s", db)
	}
}

// A panic in the run of one record of a search response dead-letters that
// record only: the response's other hits and the lines after it still run.
func TestPanicInASearchHitIsContainedToTheHit(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"*","source":"b","target":"c","tag":"t"}`+"\n"+
		`{"follow":"t","post_process":"testPanicOn","source":"c","target":"d"}`+"\n")
	dead := filepath.Join(dir, "dead.ndjson")
	in := `{"hits":{"hits":[{"_source":{"b":1}},{"_source":{"b":"boom"}},{"_source":{"b":2}}]}}` + "\n" + `{"b":"boom"}` + "\n" + `{"b":3}` + "\n"
	out, errOut, code := rulec(t, in, "run", "-r", rules, "--dead-letter", dead)
	db, _ := os.ReadFile(dead)
	if code != ExitInternal || out != "{\"c\":1,\"d\":1}\n{\"c\":2,\"d\":2}\n{\"c\":3,\"d\":3}\n" {
		t.Errorf("exit %d out %q err %s", code, out, errOut)
	}
	want := [][2]string{{CodeInternal, "<stdin>:1"}, {CodeInternal, "<stdin>:2"}}
	if d := deadLetters(t, string(db)); fmt.Sprint(d) != fmt.Sprint(want) || !strings.Contains(string(db), "a record of the search response on this line") {
		t.Errorf("dead letters %v:\n%s", d, db)
	}
}

// A record whose selector regexes keep timing out is dead-lettered once
// its budget is spent, instead of vanishing after 100 x the match timeout.
func TestRecordTimeoutBoundsTheRecord(t *testing.T) {
	dir := t.TempDir()
	var terms []string
	for i := 0; i < 100; i++ {
		terms = append(terms, fmt.Sprintf(`f:/(?=a)(a+)+b%d/`, i))
	}
	rules := writeFile(t, dir, "r.txt", strings.Join(terms, " OR ")+"\n")
	dead := filepath.Join(dir, "dead.ndjson")
	start := time.Now()
	out, errOut, code := rulec(t, "{\"f\":\""+strings.Repeat("a", 40)+"\"}\n{\"f\":\"b\"}\n", "run", "-r", rules, "--dead-letter", dead, "--record-timeout", "200ms")
	took := time.Since(start)
	db, _ := os.ReadFile(dead)
	if code != 0 || out != "" {
		t.Fatalf("exit %d (%s) out %q", code, errOut, out)
	}
	if d := deadLetters(t, string(db)); len(d) != 1 || d[0][0] != plan.CodeTimeout || !strings.Contains(string(db), "r.txt:1") {
		t.Errorf("dead letters: %s", db)
	}
	if took > 2*time.Second {
		t.Errorf("took %v", took)
	}
}

// Output that would grow without bound fails the record, not the process:
// toJSON pretty of a deep array (text quadratic in the depth), or an output
// record larger than --max-record-size.
func TestOutputGrowthIsBounded(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"*","source":"a","target":"j","tag":"t"}`+"\n"+
		`{"follow":"t","post_process":"toJSON","pretty":true,"source":"j","target":"k"}`+"\n")
	deep := strings.Repeat("[", 5000) + strings.Repeat("]", 5000)
	dead := filepath.Join(dir, "dead.ndjson")
	out, _, code := rulec(t, "{\"a\":"+deep+"}\n{\"a\":[1]}\n", "run", "-r", rules, "--dead-letter", dead, "--max-record-size", "64K")
	db, _ := os.ReadFile(dead)
	if code != 0 || out != "{\"j\":[1],\"k\":[\"1\"]}\n" {
		t.Errorf("exit %d out %q", code, out)
	}
	if d := deadLetters(t, string(db)); len(d) != 1 || d[0][0] != plan.CodeOperation {
		t.Errorf("dead letters: %v", d)
	}
	// duplicated values grow the output beyond the limit: RUN004
	dup := writeFile(t, dir, "dup.txt", `{"selector":"*","source":"a","target":"x"}`+"\n"+`{"selector":"*","source":"a","target":"y"}`+"\n")
	out, _, code = rulec(t, "{\"a\":\""+strings.Repeat("z", 40000)+"\"}\n", "run", "-r", dup, "--dead-letter", dead, "--max-record-size", "64K")
	db, _ = os.ReadFile(dead)
	if d := deadLetters(t, string(db)); code != 0 || out != "" || len(d) != 1 || d[0][0] != CodeOutputLarge {
		t.Errorf("exit %d out %d bytes, dead %v", code, len(out), d)
	}
}

// Records of a stalled input are written promptly; an interrupt ends the
// run after writing everything read, with ExitInterrupted.
func TestStalledInputAndInterrupt(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"*","source":"b","target":"c"}`+"\n")
	pr, pw := io.Pipe()
	var out syncbuf.Buffer
	interrupt := make(chan struct{})
	done := make(chan int)
	go func() {
		done <- Rulec([]string{"run", "-r", rules}, Env{Stdin: pr, Stdout: &out, Stderr: io.Discard, Interrupt: interrupt})
	}()
	pw.Write([]byte("{\"b\":1}\n{\"b\":2}\n{\"b\":"))
	deadline := time.Now().Add(5 * time.Second)
	for out.String() != "{\"c\":1}\n{\"c\":2}\n" {
		if time.Now().After(deadline) {
			t.Fatalf("records of a stalled input not written: %q", out.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	pw.Write([]byte("3}\n"))
	close(interrupt)
	select {
	case code := <-done:
		if code != ExitInterrupted || out.String() != "{\"c\":1}\n{\"c\":2}\n{\"c\":3}\n" {
			t.Errorf("exit %d, out %q", code, out.String())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("interrupt did not end the run")
	}
	pw.Close()
}

func TestFlagValidation(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"*","source":"b","target":"c"}`+"\n")
	types := writeFile(t, dir, "types.json", `{"a":"nonsense"}`)
	for _, args := range [][]string{
		{"--types-file", types}, {"--types-file", "/dev/zero"}, {"--variables", "/dev/zero"}, {"--max-record-size", "0"}, {"--max-record-size", "lots"}, {"--record-timeout", "soon"}, {"--record-timeout", "-1s"},
	} {
		if _, errOut, code := rulec(t, "", append([]string{"run", "-r", rules}, args...)...); code != ExitUsage {
			t.Errorf("%v: exit %d (%s)", args, code, errOut)
		}
	}
	if n, err := parseSize("16M"); err != nil || n != 16<<20 {
		t.Errorf("16M = %d %v", n, err)
	}
}

// A timeout in an operation's regex (matches, replaceRegex) dead-letters
// the record instead of counting as "no match"; the dead letter's message
// stays small even though the regex engine quotes its input. (The
// lookarounds keep the patterns on the backtracking engine: the linear one
// answers ^(a|aa)+$ at once.)
func TestOperationRegexTimeoutIsADeadLetter(t *testing.T) {
	dir := t.TempDir()
	for _, op := range []string{
		`{"follow":"t","validation":"matches","value":"^(a|aa)+(?!b)$"}`,
		`{"follow":"t","post_process":"replaceRegex","regex":"^(a|aa)+(?=b)","replace":"x","source":"v","target":"w"}`,
	} {
		rules := writeFile(t, dir, "r.txt", `{"selector":"*","source":"s","target":"v","tag":"t"}`+"\n"+op+"\n")
		dead := filepath.Join(dir, "dead.ndjson")
		in := "{\"s\":\"" + strings.Repeat("a", 30000) + "c\"}\n{\"s\":\"aa\"}\n"
		out, errOut, code := rulec(t, in, "run", "-r", rules, "--dead-letter", dead, "--record-timeout", "300ms")
		db, _ := os.ReadFile(dead)
		d := deadLetters(t, string(db))
		if code != 0 || strings.Count(out, "\n") != 1 || len(d) != 1 || d[0] != [2]string{plan.CodeTimeout, "<stdin>:1"} {
			t.Errorf("%s: exit %d (%s) out %q dead %v", op, code, errOut, out, d)
		}
		if len(db) > 40000+3000 { // the record itself, plus a bounded reason
			t.Errorf("%s: dead letter of %d bytes", op, len(db))
		}
	}
}

func init() {
	postprocess.Register(&postprocess.Spec{Name: "testSleepOn", Kind: postprocess.FieldTransform, Summary: "test only: sleeps 300ms on the value \"slow\"",
		Build: func(*postprocess.Args) (*postprocess.Impl, error) {
			return &postprocess.Impl{Transform: func(v any, _ *record.Object) (any, error) {
				if v == "slow" {
					time.Sleep(300 * time.Millisecond)
				}
				return v, nil
			}}, nil
		}})
}

// A slow batch ahead of fast ones holds back at most the batches in
// flight: the reorder buffer does not grow with the input.
func TestReorderBufferIsBounded(t *testing.T) {
	dir := t.TempDir()
	rules := writeFile(t, dir, "r.txt", `{"selector":"*","source":"b","target":"c","tag":"t"}`+"\n"+
		`{"follow":"t","post_process":"testSleepOn","source":"c","target":"d"}`+"\n")
	p, diags := compiler.CompileFiles([]string{rules}, compiler.Config{})
	if p == nil {
		t.Fatal(diags.Err())
	}
	var in strings.Builder
	in.WriteString("{\"b\":\"slow\"}\n")
	line := "{\"b\":1,\"pad\":\"" + strings.Repeat("x", 100) + "\"}\n"
	for in.Len() < 40*batchBytes {
		in.WriteString(line)
	}
	var out bytes.Buffer
	s := &stream{plan: p, out: newChecked("output", &out), dead: newChecked("dead", io.Discard), maxRecord: DefaultMaxRecord, stop: make(chan struct{})}
	if err := s.runAll([]namedReader{{"in", strings.NewReader(in.String())}}); err != nil {
		t.Fatal(err)
	}
	s.out.Flush()
	if want := strings.Count(in.String(), "\n"); strings.Count(out.String(), "\n") != want {
		t.Fatalf("%d output lines, want %d", strings.Count(out.String(), "\n"), want)
	}
	if limit := 2 * runtime.GOMAXPROCS(0); s.maxPending > limit {
		t.Errorf("%d batches waited behind the slow one (limit %d)", s.maxPending, limit)
	}
}

// A panic outside a record's run (here in the authoring commands' visit,
// which runs where parsing and unwrapping do) dead-letters its line and
// the batch goes on with the next line, as NDJSON and as array elements.
func TestPanicWhileReadingALineIsContained(t *testing.T) {
	for name, input := range map[string]string{
		"ndjson": "{\"k\":1}\n{\"k\":\"boom\"}\n\n{\"k\":3}\n{\"k\":\"boom\"}\n{\"k\":5}\n",
		"array":  "[{\"k\":1},\n{\"k\":\"boom\"},\n{\"k\":3},\n{\"k\":\"boom\"},\n{\"k\":5}]",
	} {
		var dead bytes.Buffer
		var seen []string
		s := &stream{out: newChecked("output", io.Discard), dead: newChecked("dead", &dead), maxRecord: DefaultMaxRecord, stop: make(chan struct{})}
		s.visit = func(o *record.Object, _ string, line int) {
			if v, _ := o.Get("k"); v == "boom" {
				panic("boom")
			}
			seen = append(seen, fmt.Sprint(line))
		}
		if err := s.runAll([]namedReader{{"in", strings.NewReader(input)}}); err != nil {
			t.Fatal(err)
		}
		s.dead.Flush()
		wantSeen := "[1 4 6]"
		wantDead := [][2]string{{CodeInternal, "in:2"}, {CodeInternal, "in:5"}}
		if name == "array" {
			wantSeen, wantDead = "[1 3 5]", [][2]string{{CodeInternal, "in:2"}, {CodeInternal, "in:4"}}
		}
		if got := fmt.Sprint(seen); got != wantSeen {
			t.Errorf("%s: records visited on lines %s, want %s", name, got, wantSeen)
		}
		if d := deadLetters(t, dead.String()); fmt.Sprint(d) != fmt.Sprint(wantDead) || !strings.Contains(dead.String(), "while reading this line: boom") {
			t.Errorf("%s: dead letters %v:\n%s", name, d, dead.String())
		}
		if s.panics.Load() != 2 {
			t.Errorf("%s: %d panics counted, want 2", name, s.panics.Load())
		}
	}
}
