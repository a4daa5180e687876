package jexl

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

// The lexer is jexl 2.3.0's Lexer: the expression is split with one regular
// expression whose alternatives are tried in order at each position
// (strings, white space, true/false, the grammar's elements longest first,
// identifiers, numbers); the pieces no alternative matches become elements
// of their own, which are then rejected as invalid tokens.

// tokenType is a token's grammar type; its name appears in parse errors.
type tokenType uint8

const (
	tLiteral tokenType = iota
	tIdentifier
	tBinaryOp
	tUnaryOp
	tDot
	tOpenBracket
	tCloseBracket
	tPipe
	tOpenCurl
	tCloseCurl
	tColon
	tComma
	tOpenParen
	tCloseParen
	tQuestion
	tUndefined // a name of Object.prototype: jexl finds it in its element map with no type
)

var tokenTypeNames = [...]string{"literal", "identifier", "binaryOp", "unaryOp", "dot", "openBracket",
	"closeBracket", "pipe", "openCurl", "closeCurl", "colon", "comma", "openParen", "closeParen", "question", "undefined"}

func (t tokenType) String() string { return tokenTypeNames[t] }

// token is one lexed element. value holds the literal's value (float64,
// string or bool) or the element or identifier text; raw is the source text
// with the white space that follows it.
type token struct {
	typ   tokenType
	value any
	raw   string
}

// elements are the grammar's control characters and operators.
var elements = map[string]tokenType{
	".": tDot, "[": tOpenBracket, "]": tCloseBracket, "|": tPipe, "{": tOpenCurl, "}": tCloseCurl,
	":": tColon, ",": tComma, "(": tOpenParen, ")": tCloseParen, "?": tQuestion,
	"+": tBinaryOp, "-": tBinaryOp, "*": tBinaryOp, "/": tBinaryOp, "//": tBinaryOp, "%": tBinaryOp,
	"^": tBinaryOp, "==": tBinaryOp, "!=": tBinaryOp, ">": tBinaryOp, ">=": tBinaryOp, "<": tBinaryOp,
	"<=": tBinaryOp, "&&": tBinaryOp, "||": tBinaryOp, "in": tBinaryOp, "!": tUnaryOp,
}

// objectProtoNames are Object.prototype's properties: jexl's element lookup
// (`elements[name]`) finds them, so they lex with an undefined type.
var objectProtoNames = map[string]bool{
	"constructor": true, "__defineGetter__": true, "__defineSetter__": true, "hasOwnProperty": true,
	"__lookupGetter__": true, "__lookupSetter__": true, "isPrototypeOf": true, "propertyIsEnumerable": true,
	"toString": true, "valueOf": true, "__proto__": true, "toLocaleString": true,
}

// jsSpace is JavaScript's \s.
const jsSpace = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

const identChars = `a-zA-Zа-яА-Я_\x{C0}-\x{D6}\x{D8}-\x{F6}\x{F8}-\x{FF}$`

var (
	splitRe = lazyre.New(`'(?:\\'|[^'])*'|"(?:\\"|[^"])*"|[` + jsSpace + `]+|\btrue\b|\bfalse\b|` +
		`//|==|!=|>=|<=|&&|\|\||\bin\b|[.\[\]|{}:,()?+\-*/%^><!]|` +
		`[` + identChars + `][0-9` + identChars + `]*|[0-9]*\.[0-9]+|[0-9]+`)
	numericRe = lazyre.New(`^-?(?:[0-9]*\.[0-9]+|[0-9]+)$`)
	identRe   = lazyre.New(`^[` + identChars + `][0-9` + identChars + `]*$`)
)

// tokenize is Lexer.tokenize.
func tokenize(src string) ([]token, error) {
	return getTokens(splitElements(src))
}

// splitElements is String.prototype.split with the capturing split regex:
// the matches and the unmatched pieces between them, in order.
func splitElements(src string) []string {
	var out []string
	prev := 0
	for _, loc := range splitRe().FindAllStringIndex(src, -1) {
		if loc[0] > prev {
			out = append(out, src[prev:loc[0]])
		}
		out = append(out, src[loc[0]:loc[1]])
		prev = loc[1]
	}
	if prev < len(src) {
		out = append(out, src[prev:])
	}
	return out
}

// getTokens turns elements into tokens: white space extends the previous
// token's raw text, and a minus where an operand is expected is glued to the
// next element (so -3 is a number and -x an invalid token).
func getTokens(elems []string) ([]token, error) {
	var tokens []token
	negate := false
	for _, el := range elems {
		switch {
		case isWhitespace(el):
			if len(tokens) > 0 {
				tokens[len(tokens)-1].raw += el
			}
		case el == "-" && minusNegates(tokens):
			negate = true
		default:
			if negate {
				el, negate = "-"+el, false
			}
			tok, err := createToken(el)
			if err != nil {
				return nil, err
			}
			tokens = append(tokens, tok)
		}
	}
	if negate {
		tokens = append(tokens, token{typ: tBinaryOp, value: "-", raw: "-"})
	}
	return tokens, nil
}

func isWhitespace(s string) bool {
	return strings.TrimFunc(s, isJSSpace) == ""
}

func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// minusNegates is Lexer._isNegative.
func minusNegates(tokens []token) bool {
	if len(tokens) == 0 {
		return true
	}
	switch tokens[len(tokens)-1].typ {
	case tBinaryOp, tUnaryOp, tOpenParen, tOpenBracket, tQuestion, tColon:
		return true
	}
	return false
}

// createToken is Lexer._createToken.
func createToken(el string) (token, error) {
	tok := token{typ: tLiteral, value: el, raw: el}
	switch {
	case el[0] == '"' || el[0] == '\'':
		tok.value = unquote(el)
	case numericRe().MatchString(el):
		f, _ := strconv.ParseFloat(el, 64)
		tok.value = f
	case el == "true" || el == "false":
		tok.value = el == "true"
	case objectProtoNames[el]:
		tok.typ = tUndefined
	default:
		typ, ok := elements[el]
		if !ok && !identRe().MatchString(el) {
			return tok, errors.New("Invalid expression token: " + el)
		}
		tok.typ = tIdentifier
		if ok {
			tok.typ = typ
		}
	}
	return tok, nil
}

// unquote is Lexer._unquote: drop the first and last UTF-16 unit, unescape
// every escaped quote, then the FIRST escaped backslash only.
func unquote(s string) string {
	q := s[:1]
	body := dropLastUnit(s[1:])
	body = strings.ReplaceAll(body, `\`+q, q)
	return strings.Replace(body, `\\`, `\`, 1)
}

// dropLastUnit removes the last UTF-16 code unit of s; half of a surrogate
// pair left behind becomes U+FFFD (Go strings cannot hold a lone surrogate).
func dropLastUnit(s string) string {
	r, size := utf8.DecodeLastRuneInString(s)
	if size == 0 {
		return ""
	}
	s = s[:len(s)-size]
	if r >= 0x10000 {
		s += "\uFFFD"
	}
	return s
}
