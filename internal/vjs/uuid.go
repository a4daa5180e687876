package vjs

import (
	"errors"
	"strings"
)

// errNotFunction is the TypeError validator.js raises when an option resolves
// to an inherited Object.prototype member instead of a table entry.
var errNotFunction = errors.New("TypeError: is not a function")

// uuidShape reports whether s is 8-4-4-4-12 hex digits (any case).
func uuidShape(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if !isHexByte(s[i]) {
				return false
			}
		}
	}
	return true
}

func uuidVariantOK(s string) bool {
	switch s[19] {
	case '8', '9', 'a', 'b', 'A', 'B':
		return true
	}
	return false
}

// IsUUID is validator.isUUID(s, version) with version one of "1".."8",
// "nil", "max", "loose" or "all" ("" means "all"). Unknown versions => false.
func IsUUID(s, version string) bool {
	ok, _ := isUUIDKey(s, version)
	return ok
}

// isUUIDKey applies the `version in uuid ? uuid[version].test(str) : false`
// lookup; inherited Object.prototype keys throw.
func isUUIDKey(s, key string) (bool, error) {
	switch key {
	case "", "all":
		return uuidShape(s) && (strings.EqualFold(s, uuidNil) || strings.EqualFold(s, uuidMax) ||
			s[14] >= '1' && s[14] <= '8' && uuidVariantOK(s)), nil
	case "nil":
		return strings.EqualFold(s, uuidNil), nil
	case "max":
		return strings.EqualFold(s, uuidMax), nil
	case "loose":
		return uuidShape(s), nil
	case "1", "2", "3", "4", "5", "6", "7", "8":
		return uuidShape(s) && s[14] == key[0] && uuidVariantOK(s), nil
	}
	if protoMembers[key] {
		return false, errNotFunction
	}
	return false, nil
}

const (
	uuidNil = "00000000-0000-0000-0000-000000000000"
	uuidMax = "ffffffff-ffff-ffff-ffff-ffffffffffff"
)

// uuidVersionKey is the property key validator.isUUID looks up for the JS
// version argument (undefined and null mean 'all').
func uuidVersionKey(v any, present bool) string {
	if !present || v == nil {
		return "all"
	}
	return jsString(v)
}
