package record

import (
	"strconv"
	"unsafe"
)

// MaxIndex is the largest array index a path may write: setting a[i] grows
// the array up to i, so an unbounded index would let one rule allocate
// gigabytes. Paths naming a larger index are rejected when rules are
// compiled (CheckPath) and ignored when written at run time.
const MaxIndex = 1<<16 - 1

// PathError is a field path that cannot be used, with the byte offset of
// the problem inside the path.
type PathError struct {
	Offset int
	Msg    string
}

func (e *PathError) Error() string { return e.Msg }

// CheckPath reports why s cannot be used as a field path: a `[` without
// its `]`, a stray `]`, a path in which no key can be found, a negative
// bracketed index or an index larger than MaxIndex. It accepts every path
// ParsePath reads as the same keys lodash would.
func CheckPath(s string) error {
	for i := 0; i < len(s); {
		switch s[i] {
		case '[':
			key, next, ok := bracketKey(s, i)
			if !ok {
				return &PathError{i, "'[' without a matching ']' (quote keys that contain brackets: [\"a[b\"])"}
			}
			if s[i+1] != '"' && s[i+1] != '\'' {
				if err := checkIndex(key, i+1); err != nil {
					return err
				}
			}
			i = next
		case ']':
			return &PathError{i, "']' without a matching '['"}
		default:
			j := i
			for j < len(s) && s[j] != '.' && s[j] != '[' && s[j] != ']' {
				j++
			}
			if j > i && s[i] >= '0' && s[i] <= '9' {
				if err := checkIndex(s[i:j], i); err != nil {
					return err
				}
			}
			i = max(j, i+1)
		}
	}
	return nil
}

// checkIndex rejects negative indexes and indexes past MaxIndex.
func checkIndex(key string, at int) error {
	if len(key) > 1 && key[0] == '-' && isDigit(key[1]) {
		return &PathError{at, "negative array index " + key + " (arrays are indexed from 0)"}
	}
	digits := 0
	for digits < len(key) && isDigit(key[digits]) {
		digits++
	}
	if digits != len(key) || key == "" || len(key) > 1 && key[0] == '0' {
		return nil // a key, not an index
	}
	if n, err := strconv.Atoi(key); err != nil || n > MaxIndex {
		return &PathError{at, "array index " + key + " is larger than " + strconv.Itoa(MaxIndex)}
	}
	return nil
}

// reachesAny reports whether v is, or contains, one of targets (objects
// and arrays compared by identity). Setting v inside a target it reaches
// would make the record contain itself.
func reachesAny(v any, targets []any) bool {
	if !isContainer(v) {
		return false
	}
	w := reachWalk{targets: targets}
	return w.reaches(v)
}

type reachWalk struct {
	targets []any
	seen    map[unsafe.Pointer]bool // after many nodes: shared values are walked once
	n       int
}

func (w *reachWalk) reaches(v any) bool {
	id := identity(v)
	if id == nil {
		return false
	}
	for _, t := range w.targets {
		if identity(t) == id {
			return true
		}
	}
	if w.n++; w.n > 64 {
		if w.seen == nil {
			w.seen = map[unsafe.Pointer]bool{}
		}
		if w.seen[id] {
			return false
		}
		w.seen[id] = true
	}
	switch x := v.(type) {
	case *Object:
		for _, f := range x.fields { // lazy values are text, unless another holder decoded them
			if l, ok := f.val.(*lazyJSON); ok && l.val != nil {
				f.val = l.val
			}
			if w.reaches(f.val) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if w.reaches(e) {
				return true
			}
		}
	}
	return false
}

// identity is the address of an object or of an array's elements (nil for
// scalars and empty arrays, which cannot contain anything).
func identity(v any) unsafe.Pointer {
	switch x := v.(type) {
	case *Object:
		return unsafe.Pointer(x)
	case []any:
		if cap(x) > 0 {
			return unsafe.Pointer(unsafe.SliceData(x))
		}
	}
	return nil
}

// copyShared deep-copies v, copying a value reached along several paths
// once (a record may share one value in many places; copying each path
// separately would be exponential in the nesting of the sharing).
func copyShared(v any) any {
	return (&sharedCopier{done: map[unsafe.Pointer]any{}}).copy(v)
}

type sharedCopier struct{ done map[unsafe.Pointer]any }

func (c *sharedCopier) copy(v any) any {
	id := identity(v)
	if id == nil {
		if _, ok := v.([]any); ok {
			return []any{}
		}
		return v
	}
	if done, ok := c.done[id]; ok {
		return done
	}
	switch x := v.(type) {
	case *Object:
		x.resolveAll()
		o := &Object{fields: make([]field, len(x.fields)), keyBits: x.keyBits, shape: x.shape}
		c.done[id] = o
		for i, f := range x.fields {
			o.fields[i] = field{f.key, c.copy(f.val)}
		}
		return o
	case []any:
		a := make([]any, len(x))
		c.done[id] = a
		for i, e := range x {
			a[i] = c.copy(e)
		}
		return a
	}
	return v
}
