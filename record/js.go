package record

import (
	"math"
	"strconv"
	"strings"
)

type undefined struct{}

// Undefined is JavaScript's undefined where it has to be stored as a value
// (an array element). JSON encodes it as null inside arrays and omits object
// keys that hold it.
var Undefined any = undefined{}

// IsNil reports whether v is null or undefined (JavaScript `v == null`).
func IsNil(v any) bool { return v == nil || v == Undefined }

// TypeOf returns JavaScript's typeof for a record value ("object" for null,
// arrays and objects).
func TypeOf(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	case undefined:
		return "undefined"
	}
	return "object"
}

// Truthy is JavaScript truthiness.
func Truthy(v any) bool {
	switch x := v.(type) {
	case nil, undefined:
		return false
	case bool:
		return x
	case float64:
		return x != 0 && !math.IsNaN(x)
	case string:
		return x != ""
	}
	return true
}

// ToNumber is JavaScript Number(v).
func ToNumber(v any) float64 {
	switch x := v.(type) {
	case nil:
		return 0
	case undefined:
		return math.NaN()
	case bool:
		if x {
			return 1
		}
		return 0
	case float64:
		return x
	case string:
		return StringToNumber(x)
	case []any:
		return StringToNumber(ToString(x))
	}
	return math.NaN()
}

// StringToNumber is JavaScript's StringToNumber: surrounding white space is
// ignored, "" is 0, hex/octal/binary integer literals and (+/-)Infinity are
// accepted, anything else not a decimal literal is NaN.
func StringToNumber(s string) float64 {
	s = TrimJS(s)
	if s == "" {
		return 0
	}
	if len(s) > 2 && s[0] == '0' {
		if base := radix(s[1]); base != 0 {
			return parseRadix(s[2:], base)
		}
	}
	body := s
	if body[0] == '+' || body[0] == '-' {
		body = body[1:]
	}
	if body == "Infinity" {
		if s[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	if !isDecimalLiteral(body) {
		return math.NaN()
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !isRangeErr(err) {
		return math.NaN()
	}
	return f
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

func radix(c byte) int {
	switch c {
	case 'x', 'X':
		return 16
	case 'o', 'O':
		return 8
	case 'b', 'B':
		return 2
	}
	return 0
}

func parseRadix(s string, base int) float64 {
	if s == "" {
		return math.NaN()
	}
	var f float64
	for i := 0; i < len(s); i++ {
		d := digitVal(s[i])
		if d >= base {
			return math.NaN()
		}
		f = f*float64(base) + float64(d)
	}
	return f
}

func digitVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}

// isDecimalLiteral checks the unsigned StrUnsignedDecimalLiteral grammar:
// digits [. digits] [e[+-]digits], or . digits [exponent]; at least one digit.
func isDecimalLiteral(s string) bool {
	i, n := 0, len(s)
	intDigits := 0
	for i < n && isDigit(s[i]) {
		i++
		intDigits++
	}
	fracDigits := 0
	if i < n && s[i] == '.' {
		i++
		for i < n && isDigit(s[i]) {
			i++
			fracDigits++
		}
	}
	if intDigits+fracDigits == 0 {
		return false
	}
	if i < n && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < n && (s[i] == '+' || s[i] == '-') {
			i++
		}
		expDigits := 0
		for i < n && isDigit(s[i]) {
			i++
			expDigits++
		}
		if expDigits == 0 {
			return false
		}
	}
	return i == n
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// IsJSSpace reports whether r is ECMAScript WhiteSpace or LineTerminator.
func IsJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// TrimJS is String.prototype.trim.
func TrimJS(s string) string {
	if len(s) > 0 && s[0] > ' ' && s[0] < 0x80 && s[len(s)-1] > ' ' && s[len(s)-1] < 0x80 {
		return s
	}
	return strings.TrimFunc(s, IsJSSpace)
}

// ToString is JavaScript String(v): arrays join their elements with ","
// (null and undefined elements become ""), objects are "[object Object]".
func ToString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return "null"
	case undefined:
		return "undefined"
	case bool:
		if x {
			return "true"
		}
		return "false"
	case float64:
		return FormatNumber(x)
	case []any:
		return joinArray(x, ",")
	}
	return "[object Object]"
}

func joinArray(a []any, sep string) string {
	var b strings.Builder
	for i, e := range a {
		if i > 0 {
			b.WriteString(sep)
		}
		if !IsNil(e) {
			b.WriteString(ToString(e))
		}
	}
	return b.String()
}

// JoinJS is Array.prototype.join.
func JoinJS(a []any, sep string) string { return joinArray(a, sep) }

// FormatNumber is JavaScript Number.prototype.toString() for a float64.
func FormatNumber(f float64) string {
	return string(AppendNumber(nil, f))
}

// AppendNumber appends the JavaScript string form of f.
func AppendNumber(b []byte, f float64) []byte {
	switch {
	case f == 0:
		return append(b, '0')
	case math.IsNaN(f):
		return append(b, "NaN"...)
	case math.IsInf(f, 1):
		return append(b, "Infinity"...)
	case math.IsInf(f, -1):
		return append(b, "-Infinity"...)
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.AppendInt(b, int64(f), 10)
	}
	abs := math.Abs(f)
	if abs >= 1e-6 && abs < 1e21 {
		return strconv.AppendFloat(b, f, 'f', -1, 64)
	}
	start := len(b)
	b = strconv.AppendFloat(b, f, 'e', -1, 64)
	return trimExponent(b, start)
}

// trimExponent turns Go's "1e-07" / "1e+07" exponent into JavaScript's "1e-7".
func trimExponent(b []byte, start int) []byte {
	for i := start; i < len(b); i++ {
		if b[i] != 'e' {
			continue
		}
		j := i + 2 // past sign
		k := j
		for k < len(b)-1 && b[k] == '0' {
			k++
		}
		return append(b[:j], b[k:]...)
	}
	return b
}

// StrictEqual is JavaScript ===: objects and arrays compare by identity.
func StrictEqual(a, b any) bool {
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case nil:
		return b == nil
	case undefined:
		return b == Undefined
	case *Object:
		y, ok := b.(*Object)
		return ok && x == y
	case []any:
		y, ok := b.([]any)
		return ok && sameSlice(x, y)
	}
	return false
}

