package main_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"testing"
)

// Start-up budget. At one record per run rulec's wall time is mostly its
// start, and package initialisation was 40 % of that: regular expressions
// compiled and tables built for operations the rules never use. The
// budgets are heap allocations at init per package, which do not depend on
// timing (the same binary allocates the same at every start), so the test
// is stable on a loaded machine.
const (
	// defaultInitAllocs is the budget of a package without its own.
	defaultInitAllocs = 128
	// totalInitAllocs bounds the whole process's initialisation (about
	// 2,100 in November 2026, 8,700 before regular expressions and tables
	// were made lazy).
	totalInitAllocs = 2600
)

// initAllocBudgets are the packages that need more than the default: the
// operation registries, which build every operation's Spec at init
// (postprocess.Register has no lazy form).
var initAllocBudgets = map[string]int{
	"github.com/sluice-dev/sluice/postprocess/datamate": 560,
	"github.com/sluice-dev/sluice/internal/vjs/l10n":    440,
	"github.com/sluice-dev/sluice/postprocess/builtin":  320,
	"github.com/sluice-dev/sluice/internal/vjs":         190,
}

// initLine is one line of GODEBUG=inittrace=1.
var initLine = regexp.MustCompile(`^init (\S+) @\S+ ms, \S+ ms clock, \d+ bytes, (\d+) allocs$`)

// TestStartInitAllocations runs rulec on one record with GODEBUG=inittrace=1
// and fails when a package allocates more at init than its budget.
func TestStartInitAllocations(t *testing.T) {
	bin := buildRulec(t)
	dir := t.TempDir()
	one := filepath.Join(dir, "one.ndjson")
	if err := os.WriteFile(one, []byte(firstLine(t, "../../testdata/orders/orders-2k.ndjson")), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "run", "-r", "../../testdata/orders/orders-rules.txt",
		"--types-file", "../../testdata/orders/orders-types.json", one)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("rulec run: %v\n%s", err, stderr.String())
	}
	if stdout.Len() == 0 {
		t.Fatal("rulec run wrote no output for the record")
	}
	allocs := parseInitTrace(t, stderr.Bytes())
	for _, msg := range overBudget(allocs) {
		t.Error(msg)
	}
}

// parseInitTrace returns the allocations at init of each package.
func parseInitTrace(t *testing.T, trace []byte) map[string]int {
	t.Helper()
	allocs := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(trace))
	for sc.Scan() {
		if m := initLine.FindStringSubmatch(sc.Text()); m != nil {
			n, _ := strconv.Atoi(m[2])
			allocs[m[1]] += n
		}
	}
	if len(allocs) < 50 {
		t.Fatalf("GODEBUG=inittrace=1 traced %d packages; the trace format changed?\n%s", len(allocs), trace)
	}
	return allocs
}

// overBudget describes each package over its budget, and the total.
func overBudget(allocs map[string]int) []string {
	var msgs []string
	total := 0
	for pkg, n := range allocs {
		total += n
		budget, ok := initAllocBudgets[pkg]
		if !ok {
			budget = defaultInitAllocs
		}
		if n > budget {
			msgs = append(msgs, fmt.Sprintf("%s allocates %d times at init (budget %d): build its regular "+
				"expressions and tables on first use (internal/lazyre, sync.OnceValue), not in package "+
				"variables or init()", pkg, n, budget))
		}
	}
	sort.Strings(msgs)
	if total > totalInitAllocs {
		msgs = append(msgs, fmt.Sprintf("rulec allocates %d times at init in all (budget %d): "+
			"GODEBUG=inittrace=1 rulec help shows which packages", total, totalInitAllocs))
	}
	return msgs
}

func TestOverBudget(t *testing.T) {
	allocs := map[string]int{
		"example.com/small": defaultInitAllocs,
		"example.com/big":   defaultInitAllocs + 1,
		"github.com/sluice-dev/sluice/postprocess/datamate": 500,
	}
	got := overBudget(allocs)
	if len(got) != 1 || !regexp.MustCompile(`^example.com/big allocates 129 times at init \(budget 128\)`).MatchString(got[0]) {
		t.Errorf("overBudget = %q, want only example.com/big", got)
	}
	allocs["example.com/many"] = totalInitAllocs
	if got := overBudget(allocs); len(got) != 3 {
		t.Errorf("overBudget with a total over budget = %q, want 3 messages", got)
	}
}

// buildRulec builds this command into a temporary directory.
func buildRulec(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "rulec")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func firstLine(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	return string(line) + "\n"
}
