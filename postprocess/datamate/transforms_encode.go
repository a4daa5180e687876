package datamate

import (
	"github.com/sluice-dev/sluice/internal/jsbuf"
	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// Encodings and digests (Node Buffer and crypto semantics).

func encodingTransformSpecs() []*spec {
	return []*spec{
		ftString(&spec{Name: "decodeBase64", Summary: "Decode base64 leniently like Node (URL-safe alphabet, missing padding and stray characters accepted) and read the bytes as UTF-8.",
			Examples: []example{ex(`"aGVsbG8gd29ybGQ="`, `"hello world"`), ex(`"aGVs bG8="`, `"hello"`)}},
			jsbuf.DecodeBase64Value, base64FromString),
		ftText(&spec{Name: "encodeBase64", Summary: "Base64 (standard alphabet, padded) of the UTF-8 bytes of a string.",
			Examples: []example{ex(`"hello world"`, `"aGVsbG8gd29ybGQ="`), ex(`123`, "removed")}},
			jsbuf.EncodeBase64Value, jsbuf.Base64Encode),
		ftAppend(&spec{Name: "decodeURL", Summary: "decodeURIComponent; malformed escapes remove the field.",
			Examples: []example{ex(`"caf%C3%A9%20table"`, `"café table"`), ex(`"%E0%A4%A"`, "removed")}},
			jsstr.DecodeURL, jsstr.AppendDecodeURIComponent),
		ft(&spec{Name: "encodeURL", Summary: "encodeURIComponent (A-Z a-z 0-9 - _ . ! ~ * ' ( ) stay, everything else becomes %XX of its UTF-8 bytes).",
			Examples: []example{ex(`"HELLO AND GOODBYE"`, `"HELLO%20AND%20GOODBYE"`), ex(`"ü€"`, `"%C3%BC%E2%82%AC"`)}},
			transform(jsstr.EncodeURL)),
		ftText(&spec{Name: "decodeHex", Summary: "Decode hex pairs like Node (stops at the first invalid pair, drops an odd trailing digit) and read the bytes as UTF-8.",
			Examples: []example{ex(`"68656c6c6f20776f726c64"`, `"hello world"`), ex(`"68zz6c"`, `"h"`), ex(`"zz"`, "removed")}},
			jsbuf.DecodeHexValue, jsbuf.HexDecode),
		ftText(&spec{Name: "encodeHex", Summary: "Lower-case hex of the UTF-8 bytes.",
			Examples: []example{ex(`"hello"`, `"68656c6c6f"`)}},
			jsbuf.EncodeHexValue, jsbuf.HexEncode),
		ft(&spec{Name: "encodeMD5", Summary: "Hex MD5 digest of the UTF-8 bytes of a string.",
			Examples: []example{ex(`"hello world"`, `"5eb63bbbe01eeed093cb22bb8f5acdc3"`)}},
			transform(jsbuf.EncodeMD5)),
		ft(&spec{Name: "encodeSHA", Summary: "Digest of the UTF-8 bytes of a string with any OpenSSL hash, as a Node digest encoding.",
			Params: []param{{Name: "hash", Type: "string", Default: "sha256", Doc: "an OpenSSL digest name (sha256, sha512, md5, sha3-256, ...)"},
				{Name: "digest", Type: "string", Default: "hex", Doc: "hex, base64, ascii, utf8, utf16le, ucs2, latin1 or binary"}},
			Examples: []example{ex(`"hello world"`, `"b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9"`), exArgs(`{"hash":"md5","digest":"base64"}`, `"hello world"`, `"XrY7u+Ae7tCTyyK7j1rNww=="`)}},
			buildSHA),
		ft(&spec{Name: "encodeSHA1", Summary: "Hex SHA-1 digest of the UTF-8 bytes of a string.",
			Examples: []example{ex(`"hello world"`, `"2aae6c35c94fcfb415dbe95f408b9ce91ee846ed"`)}},
			transform(jsbuf.EncodeSHA1)),
	}
}

// base64FromString is decodeBase64's answer for a string: Node's lenient
// decode read as UTF-8, decoded straight into the Scratch's chunks of text
// (Room: decoding never makes more bytes than it reads), or, when s is
// longer than they keep, in its buffer (text that is not UTF-8 gets its
// replacement characters in a string of its own).
func base64FromString(sc *postprocess.Scratch, s string) (any, error) {
	room := sc.Room(len(s))
	inRoom := room != nil
	if !inRoom {
		room = sc.Buffer()
	}
	b, valid := jsbuf.AppendDecodeBase64UTF8(room, s)
	switch {
	case !valid:
		return sc.Box(jsbuf.UTF8String(b)), nil
	case inRoom:
		return sc.BoxRoom(b), nil
	}
	return sc.BoxText(b), nil
}

var digests = map[string]bool{"ascii": true, "utf8": true, "utf16le": true, "ucs2": true, "base64": true, "latin1": true, "hex": true, "binary": true}

// buildSHA checks hash and digest once: an unknown one throws on every
// value in the reference.
func buildSHA(a *args) (transformFn, error) {
	hash, err := optionalString(a, "hash", "sha256")
	if err != nil {
		return nil, err
	}
	if _, err := jsbuf.Digest(hash, nil); err != nil {
		return nil, paramErr("hash", "unknown or unsupported digest "+record.JSON(hash))
	}
	digest, err := optionalString(a, "digest", "hex")
	if err != nil {
		return nil, err
	}
	if !digests[digest] {
		return nil, paramErr("digest", "expected hex, base64, ascii, utf8, utf16le, ucs2, latin1 or binary, got "+record.JSON(digest))
	}
	return func(v any, _ *record.Object) (any, error) { return jsbuf.EncodeSHA(v, hash, digest) }, nil
}

// optionalString reads a string option whose absence means def (the JS
// default parameter applies only to undefined).
func optionalString(a *args, key, def string) (string, error) {
	v, ok := a.Get(key)
	if !ok || v == record.Undefined {
		return def, nil
	}
	s, isStr := v.(string)
	if !isStr {
		return "", paramErr(key, "expected a string, got "+record.JSON(v))
	}
	return s, nil
}
