package jsstr

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/dlclark/regexp2"

	"github.com/sluice-dev/sluice/internal/jsre"
)

// MatchTimeout bounds every match of a regular expression compiled by Regex
// (regexp2 backtracks; a catastrophic pattern fails with a timeout error
// instead of hanging).
var MatchTimeout = 100 * time.Millisecond

// groupPrefix names the synthetic groups Regex gives to unnamed captures so
// that regexp2 numbers every group in order of appearance, as JavaScript
// does (regexp2 otherwise numbers named groups after the unnamed ones).
const groupPrefix = "__jsg"

// ErrInvalidFlags is returned for a flags string JavaScript rejects.
var ErrInvalidFlags = errors.New("Invalid flags supplied to RegExp constructor")

// Regex compiles a JavaScript regular expression (new RegExp(pattern,
// flags)) with regexp2 in ECMAScript mode. Flags i, m, s and u map to
// regexp2 options, y (sticky) anchors matches with \G, g and d are accepted
// and have no effect on the compiled expression (Replace takes global as an
// argument). jsre.Normalize first checks the pattern as JavaScript does
// (its syntax errors, the u flag's strictness and meaning of \p and
// \u{…}); then it is translated where regexp2 differs from
// JavaScript: capture groups are numbered in order of appearance, "." does
// not match line terminators, \b and \B are ASCII word boundaries, and
// identity escapes such as \a \e \z \A \Z \G are literal letters, and with
// the m flag ^ and $ also match around \r, U+2028 and U+2029. Known
// remaining differences: matching is per code point rather than per UTF-16
// code unit, and case-insensitive matching uses regexp2's case folding.
func Regex(pattern, flags string) (*regexp2.Regexp, error) {
	opts, sticky, err := parseFlags(flags)
	if err != nil {
		return nil, err
	}
	norm, err := jsre.Normalize(pattern, flags)
	if err != nil {
		return nil, err
	}
	tr, err := translate(norm, opts)
	if err != nil {
		return nil, err
	}
	if sticky {
		tr = `\G(?:` + tr + `)`
	}
	re, err := regexp2.Compile(tr, opts&^regexp2.Multiline|regexp2.ECMAScript)
	if err != nil {
		return nil, fmt.Errorf("Invalid regular expression: /%s/: %w", pattern, err)
	}
	re.MatchTimeout = MatchTimeout
	return re, nil
}

func parseFlags(flags string) (opts regexp2.RegexOptions, sticky bool, err error) {
	seen := 0
	for i := 0; i < len(flags); i++ {
		k := strings.IndexByte("dgimsuy", flags[i])
		if k < 0 || seen&(1<<k) != 0 {
			return 0, false, fmt.Errorf("%w '%s'", ErrInvalidFlags, flags)
		}
		seen |= 1 << k
		switch flags[i] {
		case 'i':
			opts |= regexp2.IgnoreCase
		case 'm':
			opts |= regexp2.Multiline // rewritten as look-arounds by translate
		case 's':
			opts |= regexp2.Singleline
		case 'u':
			opts |= regexp2.Unicode
		case 'y':
			sticky = true
		}
	}
	return opts, sticky, nil
}

type regexKey struct{ pattern, flags string }

var (
	regexCache   sync.Map // regexKey -> *regexp2.Regexp
	regexCacheN  int
	regexCacheMu sync.Mutex
)

// regexCacheMax bounds the number of cached compiled expressions.
const regexCacheMax = 512

// RegexCached is Regex with a bounded, concurrency-safe cache keyed by
// (pattern, flags), for callers that receive the pattern per call.
func RegexCached(pattern, flags string) (*regexp2.Regexp, error) {
	k := regexKey{pattern, flags}
	if v, ok := regexCache.Load(k); ok {
		return v.(*regexp2.Regexp), nil
	}
	re, err := Regex(pattern, flags)
	if err != nil {
		return nil, err
	}
	regexCacheMu.Lock()
	if regexCacheN >= regexCacheMax {
		regexCache.Clear()
		regexCacheN = 0
	}
	regexCacheN++
	regexCacheMu.Unlock()
	regexCache.Store(k, re)
	return re, nil
}

// translator rewrites a JavaScript pattern into regexp2 syntax.
type translator struct {
	src     string
	i       int
	out     strings.Builder
	inClass bool
	groups  int
	dotAll  bool
	unicode bool
	multi   bool
}

const (
	jsDot       = `[^\n\r\u2028\u2029]`
	jsLineStart = `(?<![^\n\r\u2028\u2029])`
	jsLineEnd   = `(?![^\n\r\u2028\u2029])`
)

// translate rewrites a pattern jsre.Normalize has checked and respelled.
func translate(pattern string, opts regexp2.RegexOptions) (string, error) {
	t := &translator{src: pattern, dotAll: opts&regexp2.Singleline != 0, unicode: opts&regexp2.Unicode != 0,
		multi: opts&regexp2.Multiline != 0}
	t.out.Grow(len(pattern) + 16)
	for t.i < len(t.src) {
		if err := t.step(); err != nil {
			return "", err
		}
	}
	return t.out.String(), nil
}

