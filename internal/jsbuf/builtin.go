package jsbuf

// Per-string functions of the deprecated ts-transforms built-in transforms
// (lib/transforms/*.ts); the caller applies the built-in wrapper (strings
// only, failing array elements skipped).

// Base64Decode is base64decode: Buffer.from(s, 'base64').toString('utf8').
func Base64Decode(s string) (string, error) { return UTF8String(DecodeBase64(s)), nil }

// Base64Encode is base64encode: Buffer.from(s).toString('base64').
func Base64Encode(s string) (string, error) { return EncodeBase64([]byte(s)), nil }

// HexDecode is hexdecode: Buffer.from(s, 'hex').toString('utf8').
func HexDecode(s string) (string, error) { return UTF8String(DecodeHex(s)), nil }

// HexEncode is hexencode: Buffer.from(s).toString('hex').
func HexEncode(s string) (string, error) { return EncodeHex([]byte(s)), nil }

// MD5Encode is md5encode: the hex MD5 digest of s.
func MD5Encode(s string) (string, error) { return hexDigest("md5", s) }

// SHA1Encode is sha1encode: the hex SHA-1 digest of s.
func SHA1Encode(s string) (string, error) { return hexDigest("sha1", s) }

// SHA2Encode returns sha2encode's function for the rule's hash key (empty
// means sha256, as config.hash || 'sha256'): the hex digest of s. An unknown
// hash makes every call fail.
func SHA2Encode(hash string) func(string) (string, error) {
	if hash == "" {
		hash = "sha256"
	}
	return func(s string) (string, error) { return hexDigest(hash, s) }
}

func hexDigest(hash, s string) (string, error) {
	sum, err := Digest(hash, []byte(s))
	if err != nil {
		return "", err
	}
	return EncodeHex(sum), nil
}
