package jsstr

import (
	"reflect"
	"testing"
)

// Expected values in this file were produced by running the same inputs
// through Node.js 20.20 and lodash 4.17.21.

func TestCaseMapping(t *testing.T) {
	tests := []struct{ in, upper, lower string }{
		{"", "", ""},
		{"hello WORLD 123", "HELLO WORLD 123", "hello world 123"},
		{"ΟΔΟΣ ΑΣ.", "ΟΔΟΣ ΑΣ.", "οδος ας."},
		{"Σ", "Σ", "σ"},
		{"aΣb", "AΣB", "aσb"},
		{"A'Σ", "A'Σ", "a'ς"},
		{"İstanbul", "İSTANBUL", "i̇stanbul"},
		{"straße ŉ ǰ ﬁ", "STRASSE ʼN J̌ FI", "straße ŉ ǰ ﬁ"},
		{"ǅ", "Ǆ", "ǆ"},
		{"ᾳ", "ΑΙ", "ᾳ"},
		{"\u1c89", "\u1c89", "\u1c8a"}, // Unicode 16, newer than Go's tables
		{"ÀÉÎ Straße", "ÀÉÎ STRASSE", "àéî straße"},
		{"😀x", "😀X", "😀x"},
	}
	for _, tc := range tests {
		if got := ToUpper(tc.in); got != tc.upper {
			t.Errorf("ToUpper(%q) = %q, want %q", tc.in, got, tc.upper)
		}
		if got := ToLower(tc.in); got != tc.lower {
			t.Errorf("ToLower(%q) = %q, want %q", tc.in, got, tc.lower)
		}
		checkAppendCase(t, tc.in, tc.upper, tc.lower)
	}
	// invalid UTF-8, a WTF-8 lone surrogate, a sigma after a prefix the
	// fast scan skips: the appending forms agree with ToUpper and ToLower
	for _, in := range []string{"\xff\xfeA", "ab\xed\xa0\x80C", "abc DEFΣ", "x\x00Σ.", "ß", "aİ"} {
		checkAppendCase(t, in, ToUpper(in), ToLower(in))
	}
}

// checkAppendCase: AppendUpper and AppendLower append exactly the mapped
// text after what the buffer holds.
func checkAppendCase(t *testing.T, in, upper, lower string) {
	t.Helper()
	buf := []byte("pre:")
	if got := string(AppendUpper(buf, in)); got != "pre:"+upper {
		t.Errorf("AppendUpper(%q) = %q, want %q", in, got, "pre:"+upper)
	}
	if got := string(AppendLower(buf, in)); got != "pre:"+lower {
		t.Errorf("AppendLower(%q) = %q, want %q", in, got, "pre:"+lower)
	}
}

func TestCaseNoAlloc(t *testing.T) {
	s := "already lower 123"
	if n := testing.AllocsPerRun(100, func() { _ = ToLower(s) }); n != 0 {
		t.Errorf("ToLower allocs = %v", n)
	}
	u := "ALREADY UPPER 123"
	if n := testing.AllocsPerRun(100, func() { _ = ToUpper(u) }); n != 0 {
		t.Errorf("ToUpper allocs = %v", n)
	}
}

func TestUTF16(t *testing.T) {
	tests := []struct {
		in         string
		len        int
		start, end int
		slice      string
	}{
		{"", 0, 0, 1, ""},
		{"abc", 3, 1, 2, "b"},
		{"abc", 3, -2, 3, "bc"},
		{"abc", 3, 2, 1, ""},
		{"😀abc", 5, 0, 1, "\uFFFD"},
		{"😀abc", 5, 0, 2, "😀"},
		{"😀abc", 5, 1, 3, "\uFFFDa"},
		{"é€😀", 4, 1, 100, "€😀"},
		{"a\xffb", 3, 1, 2, "\uFFFD"},
	}
	for _, tc := range tests {
		if got := Len16(tc.in); got != tc.len {
			t.Errorf("Len16(%q) = %d, want %d", tc.in, got, tc.len)
		}
		if got := Slice16(tc.in, tc.start, tc.end); got != tc.slice {
			t.Errorf("Slice16(%q, %d, %d) = %q, want %q", tc.in, tc.start, tc.end, got, tc.slice)
		}
	}
	if got := Len16("\xed\xa0\xbd"); got != 1 {
		t.Errorf("Len16(WTF-8 surrogate) = %d, want 1", got)
	}
}

func TestSplit(t *testing.T) {
	tests := []struct {
		in, sep string
		want    []string
	}{
		{"", "", []string{}},
		{"", ",", []string{""}},
		{"abc", "", []string{"a", "b", "c"}},
		{"a😀", "", []string{"a", "\uFFFD", "\uFFFD"}},
		{"a,b,,c", ",", []string{"a", "b", "", "c"}},
		{"abc", "abc", []string{"", ""}},
	}
	for _, tc := range tests {
		if got := Split(tc.in, tc.sep); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Split(%q, %q) = %q, want %q", tc.in, tc.sep, got, tc.want)
		}
	}
}

