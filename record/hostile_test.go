package record

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sluice-dev/sluice/internal/cputime"
)

func TestCheckPath(t *testing.T) {
	cases := []struct {
		path string
		bad  int // offset of the problem, -1 when the path is valid
	}{
		{"a", -1}, {"a.b", -1}, {"a[0].b", -1}, {`a["x[y"]`, -1}, {"a[65535]", -1}, {"a.007", -1},
		{"a..b", -1}, {"[0]", -1}, {"a.-1", -1}, {`a['-1']`, -1},
		{"[", 0}, {"[[", 0}, {"a[", 1}, {"a[0", 1}, {"a]", 1}, {"a[-1]", 2}, {"x[1000000000]", 2},
		{"a.65536", 2}, {"a.99999999999999999999", 2}, {"a[[0]]", 1},
	}
	for _, c := range cases {
		err := CheckPath(c.path)
		switch {
		case c.bad < 0 && err != nil:
			t.Errorf("%q: unexpected error %v", c.path, err)
		case c.bad >= 0 && err == nil:
			t.Errorf("%q: expected an error", c.path)
		case c.bad >= 0 && err.(*PathError).Offset != c.bad:
			t.Errorf("%q: error at %d, want %d (%v)", c.path, err.(*PathError).Offset, c.bad, err)
		}
	}
}

// Paths a compiler would reject must still be safe at run time: no panic,
// no record inside itself, no huge allocation.
func TestHostilePathsAtRunTime(t *testing.T) {
	for _, p := range []string{"[", "[[", "]", "a[", "[]", "x[1000000000]", "a.4294967296", "x.1000000.y"} {
		o := mustObject(t, `{"a":{"b":1},"x":[]}`)
		path := ParsePath(p)
		v, _ := path.Get(o)
		path.Set(o, v)
		path.Set(o, o)
		path.Unset(o)
		if s := JSON(o); len(s) > 1000 {
			t.Errorf("%q: record grew to %d bytes", p, len(s))
		}
	}
}

func TestSetNeverMakesACycle(t *testing.T) {
	cases := []struct{ src, dst, want string }{
		{"a", "a.b", `{"a":{"k":1,"b":{"k":1}}}`},
		{"a", "a.c.d", `{"a":{"k":1,"c":{"d":{"k":1}}}}`},
		{"a", "z", `{"a":{"k":1},"z":{"k":1}}`}, // no cycle: shared, not copied
		{"l", "l[1]", `{"a":{"k":1},"l":[1,[1]]}`},
	}
	for _, c := range cases {
		o := mustObject(t, `{"a":{"k":1}}`)
		if c.src == "l" {
			o = mustObject(t, `{"a":{"k":1},"l":[1]}`)
		}
		v, _ := ParsePath(c.src).Get(o)
		ParsePath(c.dst).Set(o, v)
		if got := JSON(o); got != c.want {
			t.Errorf("set %s = %s: got %s want %s", c.dst, c.src, got, c.want)
		}
	}
	root := mustObject(t, `{"a":1}`)
	ParsePath("self").Set(root, root)
	ParsePath("deep.er").Set(root, root)
	if got := JSON(root); got != `{"a":1,"self":{"a":1},"deep":{"er":{"a":1,"self":{"a":1}}}}` {
		t.Errorf("root into itself: %s", got)
	}
}

// A record with 100,000 keys decodes in time linear in its size.
func TestWideObjectDecodeIsLinear(t *testing.T) {
	build := func(n int) string {
		var b strings.Builder
		b.WriteByte('{')
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"key%d":%d`, i, i)
		}
		b.WriteString(`,"key7":"dup"}`)
		return b.String()
	}
	small, big := build(20000), build(100000)
	measure := func(s string) time.Duration {
		return cputime.Best(5, func() {
			v, err := ParseRecordString(s)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := v.(*Object).Get("key7"); got != "dup" {
				t.Fatalf("duplicate key: got %v", got)
			}
		})
	}
	ts, tb := measure(small), measure(big)
	if tb > 15*ts+50*time.Millisecond { // quadratic: 25x (CPU time: a loaded machine does not fail it)
		t.Errorf("5x the keys took %v vs %v: not linear", tb, ts)
	}
	if o, _ := ParseRecordString(big); o.(*Object).Len() != 100000 {
		t.Errorf("keys lost")
	}
}

func mustObject(t *testing.T, s string) *Object {
	t.Helper()
	o, err := ParseObject([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// Copying a value that shares one object in many places copies it once:
// a value shared 2^40 times over along its paths copies in linear time.
func TestCopySharedIsLinear(t *testing.T) {
	leaf := mustObject(t, `{"k":1}`)
	var v any = leaf
	for i := 0; i < 40; i++ {
		o := NewObject(2)
		o.Set("l", v)
		o.Set("r", v)
		v = o
	}
	root := NewObject(1)
	root.Set("d", v)
	start := time.Now()
	ParsePath("d.l.x").Set(root, root) // root reaches d.l: copied
	if took := time.Since(start); took > time.Second {
		t.Fatalf("took %v", took)
	}
	got, _ := ParsePath("d.l.x.a").Get(root)
	if got != nil {
		t.Errorf("unexpected %v", got)
	}
	if x, _ := ParsePath("d.l.x").Get(root); x == any(root) {
		t.Error("the record contains itself")
	}
}

// Encoding with a limit fails, instead of exhausting the stack, on a value
// that contains itself (Path.Set never builds one; this is the last guard).
func TestAppendJSONMaxSurvivesACycle(t *testing.T) {
	o := NewObject(1)
	o.Set("self", o) // Object.Set does not guard; Path.Set does
	if _, ok := AppendJSONMax(nil, o, 1<<30); ok {
		t.Fatal("a cyclic value encoded")
	}
	deep := any(1.0)
	for i := 0; i < 1000; i++ {
		deep = []any{deep}
	}
	if b, ok := AppendJSONMax(nil, deep, 1<<20); !ok || len(b) != 2001 {
		t.Errorf("deep value: %v, %d bytes", ok, len(b))
	}
}

// TestCanonicalRepeatedKeyChecksAreLinear: text built so that every key
// of every nested object shares its one-bit hash with the ones before it
// makes the repeated-key check read earlier keys again; its budget keeps
// canonical() linear in the text (5x the text, not 25x the time).
func TestCanonicalRepeatedKeyChecksAreLinear(t *testing.T) {
	build := func(depth int) string { // {"z":{"z":...},"a00b":0,...}: each check reads the inner ones
		var b strings.Builder
		b.WriteString(strings.Repeat(`{"z":`, depth))
		b.WriteString("1")
		for d := 0; d < depth; d++ {
			for k := 0; k < 60; k++ {
				fmt.Fprintf(&b, `,"a%02db":%d`, k, k) // same length, first and last byte
			}
			b.WriteByte('}')
		}
		return b.String()
	}
	measure := func(s string) time.Duration {
		return cputime.Best(3, func() { canonical(s) })
	}
	ts, tb := measure(build(40)), measure(build(200))
	if tb > 15*ts+50*time.Millisecond {
		t.Errorf("5x the text took %v vs %v: not linear", tb, ts)
	}
}
