package record

import (
	"strconv"
	"strings"
)

// Path is a lodash property path (`a.b`, `a[0].b`, `a["b.c"]`) parsed once.
// Like lodash, a path string that is itself a key of the object being read
// is used as that single key. A parsed path remembers where it found its
// keys (shape.go); copies share that memory, which is safe to use from
// many goroutines.
type Path struct {
	raw    string
	segs   []string
	caches *pathCaches // nil for the zero Path
}

// pathCaches are a path's lookup caches: one for the whole text read as a
// key, one per segment.
type pathCaches struct {
	raw    lookupCache
	rawBit uint64 // the keyBit of the whole text
	segs   []lookupCache
}

func newPath(raw string, segs []string) Path {
	raw = internPlain(raw)
	for i, k := range segs {
		segs[i] = internPlain(k)
	}
	return Path{raw: raw, segs: segs, caches: &pathCaches{rawBit: keyBit(raw), segs: make([]lookupCache, len(segs))}}
}

// rawAbsent reports that o (a path of many keys' root) certainly has no
// key that is the path's whole text, without a scan: its keyBits lack the
// text's bit, or it has a shape none of whose keys has a '.' or '[' (the
// text has one). The text is nearly never a key, and the scan that finds
// so costs more than the walk. False means "maybe": look.
func (c *pathCaches) rawAbsent(o *Object) bool {
	if c == nil || o == nil {
		return false
	}
	o.load()
	return o.keyBits&c.rawBit == 0 || o.shape != nil && !o.shape.dotted
}

// rawAbsentLoaded is rawAbsent for a loaded object with a shape whose keys
// have no '.' or '[' (the usual record), small enough to be inlined into
// Get; false otherwise (then rawAbsent decides).
func (c *pathCaches) rawAbsentLoaded(o *Object) bool {
	return c != nil && o != nil && o.raw == nil && o.shape != nil && !o.shape.dotted
}

// rawKey and seg are the caches of the whole text and of the i-th
// segment; nil for the zero Path. (Methods of *pathCaches, not of Path:
// a call on a Path copies it, which costs more than the lookup.)
func (c *pathCaches) rawKey() *lookupCache {
	if c == nil {
		return nil
	}
	return &c.raw
}

func (c *pathCaches) seg(i int) *lookupCache {
	if c == nil {
		return nil
	}
	return &c.segs[i]
}

// ParsePath parses a lodash path. A string without `.` or `[`, or one in
// which no key can be found (`[`, `[[`), is one key, as in lodash.
func ParsePath(s string) Path {
	if !strings.ContainsAny(s, ".[") {
		return newPath(s, []string{s})
	}
	segs := splitPath(s)
	if len(segs) == 0 {
		segs = []string{s}
	}
	return newPath(s, segs)
}

// String returns the path as written.
func (p Path) String() string { return p.raw }

// Segments returns the parsed keys. The slice must not be modified.
func (p Path) Segments() []string { return p.segs }

// Simple reports whether the path is a single key.
func (p Path) Simple() bool { return len(p.segs) == 1 && p.segs[0] == p.raw }

