package jsdate

import "unicode/utf8"

// Tokenizer of V8's date parser (src/date/dateparser.h, dateparser-inl.h,
// BSD-3-Clause, the V8 project authors), ported to Go over bytes. Bytes of
// non-ASCII characters are >= 'A' and therefore word characters, exactly as
// UTF-16 units are in V8; a NUL character ends the input as it does there.

const kNone = 1<<31 - 1 // V8's kMaxInt "missing value" marker

// maxSignificantDigits caps the value of a numeral (longer ones keep
// counting length only).
const maxSignificantDigits = 9

type tokTag int8

const (
	tagInvalid tokTag = iota - 6
	tagUnknown
	tagWhiteSpace
	tagNumber
	tagSymbol
	tagEnd
	// keyword tags are the keyword types below (>= 0)
)

// keyword types
const (
	kwInvalid tokTag = iota
	kwMonthName
	kwTimeZoneName
	kwTimeSeparator
	kwAmPm
)

type token struct {
	tag    tokTag
	length int
	value  int
}

func (t token) isNumber() bool           { return t.tag == tagNumber }
func (t token) isEnd() bool              { return t.tag == tagEnd }
func (t token) isKeyword() bool          { return t.tag >= 0 }
func (t token) isWhiteSpace() bool       { return t.tag == tagWhiteSpace }
func (t token) isSymbol(c byte) bool     { return t.tag == tagSymbol && t.value == int(c) }
func (t token) isFixedNumber(n int) bool { return t.tag == tagNumber && t.length == n }
func (t token) isSign() bool             { return t.tag == tagSymbol && (t.value == '-' || t.value == '+') }
func (t token) sign() int                { return 44 - t.value }
func (t token) isKeywordZ() bool {
	return t.tag == kwTimeZoneName && t.length == 1 && t.value == 0
}

// keywords is V8's KeywordTable: three-letter lower-case prefix, type,
// value. Words longer than the prefix only match month names.
var keywords = [...]struct {
	pre   [3]byte
	typ   tokTag
	value int
}{
	{[3]byte{'j', 'a', 'n'}, kwMonthName, 1}, {[3]byte{'f', 'e', 'b'}, kwMonthName, 2},
	{[3]byte{'m', 'a', 'r'}, kwMonthName, 3}, {[3]byte{'a', 'p', 'r'}, kwMonthName, 4},
	{[3]byte{'m', 'a', 'y'}, kwMonthName, 5}, {[3]byte{'j', 'u', 'n'}, kwMonthName, 6},
	{[3]byte{'j', 'u', 'l'}, kwMonthName, 7}, {[3]byte{'a', 'u', 'g'}, kwMonthName, 8},
	{[3]byte{'s', 'e', 'p'}, kwMonthName, 9}, {[3]byte{'o', 'c', 't'}, kwMonthName, 10},
	{[3]byte{'n', 'o', 'v'}, kwMonthName, 11}, {[3]byte{'d', 'e', 'c'}, kwMonthName, 12},
	{[3]byte{'a', 'm', 0}, kwAmPm, 0}, {[3]byte{'p', 'm', 0}, kwAmPm, 12},
	{[3]byte{'u', 't', 0}, kwTimeZoneName, 0}, {[3]byte{'u', 't', 'c'}, kwTimeZoneName, 0},
	{[3]byte{'z', 0, 0}, kwTimeZoneName, 0}, {[3]byte{'g', 'm', 't'}, kwTimeZoneName, 0},
	{[3]byte{'c', 'd', 't'}, kwTimeZoneName, -5}, {[3]byte{'c', 's', 't'}, kwTimeZoneName, -6},
	{[3]byte{'e', 'd', 't'}, kwTimeZoneName, -4}, {[3]byte{'e', 's', 't'}, kwTimeZoneName, -5},
	{[3]byte{'m', 'd', 't'}, kwTimeZoneName, -6}, {[3]byte{'m', 's', 't'}, kwTimeZoneName, -7},
	{[3]byte{'p', 'd', 't'}, kwTimeZoneName, -7}, {[3]byte{'p', 's', 't'}, kwTimeZoneName, -8},
	{[3]byte{'t', 0, 0}, kwTimeSeparator, 0},
}

