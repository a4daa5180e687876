package vjs

import "strings"

// InSet is a prepared validator.isIn second argument.
type InSet struct {
	kind     uint8 // inNone, inList, inKeys, inSubstr
	list     map[string]bool
	keys     func(string) bool
	haystack string
}

const (
	inNone uint8 = iota
	inList
	inKeys
	inSubstr
)

// NewInSet prepares isIn's options argument: an array (membership of the
// String()-ed elements), an object (own keys, via hasOwnProperty), a string
// (substring indexOf) or anything else (always false).
func NewInSet(opts any) InSet {
	switch o := opts.(type) {
	case []any:
		m := make(map[string]bool, len(o))
		for _, e := range o {
			m[inElemString(e)] = true
		}
		return InSet{kind: inList, list: m}
	case map[string]any:
		return InSet{kind: inKeys, keys: func(k string) bool { _, ok := o[k]; return ok }}
	case Getter:
		return InSet{kind: inKeys, keys: func(k string) bool { _, ok := o.Get(k); return ok }}
	case string:
		if o == "" {
			return InSet{} // falsy: `options && ...` fails
		}
		return InSet{kind: inSubstr, haystack: o}
	}
	return InSet{}
}

// NewInList prepares an array-form isIn argument from Go strings.
func NewInList(values ...string) InSet {
	m := make(map[string]bool, len(values))
	for _, v := range values {
		m[v] = true
	}
	return InSet{kind: inList, list: m}
}

// inElemString is validator's util/toString for array elements.
func inElemString(e any) string {
	if e == nil {
		return ""
	}
	return jsString(e)
}

// IsIn is validator.isIn.
func IsIn(s string, set InSet) bool {
	switch set.kind {
	case inList:
		return set.list[s]
	case inKeys:
		return set.keys(s)
	case inSubstr:
		return strings.Contains(set.haystack, s)
	}
	return false
}