func sameSlice(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	return len(a) == 0 && cap(a) == cap(b) || len(a) > 0 && &a[0] == &b[0]
}

// SameValueZero is the equality of Array.prototype.includes and Set: like
// StrictEqual but NaN equals NaN.
func SameValueZero(a, b any) bool {
	if x, ok := a.(float64); ok {
		if y, ok := b.(float64); ok && math.IsNaN(x) && math.IsNaN(y) {
			return true
		}
	}
	return StrictEqual(a, b)
}

// DeepEqual is lodash isEqual on JSON values: structural equality, object
// key order ignored, NaN equal to NaN.
func DeepEqual(a, b any) bool {
	switch x := a.(type) {
	case *Object:
		y, ok := b.(*Object)
		return ok && objectsEqual(x, y)
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !DeepEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return SameValueZero(a, b)
}

func objectsEqual(x, y *Object) bool {
	x.resolveAll()
	if definedLen(x) != definedLen(y) {
		return false
	}
	for _, f := range x.fields {
		if f.val == Undefined {
			continue
		}
		v, ok := y.Get(f.key)
		if !ok || !DeepEqual(f.val, v) {
			return false
		}
	}
	return true
}

func definedLen(o *Object) int {
	o.load()
	n := 0
	for _, f := range o.fields {
		if f.val != Undefined {
			n++
		}
	}
	return n
}

// IsEmpty is @terascope/core-utils isEmpty: null, undefined, "", empty arrays
// and objects are empty — and so is every number and boolean.
func IsEmpty(v any) bool {
	switch x := v.(type) {
	case nil, undefined, float64, bool:
		return true
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case *Object:
		return definedLen(x) == 0
	}
	return false
}

// GetTypeOf is @terascope/core-utils getTypeOf for record values, the type
// names the reference puts in its messages: "null", "undefined", "String",
// "Number", "Boolean", "Array", "Object".
func GetTypeOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "String"
	case float64:
		return "Number"
	case bool:
		return "Boolean"
	case []any:
		return "Array"
	case *Object:
		return "Object"
	}
	if v == Undefined {
		return "undefined"
	}
	return "Object"
}

// CoreToString is @terascope/core-utils toString: null and undefined are "",
// arrays join their elements' strings with ",", objects become JSON, other
// values are String(v).
func CoreToString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = CoreToString(e)
		}
		return strings.Join(parts, ",")
	case *Object:
		return JSON(x)
	}
	if v == Undefined {
		return ""
	}
	return ToString(v)
}