func lookupKeyword(pre [3]byte, length int) token {
	for _, k := range keywords {
		if k.pre == pre && (length <= 3 || k.typ == kwMonthName) {
			return token{tag: k.typ, length: length, value: k.value}
		}
	}
	return token{tag: kwInvalid, length: length}
}

// scanner combines V8's InputReader and DateStringTokenizer.
type scanner struct {
	s    string
	pos  int // index of the next unread byte
	ch   byte
	next token
}

func newScanner(s string) scanner {
	sc := scanner{s: s}
	sc.advance()
	sc.next = sc.scan()
	return sc
}

func (sc *scanner) advance() {
	if sc.pos < len(sc.s) {
		sc.ch = sc.s[sc.pos]
	} else {
		sc.ch = 0
	}
	sc.pos++
}

func (sc *scanner) peek() token { return sc.next }

func (sc *scanner) nextToken() token {
	t := sc.next
	sc.next = sc.scan()
	return t
}

func (sc *scanner) skipSymbol(c byte) bool {
	if sc.next.isSymbol(c) {
		sc.next = sc.scan()
		return true
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isSpaceByte(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }

// atSpace reports whether the current character is JS white space or a
// line terminator (V8's IsWhiteSpaceOrLineTerminator).
func (sc *scanner) atSpace() bool {
	if sc.ch < utf8.RuneSelf {
		return isSpaceByte(sc.ch)
	}
	r, _ := utf8.DecodeRuneInString(sc.s[sc.pos-1:])
	return isJSSpaceRune(r)
}

// skipSpace consumes one (possibly multi-byte) white-space character.
func (sc *scanner) skipSpace() {
	if sc.ch >= utf8.RuneSelf {
		_, size := utf8.DecodeRuneInString(sc.s[sc.pos-1:])
		sc.pos += size - 1
	}
	sc.advance()
}

func isJSSpaceRune(r rune) bool {
	switch r {
	case 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

func (sc *scanner) scan() token {
	start := sc.pos
	switch c := sc.ch; {
	case c == 0:
		return token{tag: tagEnd, value: -1}
	case isDigit(c):
		return sc.scanNumber(start)
	case c == ':' || c == '-' || c == '+' || c == '.' || c == ')':
		sc.advance()
		return token{tag: tagSymbol, length: 1, value: int(c)}
	case c >= 'A' && !sc.atSpace():
		return sc.scanWord()
	case sc.atSpace():
		sc.skipSpace()
		return token{tag: tagWhiteSpace, length: sc.pos - start, value: -1}
	case c == '(':
		sc.skipParentheses()
	default:
		sc.advance()
	}
	return token{tag: tagUnknown, length: 1, value: -1}
}

func (sc *scanner) scanNumber(start int) token {
	n, i := 0, 0
	for sc.ch == '0' { // leading zeros do not count as significant digits
		sc.advance()
	}
	for isDigit(sc.ch) {
		if i < maxSignificantDigits {
			n = n*10 + int(sc.ch-'0')
		}
		i++
		sc.advance()
	}
	return token{tag: tagNumber, length: sc.pos - start, value: n}
}

func (sc *scanner) scanWord() token {
	var pre [3]byte
	n := 0
	for ; sc.ch >= 'A' && !sc.atSpace(); n++ {
		if n < 3 {
			pre[n] = sc.ch | 0x20
		}
		sc.advance()
	}
	return lookupKeyword(pre, n)
}

func (sc *scanner) skipParentheses() {
	balance := 0
	for {
		if sc.ch == ')' {
			balance--
		} else if sc.ch == '(' {
			balance++
		}
		sc.advance()
		if balance <= 0 || sc.ch == 0 {
			return
		}
	}
}
