package jsbuf

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// Expected values in this file come from Node.js 20.20 (Buffer, crypto).

func TestDecodeBase64(t *testing.T) {
	tests := []struct{ in, hex string }{
		{"", ""}, {"Q", ""}, {"QQ", "41"}, {"QUJD", "414243"}, {"QU JD", "414243"},
		{"QU=JD", "41"}, {"=QUJD", ""}, {"QQ==QQ==", "41"}, {"QQ=QQ", "41"},
		{"QUJDRA", "41424344"}, {"QUJDRA===", "41424344"}, {"aGVsbG8_-w", "68656c6c6f3ffb"},
		{"aGVs\nbG8\t=", "68656c6c6f"}, {"Łł==", "00"}, {"䅁QUJD", "010509"}, {"😀QUJD", ""},
	}
	for _, tc := range tests {
		if got := hex.EncodeToString(DecodeBase64(tc.in)); got != tc.hex {
			t.Errorf("DecodeBase64(%q) = %s, want %s", tc.in, got, tc.hex)
		}
	}
}

func TestDecodeHex(t *testing.T) {
	tests := []struct{ in, hex string }{
		{"", ""}, {"f", ""}, {"68656c6c6", "68656c6c"}, {"68zz6c", "68"}, {"zz", ""},
		{"6g", ""}, {"AbCd", "abcd"}, {"\u01300", "00"}, {"0\u0130", "00"}, {"\u0c30\u0c30", "00"},
	}
	for _, tc := range tests {
		if got := hex.EncodeToString(DecodeHex(tc.in)); got != tc.hex {
			t.Errorf("DecodeHex(%q) = %s, want %s", tc.in, got, tc.hex)
		}
	}
}

func TestUTF8String(t *testing.T) {
	in := []byte{0xe2, 0x82, 0x41, 0xf0, 0x9f, 0x98, 0xed, 0xa0, 0x80, 0xc0, 0xaf, 0xf4, 0x90, 0x80, 0x80, 0xff, 0x41}
	want := "\uFFFDA" + strings.Repeat("\uFFFD", 11) + "A"
	if got := UTF8String(in); got != want {
		t.Errorf("UTF8String = %q, want %q", got, want)
	}
	if got := UTF8String([]byte("héllo 😀")); got != "héllo 😀" {
		t.Errorf("UTF8String(valid) = %q", got)
	}
}

func TestDigestString(t *testing.T) {
	sum, _ := Digest("md5", []byte("hello world"))
	tests := []struct{ enc, want string }{
		{"hex", "5eb63bbbe01eeed093cb22bb8f5acdc3"},
		{"base64", "XrY7u+Ae7tCTyyK7j1rNww=="},
		{"base64url", "XrY7u-Ae7tCTyyK7j1rNww"},
		{"ascii", "^6;;`\x1enP\x13K\";\x0fZMC"},
		{"utf16le", "뙞묻Ỡ탮쮓묢媏쏍"},
		{"ucs2", "뙞묻Ỡ탮쮓묢媏쏍"},
		{"utf8", "^\uFFFD;\uFFFD\uFFFD\x1e\uFFFDГ\uFFFD\"\uFFFD\uFFFDZ\uFFFD\uFFFD"},
		{"latin1", "^¶;»à\x1eîÐ\u0093Ë\"»\u008fZÍÃ"},
		{"binary", "^¶;»à\x1eîÐ\u0093Ë\"»\u008fZÍÃ"},
	}
	for _, tc := range tests {
		if got, err := DigestString(sum, tc.enc); err != nil || got != tc.want {
			t.Errorf("DigestString(%s) = %q, %v; want %q", tc.enc, got, err, tc.want)
		}
	}
	if _, err := DigestString(sum, "bogus"); err == nil {
		t.Error("DigestString(bogus): no error")
	}
	if got := UTF16LEString([]byte{0x3d, 0xd8, 0x41, 0, 0x42}); got != "\uFFFDA" {
		t.Errorf("UTF16LEString(lone surrogate) = %q", got)
	}
}

