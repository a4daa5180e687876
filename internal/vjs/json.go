package vjs

import (
	"encoding/json"
	"unsafe"
)

// JSONOptions are validator.isJSON's options.
type JSONOptions struct {
	AllowPrimitives bool // allow_primitives: also accept true, false, null
	AllowAnyValue   bool // allow_any_value: accept anything JSON.parse accepts
}

// IsJSON is validator.isJSON: JSON.parse must succeed and (by default) give a
// non-null object or array.
func IsJSON(s string, o JSONOptions) bool {
	if !json.Valid(unsafe.Slice(unsafe.StringData(s), len(s))) {
		return false
	}
	if o.AllowAnyValue {
		return true
	}
	v := firstNonSpace(s)
	switch {
	case v == '{' || v == '[':
		return true
	case !o.AllowPrimitives:
		return false
	}
	switch jsonTrim(s) {
	case "true", "false", "null":
		return true
	}
	return false
}

func isJSONSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

func firstNonSpace(s string) byte {
	for i := 0; i < len(s); i++ {
		if !isJSONSpace(s[i]) {
			return s[i]
		}
	}
	return 0
}

func jsonTrim(s string) string {
	for s != "" && isJSONSpace(s[0]) {
		s = s[1:]
	}
	for s != "" && isJSONSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}
