// Package jsbuf reproduces the Node.js Buffer and crypto behaviour the rule
// engine relies on: the lenient base64 and hex decoders of
// Buffer.from(str, enc), the WHATWG UTF-8 decoder of buf.toString('utf8'),
// the other Buffer string decodings (ascii, latin1/binary, utf16le/ucs2,
// hex, base64, base64url), crypto.createHash with OpenSSL digest names, and
// the data-mate / ts-transforms transforms built on them (decodeBase64,
// encodeSHA, base64decode, sha2encode, ...).
//
// Strings are Go (UTF-8) strings standing for JavaScript UTF-16 strings:
// where Node looks at code units (the decoders truncate each unit to its low
// byte), a rune below U+10000 is one unit, an astral rune two surrogate
// units, and an invalid UTF-8 byte one U+FFFD unit. Lone surrogates that a
// decoding produces (utf16le) become U+FFFD.
//
// Reference: Node.js 20.20 (OpenSSL 3), data-mate and ts-transforms HEAD.
//
// Leaf package: it imports only the standard library and x/crypto, nothing
// from sluice.
package jsbuf
