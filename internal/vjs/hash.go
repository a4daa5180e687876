package vjs

import (
	"strings"
	"sync"

	"github.com/dlclark/regexp2"
)

// hashLengths is validator.js isHash's `lengths` table.
var hashLengths = map[string]int{
	"md5": 32, "md4": 32, "sha1": 40, "sha256": 64, "sha384": 96, "sha512": 128,
	"ripemd128": 32, "ripemd160": 40, "tiger128": 32, "tiger160": 40,
	"tiger192": 48, "crc32": 8, "crc32b": 8,
}

// protoMembers are the properties every plain JS object inherits from
// Object.prototype; `key in obj` and obj[key] see them.
var protoMembers = map[string]bool{
	"constructor": true, "__defineGetter__": true, "__defineSetter__": true,
	"hasOwnProperty": true, "__lookupGetter__": true, "__lookupSetter__": true,
	"isPrototypeOf": true, "propertyIsEnumerable": true, "toString": true,
	"valueOf": true, "__proto__": true, "toLocaleString": true,
}

// IsHash is validator.isHash(s, algorithm): case-insensitive hex of the
// algorithm's length. An unknown algorithm builds the regex
// /^[a-fA-F0-9]{undefined}$/, which JS reads with a literal "{undefined}".
func IsHash(s, algo string) bool {
	if n, ok := hashLengths[algo]; ok {
		return len(s) == n && allHex(s)
	}
	if protoMembers[algo] {
		return protoHashMatch(s, algo)
	}
	return len(s) == 12 && isHexByte(s[0]) && s[1:] == "{undefined}"
}

var protoHashRes sync.Map // algo -> *regexp2.Regexp

// protoHashMatch handles lengths[algo] resolving to an Object.prototype
// member, whose String() form ends up inside the quantifier braces.
func protoHashMatch(s, algo string) bool {
	v, ok := protoHashRes.Load(algo)
	if !ok {
		name := "function " + algo + "() { [native code] }"
		switch algo {
		case "__proto__":
			name = "[object Object]"
		case "constructor":
			name = "function Object() { [native code] }"
		}
		v, _ = protoHashRes.LoadOrStore(strings.Clone(algo), regexp2.MustCompile("^[a-fA-F0-9]{"+name+"}$", regexp2.ECMAScript))
	}
	m, _ := v.(*regexp2.Regexp).MatchString(s)
	return m
}

// hashAlgoKey is ToPropertyKey(algorithm) for the validator plugin argument.
func hashAlgoKey(arg any, present bool) string {
	if !present {
		return "undefined"
	}
	return jsString(arg)
}