func (t *translator) step() error {
	c := t.src[t.i]
	switch {
	case c == '\\':
		return t.escape()
	case t.inClass:
		if c == ']' {
			t.inClass = false
		}
	case c == '[':
		t.inClass = true
		if strings.HasPrefix(t.src[t.i:], "[^]") {
			t.out.WriteString(`[\s\S]`)
			t.i += 3
			t.inClass = false
			return nil
		}
	case c == '.' && !t.dotAll:
		t.out.WriteString(jsDot)
		t.i++
		return nil
	case c == '(':
		return t.group()
	case c == '^' && t.multi:
		t.out.WriteString(jsLineStart)
		t.i++
		return nil
	case c == '$' && t.multi:
		t.out.WriteString(jsLineEnd)
		t.i++
		return nil
	}
	t.out.WriteByte(c)
	t.i++
	return nil
}

// group handles "(": unnamed captures get a synthetic name, JavaScript
// group kinds pass through, anything else (regexp2-only syntax) is an error.
func (t *translator) group() error {
	rest := t.src[t.i+1:]
	if !strings.HasPrefix(rest, "?") {
		t.groups++
		fmt.Fprintf(&t.out, "(?<%s%d>", groupPrefix, t.groups)
		t.i++
		return nil
	}
	for _, p := range []string{"?:", "?=", "?!", "?<=", "?<!"} {
		if strings.HasPrefix(rest, p) {
			t.out.WriteByte('(')
			t.i++
			return nil
		}
	}
	if strings.HasPrefix(rest, "?<") && strings.IndexByte(rest, '>') > 2 {
		t.groups++
		t.out.WriteByte('(')
		t.i++
		return nil
	}
	return fmt.Errorf("Invalid regular expression: /%s/: Invalid group", t.src)
}

// escape handles a backslash sequence.
func (t *translator) escape() error {
	if t.i+1 >= len(t.src) {
		return fmt.Errorf("Invalid regular expression: /%s/: \\ at end of pattern", t.src)
	}
	c := t.src[t.i+1]
	switch {
	case c == 'u' && t.surrogatePair():
		return nil
	case c == 'u' && t.unicode && strings.HasPrefix(t.src[t.i+2:], "{"):
		return t.pass(2)
	case c == 'b' && !t.inClass:
		t.out.WriteString(jsre.ASCIIBoundary)
		t.i += 2
		return nil
	case c == 'B' && !t.inClass:
		t.out.WriteString(jsre.ASCIINoBoundary)
		t.i += 2
		return nil
	case c == 'c' && t.i+2 < len(t.src) && isLetter(t.src[t.i+2]):
		return t.pass(3)
	case c == 'x' && t.hexDigits(2):
		return t.pass(4)
	case c == 'u' && t.hexDigits(4):
		return t.pass(6)
	case (c == 'p' || c == 'P') && t.unicode:
		return t.pass(2)
	case c == 'k' || strings.IndexByte("dDwWsSfnrtvb0123456789", c) >= 0:
		return t.pass(2)
	case c == '_' || isLetter(c):
		t.out.WriteByte(c) // identity escape: the letter itself
		t.i += 2
		return nil
	case c >= utf8.RuneSelf:
		t.i++ // identity escape of a non-ASCII character
		return nil
	}
	return t.pass(2)
}

func (t *translator) pass(n int) error {
	t.out.WriteString(t.src[t.i:min(t.i+n, len(t.src))])
	t.i += n
	return nil
}

func (t *translator) hexDigits(n int) bool {
	if t.i+2+n > len(t.src) {
		return false
	}
	for k := t.i + 2; k < t.i+2+n; k++ {
		if unhex(t.src[k]) < 0 {
			return false
		}
	}
	return true
}

func (t *translator) hex4(at int) rune {
	r := rune(0)
	for k := at; k < at+4; k++ {
		r = r<<4 | rune(unhex(t.src[k]))
	}
	return r
}

// surrogatePair rewrites \uD8xx\uDCxx as the astral character it encodes.
func (t *translator) surrogatePair() bool {
	if !t.hexDigits(4) || t.i+12 > len(t.src) || t.src[t.i+6:t.i+8] != `\u` {
		return false
	}
	hi := t.hex4(t.i + 2)
	t.i += 6
	ok := t.hexDigits(4)
	lo := rune(0)
	if ok {
		lo = t.hex4(t.i + 2)
	}
	t.i -= 6
	if hi < 0xD800 || hi > 0xDBFF || lo < 0xDC00 || lo > 0xDFFF {
		return false
	}
	t.out.WriteRune(0x10000 + (hi-0xD800)<<10 + (lo - 0xDC00))
	t.i += 12
	return true
}
