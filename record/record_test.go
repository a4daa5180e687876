package record

import (
	"math"
	"testing"
)

func TestJSONRoundTrip(t *testing.T) {
	cases := []struct{ in, out string }{
		{`{"b":1,"a":[true,false,null,"x"],"c":{"d":1.5}}`, `{"b":1,"a":[true,false,null,"x"],"c":{"d":1.5}}`},
		{` {"a" : 1e3 , "b":-0, "c": 1.0} `, `{"a":1000,"b":0,"c":1}`},
		{`{"a":1,"b":2,"a":3}`, `{"a":3,"b":2}`},
		{`"caf\u00e9 \ud83d\ude00 \n\t\"\\\/"`, `"café 😀 \n\t\"\\/"`},
		{`"lone \ud83d x"`, "\"lone \ufffd x\""},
		{`"\u0001<>&"`, `"\u0001<>&"`},
		{`[1e21, 1e-7, 123456789012345680000, 0.1, -5e-324, 1.7976931348623157e308]`,
			`[1e+21,1e-7,123456789012345680000,0.1,-5e-324,1.7976931348623157e+308]`},
		{`[]`, `[]`}, {`{}`, `{}`}, {`12345678901234567890`, `12345678901234567000`},
	}
	for _, c := range cases {
		v, err := ParseJSONString(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if got := JSON(v); got != c.out {
			t.Errorf("%s: got %s want %s", c.in, got, c.out)
		}
	}
}

func TestJSONErrors(t *testing.T) {
	for _, in := range []string{``, `{`, `{"a"}`, `{"a":}`, `[1,]`, `01`, `1.`, `-`, `"\x"`, "\"a\nb\"", `tru`, `{} x`, `{'a':1}`, `NaN`} {
		if _, err := ParseJSONString(in); err == nil {
			t.Errorf("%q: expected an error", in)
		}
	}
}

func TestFormatNumber(t *testing.T) {
	cases := map[float64]string{
		0: "0", 1: "1", -1: "-1", 1.5: "1.5", 1e21: "1e+21", 1e20: "100000000000000000000",
		0.000001: "0.000001", 0.0000001: "1e-7", 123e-20: "1.23e-18", math.Inf(1): "Infinity",
		-1.5e300: "-1.5e+300", 4555029426647693529: "4555029426647693300",
	}
	for f, want := range cases {
		if got := FormatNumber(f); got != want {
			t.Errorf("FormatNumber(%v) = %s want %s", f, got, want)
		}
	}
	if FormatNumber(math.NaN()) != "NaN" {
		t.Error("NaN")
	}
}

func TestToNumber(t *testing.T) {
	cases := []struct {
		in   any
		want float64
	}{
		{"", 0}, {" 12 ", 12}, {"0x1F", 31}, {"0b101", 5}, {"0o17", 15}, {"1e3", 1000}, {".5", 0.5}, {"5.", 5},
		{"+.5", 0.5}, {"-Infinity", math.Inf(-1)}, {"\u00a012\ufeff", 12}, {nil, 0}, {true, 1}, {false, 0},
		{[]any{}, 0}, {[]any{"7"}, 7}, {"-0x10", math.NaN()}, {"1_0", math.NaN()}, {"inf", math.NaN()},
		{"0x", math.NaN()}, {"1e", math.NaN()}, {".", math.NaN()}, {Undefined, math.NaN()}, {NewObject(0), math.NaN()},
		{[]any{1.0, 2.0}, math.NaN()}, {"1e400", math.Inf(1)},
	}
	for _, c := range cases {
		got := ToNumber(c.in)
		if got != c.want && !(math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("ToNumber(%#v) = %v want %v", c.in, got, c.want)
		}
	}
}

func TestToStringTruthyEmpty(t *testing.T) {
	if got := ToString([]any{1.0, nil, "a", []any{2.0, 3.0}, Undefined}); got != "1,,a,2,3," {
		t.Errorf("ToString array = %q", got)
	}
	if ToString(NewObject(0)) != "[object Object]" || ToString(nil) != "null" || ToString(Undefined) != "undefined" {
		t.Error("ToString specials")
	}
	for _, v := range []any{nil, Undefined, false, 0.0, math.NaN(), ""} {
		if Truthy(v) {
			t.Errorf("Truthy(%#v)", v)
		}
	}
	for _, v := range []any{"0", "false", []any{}, NewObject(0), -1.0} {
		if !Truthy(v) {
			t.Errorf("!Truthy(%#v)", v)
		}
	}
	for _, v := range []any{nil, "", 5.0, true, []any{}, NewObject(0)} {
		if !IsEmpty(v) {
			t.Errorf("!IsEmpty(%#v)", v)
		}
	}
	if IsEmpty("x") || IsEmpty([]any{nil}) {
		t.Error("IsEmpty non-empty")
	}
}

func TestEquality(t *testing.T) {
	a, _ := ParseJSONString(`{"x":[1,{"y":2}],"z":null}`)
	b, _ := ParseJSONString(`{"z":null,"x":[1,{"y":2}]}`)
	if !DeepEqual(a, b) || StrictEqual(a, b) || !StrictEqual(a, a) {
		t.Error("deep/strict equal")
	}
	if !SameValueZero(math.NaN(), math.NaN()) || StrictEqual(math.NaN(), math.NaN()) {
		t.Error("NaN equality")
	}
	if StrictEqual(1.0, "1") || !StrictEqual("a", "a") {
		t.Error("typed equality")
	}
}

func obj(t *testing.T, s string) *Object {
	t.Helper()
	o, err := ParseObject([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestPathGet(t *testing.T) {
	o := obj(t, `{"a":{"b":[{"c":1},{"c":2}]},"a.b":"lit","x":"str","friends":["Bob","Jill"],"q":{"r.s":5}}`)
	cases := []struct {
		path string
		want string // JSON, "" = missing
	}{
		{"a.b[1].c", "2"}, {"a.b.0.c", "1"}, {"a.b", `"lit"`}, {"x.length", ""}, {"friends.1", `"Jill"`},
		{`q["r.s"]`, "5"}, {"a.b.5", ""}, {"missing.deep", ""}, {"a", `{"b":[{"c":1},{"c":2}]}`},
	}
	for _, c := range cases {
		v, ok := ParsePath(c.path).Get(o)
		got := ""
		if ok {
			got = JSON(v)
		}
		if got != c.want {
			t.Errorf("Get(%s) = %s want %s", c.path, got, c.want)
		}
	}
}

func TestPathSetUnset(t *testing.T) {
	o := obj(t, `{"a":"scalar","k":1}`)
	ParsePath("a.b.c").Set(o, 1.0)
	ParsePath("arr[2].x").Set(o, "y")
	ParsePath("k").Set(o, 2.0)
	ParsePath("n.0").Set(o, true)
	if got := JSON(o); got != `{"a":{"b":{"c":1}},"k":2,"arr":[null,null,{"x":"y"}],"n":[true]}` {
		t.Errorf("after set: %s", got)
	}
	if !ParsePath("a.b.c").Unset(o) || ParsePath("a.b.c").Unset(o) {
		t.Error("unset result")
	}
	ParsePath("arr.0").Unset(o)
	if got := JSON(o); got != `{"a":{"b":{}},"k":2,"arr":[null,null,{"x":"y"}],"n":[true]}` {
		t.Errorf("after unset: %s", got)
	}
}

func TestSplitPath(t *testing.T) {
	cases := map[string][]string{
		"a.b": {"a", "b"}, ".a": {"", "a"}, "a..b": {"a", "", "b"}, "a.": {"a", ""}, `a["b.c"].d`: {"a", "b.c", "d"},
		`a['x\'y']`: {"a", "x'y"}, "a[0][1]": {"a", "0", "1"},
	}
	for in, want := range cases {
		got := ParsePath(in).Segments()
		if len(got) != len(want) {
			t.Errorf("%s: %q want %q", in, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: %q want %q", in, got, want)
			}
		}
	}
}

func TestFormatNumberRuntime(t *testing.T) {
	a, b := 0.1, 0.2
	if got := FormatNumber(a + b); got != "0.30000000000000004" {
		t.Errorf("0.1+0.2 = %s", got)
	}
}

func TestLazyRecordValues(t *testing.T) {
	src := `{"a":1,"n":{"x":[1,{"y":"z"}]},"arr":[1,2,[3]],"s":"t"}`
	v, err := ParseRecordString(src)
	if err != nil {
		t.Fatal(err)
	}
	o := v.(*Object)
	if got := JSON(o); got != src {
		t.Errorf("encode: %s", got)
	}
	v2, _ := ParseRecordString(src)
	o2 := v2.(*Object)
	if y, ok := ParsePath("n.x.1.y").Get(o2); !ok || y != "z" {
		t.Errorf("path through lazy values: %v %v", y, ok)
	}
	v3, _ := ParseRecordString(src)
	c := v3.(*Object).Clone()
	n1, _ := v3.(*Object).Get("n")
	n2, _ := c.Get("n")
	if n1 != n2 {
		t.Error("a shallow clone must share nested objects")
	}
	for _, bad := range []string{`{"a":{"b":}}`, `{"a":[1,]}`, `{"a":{"b":1}`, `{"a":[1 2]}`, `{"a":{1:2}}`} {
		if _, err := ParseRecordString(bad); err == nil {
			t.Errorf("%s: expected an error", bad)
		}
	}
	v4, _ := ParseRecordString(src)
	if !DeepEqual(v4, o) || !DeepEqual(o, v4) {
		t.Error("DeepEqual across lazy values")
	}
}

func TestSharedMetaIsCopiedOnWrite(t *testing.T) {
	shared := map[string]any{"path": "/a", "offset": 0.0}
	a, b := WithSharedMeta(nil, shared), WithSharedMeta(nil, shared)
	a.SetMeta("standard:route", "x")
	if _, ok := b.GetMeta("standard:route"); ok || len(shared) != 2 {
		t.Fatalf("a write through one record reached the shared map: %v", shared)
	}
	if v, _ := a.GetMeta("path"); v != "/a" {
		t.Fatalf("the copy lost the shared keys: %v", a.Meta)
	}
	a.SetMeta("offset", 5.0) // now its own map: written in place
	if shared["offset"] != 0.0 || a.Meta["offset"] != 5.0 {
		t.Fatalf("shared %v, own %v", shared, a.Meta)
	}
	if f := b.Fork(); f.Meta["path"] != "/a" {
		t.Fatalf("fork %v", f.Meta)
	}
}

func TestCompactKeepsTheObject(t *testing.T) {
	v, _ := ParseJSON([]byte(`{"a":1,"b":{"c":2}}`))
	o := v.(*Object)
	before := JSON(o)
	o.Compact()
	if cap(o.fields) != 2 || JSON(o) != before {
		t.Fatalf("cap %d, %s", cap(o.fields), JSON(o))
	}
	o.Set("d", 3.0) // still usable
	if JSON(o) != `{"a":1,"b":{"c":2},"d":3}` {
		t.Fatal(JSON(o))
	}
	var nilObj *Object
	nilObj.Compact()
}

// SortedJSON: the same keys and values in another order, at any depth,
// give the same text; Undefined members are left out as in JSON.
func TestSortedJSON(t *testing.T) {
	a, _ := ParseJSONString(`{"b":1,"a":{"y":[{"q":1,"p":2}],"x":null}}`)
	b, _ := ParseJSONString(`{"a":{"x":null,"y":[{"p":2,"q":1}]},"b":1}`)
	if SortedJSON(a) != SortedJSON(b) || SortedJSON(a) != `{"a":{"x":null,"y":[{"p":2,"q":1}]},"b":1}` {
		t.Errorf("%s / %s", SortedJSON(a), SortedJSON(b))
	}
	o := NewObject(2)
	o.Set("z", Undefined)
	o.Set("k", "v")
	if got := SortedJSON(o); got != `{"k":"v"}` {
		t.Errorf("Undefined member: %s", got)
	}
}
