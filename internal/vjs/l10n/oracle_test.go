package l10n

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"os"
	"sort"
	"testing"
)

// oracle.ndjson.gz holds results of the real validator.js 13.15.35 on
// generated inputs (see testdata/gen_oracle.js).

type oracleLine struct {
	Fn     string    `json:"fn"`
	Arg    any       `json:"arg"`
	Cases  [][2]any  `json:"cases"`
	Table  string    `json:"table"`
	Locale string    `json:"locale"`
	Head   [][2]rune `json:"head"`
	Tail   [][2]rune `json:"tail"`
}

func loadOracle(t *testing.T) []oracleLine {
	t.Helper()
	f, err := os.Open("testdata/oracle.ndjson.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var out []oracleLine
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var l oracleLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		out = append(out, l)
	}
	return out
}

// expectOf decodes a result: a bool, or {"throws": msg}.
func expectOf(r any) (want bool, throws string) {
	if b, ok := r.(bool); ok {
		return b, ""
	}
	return false, r.(map[string]any)["throws"].(string)
}

func TestOracle(t *testing.T) {
	pass, total := map[string]int{}, map[string]int{}
	for _, l := range loadOracle(t) {
		if l.Fn == "charset" {
			continue
		}
		chk, bindErr := pluginBinders[l.Fn](l.Arg)
		for _, c := range l.Cases {
			in := c[0].(string)
			want, throws := expectOf(c[1])
			total[l.Fn]++
			var got bool
			err := bindErr
			if err == nil {
				got, err = chk(in)
			}
			gotThrow := ""
			if err != nil {
				gotThrow = err.Error()
			}
			if got == want && gotThrow == throws {
				pass[l.Fn]++
				continue
			}
			t.Errorf("%s(%q, %#v): got %v/%q, want %v/%q", l.Fn, in, l.Arg, got, gotThrow, want, throws)
		}
	}
	keys := make([]string, 0, len(total))
	for k := range total {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("oracle %s %d/%d", k, pass[k], total[k])
	}
}

// TestOracleCharsets compares every BMP code point against the sets the
// real alpha.js regexes accept.
func TestOracleCharsets(t *testing.T) {
	for _, l := range loadOracle(t) {
		if l.Fn != "charset" {
			continue
		}
		tbl := map[string]*classTable{"alpha": alphaTable(), "alphanumeric": alnumTable()}[l.Table]
		m, err := tbl.lookup(l.Locale)
		if err != nil {
			t.Fatal(err)
		}
		first := string(l.Head[0][0])
		bad := 0
		for c := rune(0); c <= 0xffff && bad < 5; c++ {
			if c >= 0xd800 && c <= 0xdfff {
				continue
			}
			if got, want := m.match(string(c)), inRanges(l.Head, c); got != want {
				t.Errorf("%s %s: U+%04X alone: got %v want %v", l.Table, l.Locale, c, got, want)
				bad++
			}
			if got, want := m.match(first+string(c)), inRanges(l.Tail, c); got != want {
				t.Errorf("%s %s: U+%04X after head: got %v want %v", l.Table, l.Locale, c, got, want)
				bad++
			}
		}
	}
}

func inRanges(rs [][2]rune, c rune) bool {
	i := sort.Search(len(rs), func(i int) bool { return rs[i][1] >= c })
	return i < len(rs) && rs[i][0] <= c
}
