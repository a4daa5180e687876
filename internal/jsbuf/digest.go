package jsbuf

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"errors"
	"hash"
	"strings"

	"github.com/emmansun/gmsm/sm3"
	"golang.org/x/crypto/blake2b"
	"golang.org/x/crypto/blake2s"
	"golang.org/x/crypto/ripemd160" //nolint:staticcheck // OpenSSL still offers it
)

// ErrDigestUnsupported is Node's "Digest method not supported".
var ErrDigestUnsupported = errors.New("Digest method not supported")

// ErrDigestEncoding is returned by DigestString for an unknown encoding.
var ErrDigestEncoding = errors.New("Unknown encoding")

// hashNew builds the hash for a canonical algorithm name.
var hashNew = map[string]func() hash.Hash{
	"md5":        md5.New,
	"sha1":       sha1.New,
	"sha224":     sha256.New224,
	"sha256":     sha256.New,
	"sha384":     sha512.New384,
	"sha512":     sha512.New,
	"sha512-224": sha512.New512_224,
	"sha512-256": sha512.New512_256,
	"sha3-224":   func() hash.Hash { return sha3.New224() },
	"sha3-256":   func() hash.Hash { return sha3.New256() },
	"sha3-384":   func() hash.Hash { return sha3.New384() },
	"sha3-512":   func() hash.Hash { return sha3.New512() },
	"ripemd160":  ripemd160.New,
	"blake2b512": func() hash.Hash { h, _ := blake2b.New512(nil); return h },
	"blake2s256": func() hash.Hash { h, _ := blake2s.New256(nil); return h },
	"sm3":        sm3.New,
}

// digestAliases maps every lower-cased name Node 20 / OpenSSL 3 accepts for
// crypto.createHash (as checked against Node) to a canonical algorithm.
var digestAliases = map[string]string{}

func init() {
	for algo, names := range map[string]string{
		"md5":        "1.2.840.113549.2.5 md5 md5withrsaencryption rsa-md5 ssl3-md5",
		"sha1":       "1.3.14.3.2.26 rsa-sha1 rsa-sha1-2 sha-1 sha1 sha1withrsaencryption ssl3-sha1",
		"sha224":     "2.16.840.1.101.3.4.2.4 rsa-sha224 sha-224 sha2-224 sha224 sha224withrsaencryption",
		"sha256":     "2.16.840.1.101.3.4.2.1 rsa-sha256 sha-256 sha2-256 sha256 sha256withrsaencryption",
		"sha384":     "2.16.840.1.101.3.4.2.2 rsa-sha384 sha-384 sha2-384 sha384 sha384withrsaencryption",
		"sha512":     "2.16.840.1.101.3.4.2.3 rsa-sha512 sha-512 sha2-512 sha512 sha512withrsaencryption",
		"sha512-224": "2.16.840.1.101.3.4.2.5 rsa-sha512/224 sha-512/224 sha2-512/224 sha512-224 sha512-224withrsaencryption",
		"sha512-256": "2.16.840.1.101.3.4.2.6 rsa-sha512/256 sha-512/256 sha2-512/256 sha512-256 sha512-256withrsaencryption",
		"sha3-224":   "2.16.840.1.101.3.4.2.7 id-rsassa-pkcs1-v1_5-with-sha3-224 rsa-sha3-224 sha3-224",
		"sha3-256":   "2.16.840.1.101.3.4.2.8 id-rsassa-pkcs1-v1_5-with-sha3-256 rsa-sha3-256 sha3-256",
		"sha3-384":   "2.16.840.1.101.3.4.2.9 id-rsassa-pkcs1-v1_5-with-sha3-384 rsa-sha3-384 sha3-384",
		"sha3-512":   "2.16.840.1.101.3.4.2.10 id-rsassa-pkcs1-v1_5-with-sha3-512 rsa-sha3-512 sha3-512",
		"shake128":   "2.16.840.1.101.3.4.2.11 shake-128 shake128",
		"shake256":   "2.16.840.1.101.3.4.2.12 shake-256 shake256",
		"ripemd160":  "1.3.36.3.2.1 ripemd ripemd-160 ripemd160 ripemd160withrsa rmd160 rsa-ripemd160",
		"blake2b512": "1.3.6.1.4.1.1722.12.2.1.16 blake2b-512 blake2b512",
		"blake2s256": "1.3.6.1.4.1.1722.12.2.2.8 blake2s-256 blake2s256",
		"sm3":        "1.2.156.10197.1.401 rsa-sm3 sm3 sm3withrsaencryption",
		"md5-sha1":   "md5-sha1",
	} {
		for _, n := range strings.Fields(names) {
			digestAliases[n] = algo
		}
	}
}

// DigestAlgorithm returns the canonical algorithm for an OpenSSL digest name
// (case-insensitive), or "" when Node would reject the name.
func DigestAlgorithm(name string) string { return digestAliases[strings.ToLower(name)] }

// Digest is crypto.createHash(name).update(data).digest(): name is any digest
// name Node 20 accepts, case-insensitively (md5, sha1, sha224, sha256,
// sha384, sha512, sha512-224, sha512-256, sha3-224..512, shake128 (16-byte
// output), shake256 (32), ripemd160, md5-sha1, blake2b512, blake2s256 (both
// unkeyed, full length) and sm3, plus their OpenSSL aliases and OIDs). md4,
// whirlpool and mdc2 are rejected, as Node 20 (OpenSSL 3 without the legacy
// provider) rejects them.
func Digest(name string, data []byte) ([]byte, error) {
	algo := DigestAlgorithm(name)
	switch algo {
	case "":
		return nil, ErrDigestUnsupported
	case "shake128":
		return sha3.SumSHAKE128(data, 16), nil
	case "shake256":
		return sha3.SumSHAKE256(data, 32), nil
	case "md5-sha1":
		m, s := md5.Sum(data), sha1.Sum(data)
		return append(m[:], s[:]...), nil
	}
	h := hashNew[algo]()
	h.Write(data)
	return h.Sum(nil), nil
}

// DigestString is digest(enc) / buf.toString(enc) for the Node encodings
// hex, base64, base64url, ascii, utf8 (utf-8), utf16le (utf-16le, ucs2,
// ucs-2) and latin1 (binary), case-insensitively.
func DigestString(b []byte, enc string) (string, error) {
	switch strings.ToLower(enc) {
	case "hex":
		return EncodeHex(b), nil
	case "base64":
		return EncodeBase64(b), nil
	case "base64url":
		return EncodeBase64URL(b), nil
	case "ascii":
		return ASCIIString(b), nil
	case "utf8", "utf-8":
		return UTF8String(b), nil
	case "utf16le", "utf-16le", "ucs2", "ucs-2":
		return UTF16LEString(b), nil
	case "latin1", "binary":
		return Latin1String(b), nil
	}
	return "", ErrDigestEncoding
}