func TestDigest(t *testing.T) {
	tests := []struct{ name, hex string }{
		{"md5", "900150983cd24fb0d6963f7d28e17f72"},
		{"RSA-SHA1-2", "a9993e364706816aba3e25717850c26c9cd0d89d"},
		{"SHA-256", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"2.16.840.1.101.3.4.2.1", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"sha512-224", "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa"},
		{"sha3-256", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
		{"shake128", "5881092dd818bf5cf8a3ddb793fbcba7"},
		{"shake256", "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"},
		{"rmd160", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"},
		{"md5-sha1", "900150983cd24fb0d6963f7d28e17f72a9993e364706816aba3e25717850c26c9cd0d89d"},
	}
	for _, tc := range tests {
		got, err := Digest(tc.name, []byte("abc"))
		if err != nil || hex.EncodeToString(got) != tc.hex {
			t.Errorf("Digest(%s) = %x, %v; want %s", tc.name, got, err, tc.hex)
		}
	}
	for _, name := range []string{"md4", "whirlpool", "sha512/224", "", " sha256", "null", "blake2b256", "blake2s512"} {
		if _, err := Digest(name, nil); err != ErrDigestUnsupported {
			t.Errorf("Digest(%q) error = %v, want ErrDigestUnsupported", name, err)
		}
	}
}

// TestDigestNode checks blake2b512, blake2s256 and sm3 (with their aliases)
// against crypto.createHash digests computed by Node 20
// (testdata/digests.json: [name, input, hex]).
func TestDigestNode(t *testing.T) {
	data, err := os.ReadFile("testdata/digests.json")
	if err != nil {
		t.Fatal(err)
	}
	var rows [][3]string
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		got, err := Digest(r[0], []byte(r[1]))
		if err != nil || hex.EncodeToString(got) != r[2] {
			t.Errorf("Digest(%s, %q) = %x, %v; want %s", r[0], r[1], got, err, r[2])
		}
	}
	if len(rows) < 150 {
		t.Errorf("%d rows", len(rows))
	}
}

func TestValueEdges(t *testing.T) {
	tests := []struct {
		name    string
		fn      func() (any, error)
		want    any
		wantErr bool
	}{
		{"decodeBase64 number", func() (any, error) { return DecodeBase64Value(5.0) }, nil, true},
		{"decodeBase64 nested array", func() (any, error) { return DecodeBase64Value([]any{[]any{104.0, 105.0}}) }, []any{"hi"}, false},
		{"encodeBase64 bool", func() (any, error) { return EncodeBase64Value(true) }, nil, true},
		{"encodeHex utf8", func() (any, error) { return EncodeHexValue("é") }, "c3a9", false},
		{"decodeHex empty", func() (any, error) { return DecodeHexValue("zz") }, "", false},
		{"encodeMD5", func() (any, error) { return EncodeMD5("hello world") }, "5eb63bbbe01eeed093cb22bb8f5acdc3", false},
		{"encodeMD5 array", func() (any, error) { return EncodeMD5([]any{nil, "hello world"}) }, []any{"5eb63bbbe01eeed093cb22bb8f5acdc3"}, false},
		{"encodeMD5 number", func() (any, error) { return EncodeMD5(1.0) }, nil, true},
		{"encodeSHA1 nil", func() (any, error) { return EncodeSHA1(nil) }, nil, false},
		{"encodeSHA base64", func() (any, error) { return EncodeSHA("hello world", "md5", "base64") }, "XrY7u+Ae7tCTyyK7j1rNww==", false},
		{"encodeSHA base64url rejected", func() (any, error) { return EncodeSHA("x", "", "base64url") }, nil, true},
		{"encodeSHA bad hash", func() (any, error) { return EncodeSHA("x", "nope", "") }, nil, true},
		{"encodeSHA bad hash empty array", func() (any, error) { return EncodeSHA([]any{nil}, "nope", "") }, []any{}, false},
		{"encodeSHA bad digest nil input", func() (any, error) { return EncodeSHA(nil, "", "bogus") }, nil, false},
	}
	for _, tc := range tests {
		got, err := tc.fn()
		if tc.wantErr {
			if err == nil {
				t.Errorf("%s: got %#v, want an error", tc.name, got)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %#v, %v; want %#v", tc.name, got, err, tc.want)
		}
	}
	if _, err := SHA2Encode("nope")("x"); err == nil {
		t.Error("SHA2Encode(nope): no error")
	}
	if got, _ := SHA2Encode("")("hello"); got != "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824" {
		t.Errorf("SHA2Encode default = %s", got)
	}
}

var sinkBytes []byte

func BenchmarkDecodeBase64(b *testing.B) {
	in := EncodeBase64(bytes.Repeat([]byte("hello world, base64 "), 8))
	b.ReportAllocs()
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		sinkBytes = DecodeBase64(in)
	}
}

func BenchmarkDecodeBase64Lenient(b *testing.B) {
	in := "aGVs bG8_-w\naGVsbG8gd29ybGQ"
	b.ReportAllocs()
	for b.Loop() {
		sinkBytes = DecodeBase64(in)
	}
}

func BenchmarkDecodeHex(b *testing.B) {
	in := EncodeHex(bytes.Repeat([]byte("hello world "), 8))
	b.ReportAllocs()
	for b.Loop() {
		sinkBytes = DecodeHex(in)
	}
}

var sinkString string

func BenchmarkUTF8StringInvalid(b *testing.B) {
	in := bytes.Repeat([]byte{0x41, 0xe2, 0x82, 0xff}, 16)
	b.ReportAllocs()
	for b.Loop() {
		sinkString = UTF8String(in)
	}
}

func BenchmarkEncodeSHA(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		v, _ := EncodeSHA("hello world", "", "")
		sinkString = v.(string)
	}
}
