package vjs

import (
	"math"
	"sync"
	"testing"
)

func TestNumberString(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {1, "1"}, {-2.5, "-2.5"}, {1e21, "1e+21"},
		{123456789012345680000, "123456789012345680000"}, {1e-7, "1e-7"}, {0.000001, "0.000001"},
		{1.5e-10, "1.5e-10"}, {math.NaN(), "NaN"}, {math.Inf(-1), "-Infinity"}, {0.30000000000000004, "0.30000000000000004"},
	}
	for _, tt := range tests {
		if got := numberString(tt.in); got != tt.want {
			t.Errorf("numberString(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestStringToNumber(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"", 0}, {"  12 ", 12}, {"0x10", 16}, {"0b11", 3}, {"0o17", 15}, {"-0x10", math.NaN()},
		{"1e3", 1000}, {".5", 0.5}, {"5.", 5}, {".", math.NaN()}, {"+-1", math.NaN()},
		{"-Infinity", math.Inf(-1)}, {"infinity", math.NaN()}, {"1_0", math.NaN()}, {"\u00a07\ufeff", 7},
	}
	for _, tt := range tests {
		got := stringToNumber(tt.in)
		if got != tt.want && !(math.IsNaN(got) && math.IsNaN(tt.want)) {
			t.Errorf("stringToNumber(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseFloatAndInt(t *testing.T) {
	if got := parseFloatJS(" 1.5e3xyz"); got != 1500 {
		t.Errorf("parseFloat = %v", got)
	}
	if got := parseFloatJS("-Infinityx"); !math.IsInf(got, -1) {
		t.Errorf("parseFloat(-Infinityx) = %v", got)
	}
	if got := parseFloatJS("e5"); !math.IsNaN(got) {
		t.Errorf("parseFloat(e5) = %v", got)
	}
	if got := parseInt10("  -42.9px"); got != -42 {
		t.Errorf("parseInt = %v", got)
	}
	if got := parseInt10("x1"); !math.IsNaN(got) {
		t.Errorf("parseInt(x1) = %v", got)
	}
}

func TestCompareUTF16(t *testing.T) {
	// U+FF61 sorts after U+1F600 in code points but before it in UTF-16 units.
	if compareUTF16("\uff61", "\U0001f600") != 1 {
		t.Error("UTF-16 order not applied")
	}
	if compareUTF16("9", "10") != 1 || compareUTF16("a", "ab") != -1 || compareUTF16("x", "x") != 0 {
		t.Error("basic ordering")
	}
}

func TestLengthCounting(t *testing.T) {
	tests := []struct {
		in        string
		u16, char int
	}{
		{"abc", 3, 3}, {"😀", 2, 1}, {"test\ufe0f", 5, 4}, {"\ufe0f\ufe0f", 2, 2}, {"😀\ufe0f", 3, 1},
		{"a\ufe0f\ufe0f", 3, 2}, {"\xed\xa0\x80", 1, 1},
	}
	for _, tt := range tests {
		if got := utf16Len(tt.in); got != tt.u16 {
			t.Errorf("utf16Len(%q) = %d, want %d", tt.in, got, tt.u16)
		}
		if got := charLength(tt.in); got != tt.char {
			t.Errorf("charLength(%q) = %d, want %d", tt.in, got, tt.char)
		}
	}
}

func TestByteLengthLoneSurrogate(t *testing.T) {
	r := LengthRange{Min: 0.0}
	if _, err := IsByteLength("a\xed\xa0\x80", r); err == nil {
		t.Error("lone surrogate (WTF-8) must throw like encodeURI")
	}
	if ok, err := IsByteLength("😀", LengthRange{Min: 4.0, Max: NumBound(4)}); !ok || err != nil {
		t.Errorf("emoji byte length: %v %v", ok, err)
	}
}

func TestTypedAPI(t *testing.T) {
	checks := []struct {
		name string
		got  bool
		want bool
	}{
		{"IsInt string bound", IsInt("9", IntOptions{Min: Bound{Set: true, Val: "10"}}), true},
		{"IsInt number bound", IsInt("9", IntOptions{Min: NumBound(10)}), false},
		{"IsInt null bound", IsInt("9", IntOptions{Max: Bound{Set: true}}), true},
		{"IsPort -0", IsPort("-0"), true},
		{"IsIPRange v6", IsIPRange("::1/128", "6"), true},
		{"IsIPRange v4 limit", IsIPRange("::1/64", "4"), false},
		{"IsUUID all", IsUUID("a987fbc9-4bed-4078-8f07-9141ba07c9f3", ""), true},
		{"IsUUID bad version", IsUUID("a987fbc9-4bed-4078-8f07-9141ba07c9f3", "9"), false},
		{"IsIn list", IsIn("b", NewInList("a", "b")), true},
		{"IsCreditCard visa", IsCreditCard("4111 1111 1111 1111", "visa"), true},
		{"IsHexColor hashtag", IsHexColor("fff", true), false},
		{"IsDivisibleBy", IsDivisibleBy("2.5", DivisorOf(2.0)), false},
		{"IsLength discrete", IsLength("abc", LengthRange{Min: 0.0}, []any{3.0}), true},
		{"IsMACAddress eui64", IsMACAddress("01:02:03:04:05:06:07:08", MACOptions{EUI: "64"}), true},
		{"IsJSON primitive", IsJSON("true", JSONOptions{AllowPrimitives: true}), true},
		{"IsBase64 urlsafe", IsBase64("a-_b", DefaultBase64Options(true)), true},
		{"IsISO31661Alpha2 user", IsISO31661Alpha2("xk", CountryOptions{UserAssignedCodes: []string{"XK"}}), true},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if _, err := CardProvider("nope"); err == nil {
		t.Error("unknown provider must error")
	}
}

type getterObj map[string]any

func (g getterObj) Get(k string) (any, bool) { v, ok := g[k]; return v, ok }

func TestDataMateShapes(t *testing.T) {
	uuid, _ := BindDataMateUUID(map[string]any{"version": "constructor"})
	if _, err := uuid("A987FBC9-4BED-4078-8F07-9141BA07C9F3"); err == nil {
		t.Error("isUUID with an Object.prototype version must throw")
	}
	if ok, err := uuid(5.0); ok || err != nil {
		t.Error("non-string isUUID input is plainly false")
	}
	hash, _ := BindDataMateHash(map[string]any{})
	if _, err := hash(12345.0); err == nil {
		t.Error("isHash without algo throws for any non-nil input")
	}
	if ok, err := hash(nil); ok || err != nil {
		t.Error("isHash(nil) is false without throwing")
	}
	mac, _ := BindDataMateMACAddress(map[string]any{"delimiter": []any{"colon", "dash"}})
	if _, err := mac("00:1f:f3:5b:2b:1f"); err == nil {
		t.Error("multi-element delimiter array must throw")
	}
	if ok, err := mac(true); ok || err != nil {
		t.Error("non-string input checked before the delimiter lookup")
	}
	length, _ := BindDataMateLength(map[string]any{"min": 1.0})
	if _, err := length([]any{"a", 5.0}); err == nil {
		t.Error("isLength array path throws on non-strings (validator.isLength)")
	}
	if ok, _ := length([]any{nil, nil}); ok {
		t.Error("all-nil array is false")
	}
	url, _ := BindDataMateURL(nil)
	if ok, _ := url([]any{"not a url", nil}); !ok {
		t.Error("isURL array path accepts every string (!== null quirk)")
	}
	if ok, _ := url(getterObj{"url": "http://x"}); ok {
		t.Error("objects are not URLs")
	}
	hashAlgo, _ := BindDataMateHash(map[string]any{"algo": "md5"})
	if ok, _ := hashAlgo([]any{"d41d8cd98f00b204e9800998ecf8427e", nil}); !ok {
		t.Error("lifted isHash")
	}
	in, _ := BindIn(getterObj{"foo": 1.0})
	if ok, _ := in("foo"); !ok {
		t.Error("Getter objects act as key sets")
	}
}

func TestBuiltinNormalize(t *testing.T) {
	for _, c := range loadCases(t) {
		b, ok := builtinBinders[c.Fn]
		s, isStr := c.Input.(string)
		want, wantStr := c.RuleWant.(string)
		if !ok || !isStr || !wantStr || c.Kind != "builtin_validation" {
			continue
		}
		bi := b(ruleConfig(c))
		if bi.Normalize != nil {
			s = bi.Normalize(s)
		}
		if s != want {
			t.Errorf("case %d %s: normalized %q, want %q", c.ID, c.Fn, s, want)
		}
	}
	up := BindBuiltinUUID(map[string]any{"case": "uppercase"}).Normalize
	if got := up("straße"); got != "STRASSE" {
		t.Errorf("full upper-casing: %q", got)
	}
	mac := BindBuiltinMACAddress(map[string]any{"case": "other", "preserve_colons": true}).Normalize
	if got := mac("AA:bb"); got != "AA:bb" {
		t.Errorf("unknown case leaves input: %q", got)
	}
}

func TestConcurrentUse(t *testing.T) {
	m, _ := BindMatches("(a+)+b")
	h, _ := BindHash("toString")
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				m("aaab")
				h("a{function toString { n }}")
				IsISO8601("2009-05-19T10:30:00Z", ISO8601Options{Strict: true})
			}
		}()
	}
	wg.Wait()
}
