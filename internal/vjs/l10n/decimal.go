package l10n

import (
	"math"
	"strconv"
	"strings"
)

// DecimalOptions are isDecimal's options. Empty strings select the
// validator.js defaults (DecimalDigits "1,", Locale "en-US").
type DecimalOptions struct {
	ForceDecimal  bool
	DecimalDigits string // regex quantifier body, e.g. "1,", "2", "1,3"
	Locale        string
}

// IsDecimal is validator.js isDecimal(s, options).
func IsDecimal(s string, o DecimalOptions) (bool, error) {
	if o.DecimalDigits == "" {
		o.DecimalDigits = "1,"
	}
	if o.Locale == "" {
		o.Locale = "en-US"
	}
	chk, err := decimalChecker(o.ForceDecimal, o.DecimalDigits, o.Locale)
	if err != nil {
		return false, err
	}
	return chk(s)
}

// BindDecimal binds the validator plugin's `decimal`; arg is the options
// argument (an object's force_decimal, decimal_digits and locale keys are
// read; any other value means the defaults).
func BindDecimal(arg any) (Checker, error) {
	opts, _ := arg.(map[string]any)
	force := jsTruthy(opts["force_decimal"])
	digits, locale := "1,", "en-US"
	if v, ok := opts["decimal_digits"]; ok {
		digits = jsToString(v)
	}
	if v, ok := opts["locale"]; ok {
		locale = jsToString(v)
	}
	return decimalChecker(force, digits, locale)
}

// decimalChecker builds ^[-+]?([0-9]+)?(\SEP[0-9]{DIGITS})?$ (the last `?`
// dropped when force) behind the blacklist of "", "-" and "+".
func decimalChecker(force bool, digits, locale string) (Checker, error) {
	sep, in := decimalSep(locale)
	if !in {
		return nil, invalidLocale(locale)
	}
	src := decimalSource(force, digits, sep)
	lo, hi, ok := parseQuantifier(digits)
	var match Checker
	var err error
	switch {
	case ok && hi >= 0 && hi < lo:
		match = constChecker(false, &Error{Name: "SyntaxError", Message: "Invalid regular expression: /" +
			src + "/: numbers out of order in {} quantifier"})
	case ok && isPlainSep(sep):
		d := &decimalFast{sep: sep, force: force, lo: lo, hi: hi}
		match = func(s string) (bool, error) { return d.match(s), nil }
	default:
		if match, err = jsRegexChecker(src); err != nil {
			match = constChecker(false, err) // thrown after the blacklist test
		}
	}
	return func(s string) (bool, error) {
		if decimalBlacklisted(s) {
			return false, nil
		}
		return match(s)
	}, nil
}

func decimalSource(force bool, digits, sep string) string {
	q := "?"
	if force {
		q = ""
	}
	return `^[-+]?([0-9]+)?(\` + sep + "[0-9]{" + digits + "})" + q + "$"
}

// decimalBlacklisted is includes([”, '-', '+'], s.replace(/ /g, ”)).
func decimalBlacklisted(s string) bool {
	var first byte
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			continue
		}
		if n++; n > 1 {
			return false
		}
		first = s[i]
	}
	return n == 0 || first == '-' || first == '+'
}

// parseQuantifier parses a JS {n}, {n,} or {n,m} body; hi is -1 for no
// upper bound. ok is false when the text is not a quantifier (JS then reads
// the braces literally).
func parseQuantifier(q string) (lo, hi int, ok bool) {
	a, b, comma := strings.Cut(q, ",")
	if !allDigits(a) || (b != "" && !allDigits(b)) {
		return 0, 0, false
	}
	lo = quantInt(a)
	switch {
	case !comma:
		hi = lo
	case b == "":
		hi = -1
	default:
		hi = quantInt(b)
	}
	return lo, hi, true
}

func allDigits(s string) bool {
	return s != "" && digitRun(s, 0) == len(s)
}

// quantInt parses a quantifier bound, saturating like V8 does.
func quantInt(s string) int {
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil {
		return math.MaxInt32
	}
	return int(n)
}

// decimalFast matches the isDecimal regex for a literal separator.
type decimalFast struct {
	sep    string
	force  bool
	lo, hi int
}

func (d *decimalFast) match(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	i = digitRun(s, i)
	if i == len(s) {
		return !d.force
	}
	if !strings.HasPrefix(s[i:], d.sep) {
		return false
	}
	i += len(d.sep)
	j := digitRun(s, i)
	k := j - i
	return j == len(s) && k >= d.lo && (d.hi < 0 || k <= d.hi)
}
