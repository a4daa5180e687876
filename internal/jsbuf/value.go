package jsbuf

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Data-mate FieldTransform functions (field-transform.ts). A nil input
// returns nil; an array input drops nil elements and maps the rest ([]any);
// an error is what the JavaScript function throws.

func mapValue(v any, fn func(any) (any, error)) (any, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case []any:
		out := make([]any, 0, len(x))
		for _, e := range x {
			if e == nil {
				continue
			}
			r, err := fn(e)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return out, nil
	}
	return fn(v)
}

func typeName(v any) string {
	switch v.(type) {
	case bool:
		return "boolean"
	case float64, float32, int, int64, int32, uint, uint64, uint32:
		return "number"
	}
	return "object"
}

func errBufferArg(v any) error {
	return fmt.Errorf("The first argument must be of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object. Received type %s", typeName(v))
}

// bufferFrom is Buffer.from(v, enc) for record values: a string is decoded
// with decode, an array is array-like (each element ToUint8), anything else
// is a TypeError.
func bufferFrom(v any, decode func(string) []byte) ([]byte, error) {
	switch x := v.(type) {
	case string:
		return decode(x), nil
	case []any:
		b := make([]byte, len(x))
		for i, e := range x {
			b[i] = toUint8(e)
		}
		return b, nil
	}
	return nil, errBufferArg(v)
}

func utf8Bytes(s string) []byte { return []byte(s) }

// toUint8 is JavaScript's ToUint8(ToNumber(v)) for array-like elements
// (strings are parsed as plain decimal numbers; other values are 0).
func toUint8(v any) byte {
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case bool:
		if x {
			f = 1
		}
	case string:
		f, _ = strconv.ParseFloat(strings.TrimSpace(x), 64)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return byte(int64(math.Mod(math.Trunc(f), 256)))
}

// decodeWith returns the data-mate Buffer.from(v, enc).toString('utf8') map.
func decodeWith(decode func(string) []byte) func(any) (any, error) {
	return func(v any) (any, error) {
		b, err := bufferFrom(v, decode)
		if err != nil {
			return nil, err
		}
		return UTF8String(b), nil
	}
}

func encodeWith(encode func([]byte) string) func(any) (any, error) {
	return func(v any) (any, error) {
		b, err := bufferFrom(v, utf8Bytes)
		if err != nil {
			return nil, err
		}
		return encode(b), nil
	}
}

// DecodeBase64Value is data-mate decodeBase64:
// Buffer.from(v, 'base64').toString('utf8').
func DecodeBase64Value(v any) (any, error) { return mapValue(v, decodeWith(DecodeBase64)) }

// EncodeBase64Value is data-mate encodeBase64: Buffer.from(v).toString('base64').
func EncodeBase64Value(v any) (any, error) { return mapValue(v, encodeWith(EncodeBase64)) }

// DecodeHexValue is data-mate decodeHex: Buffer.from(v, 'hex').toString('utf8').
func DecodeHexValue(v any) (any, error) { return mapValue(v, decodeWith(DecodeHex)) }

// EncodeHexValue is data-mate encodeHex: Buffer.from(v).toString('hex').
func EncodeHexValue(v any) (any, error) { return mapValue(v, encodeWith(EncodeHex)) }

// hashString is crypto.createHash(hash).update(v).digest(digest): v must be
// a string (update rejects numbers, booleans, arrays and objects).
func hashString(hash, digest string, v any) (any, error) {
	s, ok := v.(string)
	if !ok && DigestAlgorithm(hash) != "" {
		return nil, fmt.Errorf("The \"data\" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received type %s", typeName(v))
	}
	sum, err := Digest(hash, []byte(s))
	if err != nil {
		return nil, err
	}
	return DigestString(sum, digest)
}

// EncodeMD5 is data-mate encodeMD5 (hex MD5 of the UTF-8 bytes).
func EncodeMD5(v any) (any, error) {
	return mapValue(v, func(e any) (any, error) { return hashString("md5", "hex", e) })
}

// EncodeSHA1 is data-mate encodeSHA1 (hex SHA-1 of the UTF-8 bytes).
func EncodeSHA1(v any) (any, error) {
	return mapValue(v, func(e any) (any, error) { return hashString("sha1", "hex", e) })
}

// ErrDigestParam is data-mate's "Parameter digest is misconfigured".
var ErrDigestParam = errors.New("Parameter digest is misconfigured")

// EncodeSHA is data-mate encodeSHA. hash is any digest name Digest accepts
// and digest one of ascii, utf8, utf16le, ucs2, base64, latin1, hex, binary
// (exact spelling; anything else is ErrDigestParam, checked before the input
// is looked at, but after nil). An empty hash or digest stands for the rule
// key being absent: sha256 and hex.
func EncodeSHA(v any, hash, digest string) (any, error) {
	if v == nil {
		return nil, nil
	}
	if hash == "" {
		hash = "sha256"
	}
	if digest == "" {
		digest = "hex"
	}
	switch digest {
	case "ascii", "utf8", "utf16le", "ucs2", "base64", "latin1", "hex", "binary":
	default:
		return nil, ErrDigestParam
	}
	return mapValue(v, func(e any) (any, error) { return hashString(hash, digest, e) })
}