func TestCompareUTF16(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"a", "b", -1}, {"b", "a", 1}, {"a", "a", 0}, {"a", "ab", -1},
		{"\uFF61", "😀", 1}, // U+FF61 > U+D83D in UTF-16, < U+1F600 in code points
		{"😀", "😁", -1},
	}
	for _, tc := range tests {
		if got := CompareUTF16(tc.a, tc.b); got != tc.want {
			t.Errorf("CompareUTF16(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestWhitespace(t *testing.T) {
	for _, r := range "\t\n\v\f\r \u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff" {
		if !IsJSWhitespace(r) {
			t.Errorf("IsJSWhitespace(%U) = false", r)
		}
	}
	for _, r := range "a\u180e\u200b\u0085" {
		if IsJSWhitespace(r) {
			t.Errorf("IsJSWhitespace(%U) = true", r)
		}
	}
	if got := Trim("\u00a0\ufeff x \u3000"); got != "x" {
		t.Errorf("Trim = %q", got)
	}
}

func TestLodashTrim(t *testing.T) {
	tests := []struct{ in, chars, both, start, end string }{
		{"ééxé", "e", "ééxé", "ééxé", "ééxé"}, // decomposed é is one symbol
		{"ééxé", "é", "x", "xé", "ééx"},
		{"😀a😀", "😀", "a", "a😀", "😀a"},
		{"\u00a0\ufeff x \u3000", "", "x", "x \u3000", "\u00a0\ufeff x"},
		{"aXa", "a", "X", "Xa", "aX"},
		{"fast cars race fast", "fast", " cars race ", " cars race fast", "fast cars race "},
		{".*.*a regex test.*.*.*.*", ".*", "a regex test", "a regex test.*.*.*.*", ".*.*a regex test"},
		{"aaa", "a", "", "", ""},
	}
	for _, tc := range tests {
		if got := TrimChars(tc.in, tc.chars); got != tc.both {
			t.Errorf("TrimChars(%q, %q) = %q, want %q", tc.in, tc.chars, got, tc.both)
		}
		if got := TrimStartChars(tc.in, tc.chars); got != tc.start {
			t.Errorf("TrimStartChars(%q, %q) = %q, want %q", tc.in, tc.chars, got, tc.start)
		}
		if got := TrimEndChars(tc.in, tc.chars); got != tc.end {
			t.Errorf("TrimEndChars(%q, %q) = %q, want %q", tc.in, tc.chars, got, tc.end)
		}
	}
}

func TestWordsAndCases(t *testing.T) {
	tests := []struct {
		in                                 string
		words                              []string
		camel, kebab, snake, start, pascal string
	}{
		{"XMLHttpRequest", []string{"XML", "Http", "Request"}, "xmlHttpRequest", "xml-http-request", "xml_http_request", "XML Http Request", "XmlHttpRequest"},
		{"abc123def", []string{"abc", "123", "def"}, "abc123Def", "abc-123-def", "abc_123_def", "Abc 123 Def", "Abc123Def"},
		{"don't STOP", []string{"don't", "STOP"}, "dontStop", "dont-stop", "dont_stop", "Dont STOP", "DontStop"},
		{"1ST place 2nd 3Rd 4th 11TH", []string{"1ST", "place", "2nd", "3", "Rd", "4th", "11", "TH"}, "1stPlace2nd3Rd4th11Th", "1st-place-2nd-3-rd-4th-11-th", "1st_place_2nd_3_rd_4th_11_th", "1ST Place 2nd 3 Rd 4th 11 TH", "1stPlace2nd3Rd4th11Th"},
		{"fooBar_baz-qux", []string{"foo", "Bar", "baz", "qux"}, "fooBarBazQux", "foo-bar-baz-qux", "foo_bar_baz_qux", "Foo Bar Baz Qux", "FooBarBazQux"},
		{"👨‍👩‍👧 family 🇺🇸 flag", []string{"👨‍👩‍👧", "family", "🇺🇸", "flag"}, "👨‍👩‍👧Family🇺🇸Flag", "👨‍👩‍👧-family-🇺🇸-flag", "👨‍👩‍👧_family_🇺🇸_flag", "👨‍👩‍👧 Family 🇺🇸 Flag", "👨‍👩‍👧Family🇺🇸Flag"},
		{"ÀÉÎ Straße", []string{"ÀÉÎ", "Straße"}, "aeiStrasse", "aei-strasse", "aei_strasse", "AEI Strasse", "AeiStrasse"},
		{"camelCase123ABC", []string{"camel", "Case", "123", "ABC"}, "camelCase123Abc", "camel-case-123-abc", "camel_case_123_abc", "Camel Case 123 ABC", "CamelCase123Abc"},
		{"a’b c", []string{"a", "b", "c"}, "abC", "ab-c", "ab_c", "Ab C", "AbC"},
		{"  ", nil, "", "", "", "", ""},
		{"A1b2", []string{"A", "1", "b", "2"}, "a1B2", "a-1-b-2", "a_1_b_2", "A 1 B 2", "A1B2"},
	}
	for _, tc := range tests {
		if got := Words(tc.in); !reflect.DeepEqual(got, tc.words) && (len(got) != 0 || len(tc.words) != 0) {
			t.Errorf("Words(%q) = %q, want %q", tc.in, got, tc.words)
		}
		for _, c := range []struct {
			name string
			fn   func(string) string
			want string
		}{{"CamelCase", CamelCase, tc.camel}, {"KebabCase", KebabCase, tc.kebab}, {"SnakeCase", SnakeCase, tc.snake}, {"StartCase", StartCase, tc.start}, {"PascalCase", PascalCase, tc.pascal}} {
			if got := c.fn(tc.in); got != c.want {
				t.Errorf("%s(%q) = %q, want %q", c.name, tc.in, got, c.want)
			}
		}
	}
}

func TestDeburrAndFirstToUpper(t *testing.T) {
	if got := Deburr("déjà vu Œuvre ŉ e\u0301 ×÷"); got != "deja vu Oeuvre 'n e ×÷" {
		t.Errorf("Deburr = %q", got)
	}
	for in, want := range map[string]string{"": "", "-a-b": "-A-b", "_1x": "_1x", "éa": "éA", "ABC": "ABC"} {
		if got := FirstToUpper(in); got != want {
			t.Errorf("FirstToUpper(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestURI(t *testing.T) {
	enc := []struct{ in, comp, uri string }{
		{"a b", "a%20b", "a%20b"},
		{"ü€😀", "%C3%BC%E2%82%AC%F0%9F%98%80", "%C3%BC%E2%82%AC%F0%9F%98%80"},
		{"!~*'()-_.", "!~*'()-_.", "!~*'()-_."},
		{";/?:@&=+$,#", "%3B%2F%3F%3A%40%26%3D%2B%24%2C%23", ";/?:@&=+$,#"},
	}
	for _, tc := range enc {
		if got := EncodeURIComponent(tc.in); got != tc.comp {
			t.Errorf("EncodeURIComponent(%q) = %q, want %q", tc.in, got, tc.comp)
		}
		if got, err := EncodeURI(tc.in); err != nil || got != tc.uri {
			t.Errorf("EncodeURI(%q) = %q, %v, want %q", tc.in, got, err, tc.uri)
		}
	}
	if _, err := EncodeURI("\xed\xa0\xbd"); err != ErrURIMalformed {
		t.Errorf("EncodeURI(lone surrogate) error = %v", err)
	}
	dec := []struct{ in, want string }{
		{"%", ""}, {"%4", ""}, {"%zz", ""}, {"%C3", ""}, {"%C3%28", ""}, {"%ED%A0%80", ""},
		{"%C0%80", ""}, {"%F4%90%80%80", ""},
		{"%E2%82%AC", "€"}, {"%F0%9F%98%80", "😀"}, {"a+b%20c", "a+b c"}, {"%25", "%"}, {"%EF%BF%BD", "\uFFFD"},
	}
	for _, tc := range dec {
		got, err := DecodeURIComponent(tc.in)
		if tc.want == "" && err == nil {
			t.Errorf("DecodeURIComponent(%q) = %q, want an error", tc.in, got)
		}
		if tc.want != "" && (err != nil || got != tc.want) {
			t.Errorf("DecodeURIComponent(%q) = %q, %v, want %q", tc.in, got, err, tc.want)
		}
		checkAppendDecode(t, tc.in, tc.want)
	}
	checkAppendDecode(t, "no escape", "no escape")
	checkAppendDecode(t, "", "")
}

// checkAppendDecode: AppendDecodeURIComponent appends exactly the decoded
// text after what the buffer holds, or fails leaving the buffer as it was
// (want "": an error).
func checkAppendDecode(t *testing.T, in, want string) {
	t.Helper()
	buf := []byte("pre:")
	got, err := AppendDecodeURIComponent(buf, in)
	switch {
	case want == "" && in != "" && (err == nil || string(got) != "pre:"):
		t.Errorf("AppendDecodeURIComponent(%q) = %q, %v; want an error and the buffer as it was", in, got, err)
	case (want != "" || in == "") && (err != nil || string(got) != "pre:"+want):
		t.Errorf("AppendDecodeURIComponent(%q) = %q, %v; want %q", in, got, err, "pre:"+want)
	}
}
