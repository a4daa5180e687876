package record

import (
	"sync"
	"unsafe"
)

// Plain names: the keys of the paths a plan writes (rule targets, parsed
// once) are copied into one process-wide block of memory that only ever
// holds text whose JSON string form is the text between quotes (no quote,
// backslash or control character). A string pointing into the block is
// therefore known plain, whichever object it was set into and however it
// was copied or sliced since: the encoder writes such a key without
// looking at its bytes (knownPlain), which output records, built with Set
// and so without a shape, would otherwise check for every record.
//
// The block is never freed and a byte of it is never written twice, so
// strings may point into it (unsafe.String). Names are deduplicated, so a
// rule set's keys take little room; when the block is full, names are
// simply not interned and are checked when written, as any other key.

// plainNameRoom is the block's size: thousands of keys.
const plainNameRoom = 64 << 10

var (
	plainNameBlock [plainNameRoom]byte
	plainNames     struct {
		sync.Mutex
		used   int      // bytes of the block handed out, a multiple of 8
		byText sync.Map // text -> the interned string
	}
)

// internPlain returns s itself or, when s is plain and there is room, an
// equal string in the block. It is for build time (ParsePath), not for
// every record.
func internPlain(s string) string {
	if s == "" || !plainText(s) {
		return s
	}
	if v, ok := plainNames.byText.Load(s); ok {
		return v.(string)
	}
	plainNames.Lock()
	defer plainNames.Unlock()
	if v, ok := plainNames.byText.Load(s); ok {
		return v.(string)
	}
	at := plainNames.used
	if len(s) > plainNameRoom-at {
		return s
	}
	copy(plainNameBlock[at:], s)
	// each name starts on an 8-byte boundary: no word holds bytes of two
	// names, so writing one never touches a word another is read from
	plainNames.used = at + (len(s)+7)&^7
	name := unsafe.String(&plainNameBlock[at], len(s))
	plainNames.byText.Store(name, name)
	return name
}

// knownPlain reports whether s points into the block of plain names: if
// so, its JSON form is s between quotes. False says nothing.
func knownPlain(s string) bool {
	return uintptr(unsafe.Pointer(unsafe.StringData(s)))-uintptr(unsafe.Pointer(&plainNameBlock)) < plainNameRoom
}

// plainText reports whether no byte of s needs an escape in a JSON
// string.
func plainText(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