// splitPath is lodash stringToPath: keys separated by dots, bracketed
// indexes, and quoted bracketed keys with backslash escapes; empty keys
// appear for a leading dot and for consecutive dots.
func splitPath(s string) []string {
	var out []string
	if s[0] == '.' {
		out = append(out, "")
	}
	i := 0
	for i < len(s) {
		switch c := s[i]; {
		case c == '[':
			key, next, ok := bracketKey(s, i)
			if ok {
				out = append(out, key)
				i = next
				continue
			}
			i++ // a lone "[" is skipped like lodash's regex does
		case c == '.':
			if i+1 >= len(s) || s[i+1] == '.' || s[i+1] == '[' && i+2 < len(s) && s[i+2] == ']' {
				out = append(out, "")
			}
			i++
		case c == ']':
			i++
		default:
			j := i
			for j < len(s) && s[j] != '.' && s[j] != '[' && s[j] != ']' {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}

// bracketKey reads `[123]`, `[-1.5]`, `["key"]` or `['key']` starting at s[i].
func bracketKey(s string, i int) (string, int, bool) {
	if i+1 >= len(s) {
		return "", 0, false
	}
	if q := s[i+1]; q == '"' || q == '\'' {
		var b strings.Builder
		for j := i + 2; j < len(s); j++ {
			switch s[j] {
			case '\\':
				if j+1 < len(s) {
					j++
					b.WriteByte(s[j])
				}
			case q:
				if j+1 < len(s) && s[j+1] == ']' {
					return b.String(), j + 2, true
				}
				b.WriteByte(q)
			default:
				b.WriteByte(s[j])
			}
		}
		return "", 0, false
	}
	end := strings.IndexByte(s[i+1:], ']')
	if end < 0 {
		return "", 0, false
	}
	key := s[i+1 : i+1+end]
	if strings.ContainsAny(key, "[]") {
		return "", 0, false
	}
	return key, i + end + 2, true
}

func (p Path) keys(o *Object) []string {
	if len(p.segs) > 1 && !p.caches.rawAbsent(o) && o.Has(p.raw) {
		return []string{p.raw}
	}
	return p.segs
}

// Get reads the value at the path. The bool is false when any step is
// missing (JavaScript undefined).
func (p Path) Get(o *Object) (any, bool) {
	if c := p.caches; len(p.segs) > 1 && c.rawAbsentLoaded(o) {
		// the walk from an object that is there (not nil), with caches
		// that are there (not the zero Path's): walk's usual case, without
		// its checks, the boxing of the root and a call
		segs := p.segs
		v, ok := o.hit(&c.segs[0])
		if !ok {
			v, ok = o.getMissed(segs[0], &c.segs[0])
		}
		for i := 1; ok && i < len(segs); i++ {
			if x, isObj := v.(*Object); isObj {
				if v, ok = x.hit(&c.segs[i]); !ok {
					v, ok = x.getMissed(segs[i], &c.segs[i])
				}
			} else {
				v, ok = child(v, segs[i])
			}
		}
		if !ok {
			return nil, false
		}
		return v, v != Undefined
	}
	if len(p.segs) == 1 {
		if v, ok := o.hit(p.caches.seg(0)); ok {
			return v, ok
		}
		return o.getMissed(p.segs[0], p.caches.seg(0))
	}
	if !p.caches.rawAbsent(o) {
		if v, ok := o.getCached(p.raw, p.caches.rawKey()); ok {
			return v, ok
		}
	}
	return walk(o, p.segs, p.caches)
}

// GetParent is Get that also returns the object the path's last key was
// looked up in, when Get found the value (or its absence) by walking the
// keys to it: a path with the same keys but the last can then be read
// there (GetSibling). parent is nil otherwise: the path's text may be a
// key of o, a step before the last is missing or not an object.
func (p Path) GetParent(o *Object) (v any, ok bool, parent *Object) {
	c, n := p.caches, len(p.segs)
	if n < 2 || !c.rawAbsentLoaded(o) && !c.rawAbsent(o) {
		v, ok = p.Get(o)
		return v, ok, nil
	}
	if v, ok = o.hit(&c.segs[0]); !ok { // Get's walk, to the last
		v, ok = o.getMissed(p.segs[0], &c.segs[0])
	}
	for i := 1; ok && i < n-1; i++ {
		if x, isObj := v.(*Object); isObj {
			if v, ok = x.hit(&c.segs[i]); !ok { // getCached, its usual case inlined
				v, ok = x.getMissed(p.segs[i], &c.segs[i])
			}
		} else {
			v, ok = child(v, p.segs[i])
		}
	}
	if !ok {
		return nil, false, nil
	}
	parent, isObj := v.(*Object)
	if !isObj {
		v, ok = child(v, p.segs[n-1])
		return v, ok && v != Undefined, nil
	}
	if v, ok = parent.hit(&c.segs[n-1]); !ok {
		if v, ok = parent.getMissed(p.segs[n-1], &c.segs[n-1]); !ok {
			return nil, false, parent
		}
	}
	return v, v != Undefined, parent
}

// GetSibling is p.Get(o), given parent, which GetParent returned for o
// and a path whose keys are p's but the last: p's last key is read there.
func (p Path) GetSibling(o, parent *Object) (any, bool) {
	c, n := p.caches, len(p.segs)
	if parent == nil || n < 2 || !c.rawAbsentLoaded(o) && !c.rawAbsent(o) {
		return p.Get(o)
	}
	v, ok := parent.hit(&c.segs[n-1])
	if !ok {
		if v, ok = parent.getMissed(p.segs[n-1], &c.segs[n-1]); !ok {
			return nil, false
		}
	}
	return v, v != Undefined
}

// GetKey reads the path's whole text as one key: o.Get(p.String()).
func (p Path) GetKey(o *Object) (any, bool) { return o.getCached(p.raw, p.caches.rawKey()) }

// walk follows a path's segments from root.
func walk(root any, segs []string, c *pathCaches) (any, bool) {
	cur := root
	for i, k := range segs {
		var ok bool
		if o, isObj := cur.(*Object); isObj {
			cur, ok = o.getCached(k, c.seg(i))
		} else {
			cur, ok = child(cur, k)
		}
		if !ok {
			return nil, false
		}
	}
	return cur, cur != Undefined
}

// GetValue is Get for any value as the root.
func (p Path) GetValue(root any) (any, bool) {
	if o, ok := root.(*Object); ok {
		return p.Get(o)
	}
	return walk(root, p.segs, p.caches)
}

func child(cur any, k string) (any, bool) {
	switch c := cur.(type) {
	case *Object:
		return c.Get(k)
	case []any:
		if i, ok := arrayIndex(k); ok && i < len(c) {
			return c[i], c[i] != Undefined
		}
	}
	return nil, false
}

// arrayIndex parses a canonical non-negative integer key.
func arrayIndex(k string) (int, bool) {
	if k == "" || len(k) > 1 && k[0] == '0' {
		return 0, false
	}
	n := 0
	for i := 0; i < len(k); i++ {
		if !isDigit(k[i]) || n > 1<<30 {
			return 0, false
		}
		n = n*10 + int(k[i]-'0')
	}
	return n, true
}

// Has reports whether the path resolves to a present key.
func (p Path) Has(o *Object) bool {
	_, ok := p.Get(o)
	return ok
}

// Set writes v at the path like lodash set: missing or non-object
// intermediates become objects (arrays when the next key is an index).
func (p Path) Set(o *Object, v any) {
	keys := p.keys(o)
	if len(keys) == 1 {
		if reachesAny(v, []any{o}) {
			v = copyShared(v)
		}
		o.Set(keys[0], v)
		return
	}
	var chain [8]any
	setIn(o, keys, v, chain[:0])
}

// setIn sets keys[0] of container (an *Object or a pointer to a slice held by
// its parent) and returns the possibly grown container.
// The containers passed through are kept in chain: a value that reaches one
// of them is copied first, so a record never contains itself.
func setIn(container any, keys []string, v any, chain []any) any {
	k := keys[0]
	chain = append(chain, container)
	if len(keys) > 1 {
		next, _ := child(container, k)
		if !isContainer(next) {
			if i, isIdx := arrayIndex(keys[1]); isIdx && i <= MaxIndex {
				next = []any{}
			} else {
				next = NewObject(2)
			}
		}
		v = setIn(next, keys[1:], v, chain)
	} else if reachesAny(v, chain) {
		v = copyShared(v)
	}
	return assign(container, k, v)
}

func isContainer(v any) bool {
	switch v.(type) {
	case *Object, []any:
		return true
	}
	return false
}

func assign(container any, k string, v any) any {
	switch c := container.(type) {
	case *Object:
		c.Set(k, v)
	case []any:
		i, ok := arrayIndex(k)
		if !ok || i >= len(c) && i > MaxIndex {
			// a named property on an array is not representable in JSON;
			// an index past MaxIndex would allocate the array up to it
			return c
		}
		for len(c) <= i {
			c = append(c, Undefined)
		}
		c[i] = v
		return c
	}
	return container
}

// Unset deletes the value at the path and reports whether it existed.
// Emptied parents stay in place; a deleted array element leaves a hole.
func (p Path) Unset(o *Object) bool {
	keys := p.keys(o)
	if len(keys) == 1 {
		return o.Delete(keys[0])
	}
	var parent any = o
	for _, k := range keys[:len(keys)-1] {
		var ok bool
		if parent, ok = child(parent, k); !ok {
			return false
		}
	}
	last := keys[len(keys)-1]
	switch c := parent.(type) {
	case *Object:
		return c.Delete(last)
	case []any:
		if i, ok := arrayIndex(last); ok && i < len(c) {
			c[i] = Undefined
			return true
		}
	}
	return false
}

// Index formats an array index as a path key.
func Index(i int) string { return strconv.Itoa(i) }
