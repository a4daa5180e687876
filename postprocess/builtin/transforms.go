package builtin

import (
	"errors"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/internal/jsbuf"
	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// The deprecated built-in string transforms (validators.md §3.3,
// transforms.md §12.5): wrapper B applies them to strings and to the string
// elements of arrays.

var errURIMalformed = errors.New("URI malformed")

func transformSpecs() []*postprocess.Spec {
	return []*postprocess.Spec{
		strTx("base64decode", "decodeBase64", "Decode base64 (standard or URL-safe, padding optional, invalid characters skipped) into UTF-8 text.", jsbuf.Base64Decode,
			ex("", `"aGVsbG8gd29ybGQ="`, `"hello world"`), ex("", `["Ojo=",5]`, `["::"]`), ex("", `123`, "removed")),
		strTx("base64encode", "encodeBase64", "Encode the UTF-8 bytes of a string as padded standard base64.", jsbuf.Base64Encode,
			ex("", `"hello"`, `"aGVsbG8="`), ex("", `true`, "removed")),
		strTx("urldecode", "decodeURL", "Decode with JavaScript decodeURIComponent ('+' stays); a malformed escape removes the value.", jsstr.DecodeURIComponent,
			ex("", `"a%20b"`, `"a b"`), ex("", `"%E0%A4%A"`, "removed")),
		strTx("urlencode", "encodeURL", "Encode with JavaScript encodeURIComponent (A-Z a-z 0-9 - _ . ! ~ * ' ( ) are kept).", encodeURIComponent,
			ex("", `"hello world"`, `"hello%20world"`), ex("", `"ha3ke5@pawnage.com"`, `"ha3ke5%40pawnage.com"`)),
		strTx("hexdecode", "decodeHex", "Decode hex pairs up to the first invalid pair into UTF-8 text.", jsbuf.HexDecode,
			ex("", `"68656c6c6f"`, `"hello"`), ex("", `"68656czz"`, `"hel"`)),
		strTx("hexencode", "encodeHex", "Encode the UTF-8 bytes of a string as lower-case hex.", jsbuf.HexEncode,
			ex("", `"hello"`, `"68656c6c6f"`)),
		strTx("md5encode", "encodeMD5", "Replace a string with the hex MD5 digest of its UTF-8 bytes.", jsbuf.MD5Encode,
			ex("", `"hello"`, `"5d41402abc4b2a76b9719d911017c592"`)),
		strTx("sha1encode", "encodeSHA1", "Replace a string with the hex SHA-1 digest of its UTF-8 bytes.", jsbuf.SHA1Encode,
			ex("", `"hello"`, `"aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d"`)),
		{Name: "sha2encode", Kind: postprocess.BuiltinTransform, ReplacedBy: "encodeSHA", Build: buildSHA2,
			Summary: "Replace a string with the hex digest of its UTF-8 bytes, using the `hash` algorithm (any Node/OpenSSL digest name, case-insensitive).",
			Params:  []postprocess.Param{{Name: "hash", Type: "string", Default: "sha256", Doc: "digest name, e.g. sha256, sha512, SHA224, sha3-256"}},
			Examples: []postprocess.Example{ex("", `"hello"`, `"2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"`),
				ex(`{"hash":"md5"}`, `"hello"`, `"5d41402abc4b2a76b9719d911017c592"`)}},
	}
}

// strTx is a BuiltinTransform without arguments.
func strTx(name, replacedBy, summary string, f func(string) (string, error), examples ...postprocess.Example) *postprocess.Spec {
	impl := &postprocess.Impl{String: f}
	return &postprocess.Spec{Name: name, Kind: postprocess.BuiltinTransform, ReplacedBy: replacedBy, Summary: summary,
		Build: fixed(impl), Examples: examples}
}

// encodeURIComponent throws URIError on a lone surrogate, which jsstr's
// version encodes as U+FFFD.
func encodeURIComponent(s string) (string, error) {
	if !utf8.ValidString(s) && hasLoneSurrogate(s) {
		return "", errURIMalformed
	}
	return jsstr.EncodeURIComponent(s), nil
}

// hasLoneSurrogate finds the WTF-8 form of a surrogate (ED A0..BF xx).
func hasLoneSurrogate(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF {
			return true
		}
	}
	return false
}

// buildSHA2 reads `hash` (config.hash || 'sha256'); an algorithm Node
// rejects would make every value fail, so it is a parameter error.
func buildSHA2(a *postprocess.Args) (*postprocess.Impl, error) {
	v, _ := a.Get("hash")
	name := "sha256"
	if record.Truthy(v) {
		s, ok := v.(string)
		if !ok {
			return nil, &postprocess.ParamError{Param: "hash", Msg: "expected a digest name string, got " + record.JSON(v)}
		}
		name = s
	}
	f := jsbuf.SHA2Encode(name)
	if _, err := f(""); err != nil {
		return nil, &postprocess.ParamError{Param: "hash", Msg: "unknown or unsupported digest " + record.JSON(name) + " (" + err.Error() + ")"}
	}
	return &postprocess.Impl{String: f}, nil
}
