package l10n

import (
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/dlclark/regexp2"
	"github.com/dlclark/regexp2/syntax"
)

// This file runs JS regex source that cannot be expressed in RE2 (option
// values injected into validator.js's patterns) with regexp2's ECMAScript
// mode. Compiled regexes are cached by source.

const jsMatchTimeout = 250 * time.Millisecond

var jsRegexCache sync.Map // source -> *jsRegex

type jsRegex struct {
	re  *regexp2.Regexp
	err error
}

// compileJS compiles src (no flags) with regexp2; jsSrc is the source JS
// saw, used in the SyntaxError message (V8's wording where known).
func compileJS(src, jsSrc string) (*regexp2.Regexp, error) {
	if v, ok := jsRegexCache.Load(src); ok {
		r := v.(*jsRegex)
		return r.re, r.err
	}
	// src may be built from a record's value, in memory that is reused
	// (record.Decoder.Recycle); what the cache keeps must be its own.
	src, jsSrc = strings.Clone(src), strings.Clone(jsSrc)
	re, err := regexp2.Compile(src, regexp2.ECMAScript)
	r := &jsRegex{re: re}
	if err != nil {
		r.re = nil
		r.err = &Error{Name: "SyntaxError",
			Message: "Invalid regular expression: /" + jsSrc + "/: " + v8Reason(err)}
	} else {
		re.MatchTimeout = jsMatchTimeout
	}
	v, _ := jsRegexCache.LoadOrStore(src, r)
	r = v.(*jsRegex)
	return r.re, r.err
}

// v8Reason words a regexp2 parse error the way V8 does where they map.
func v8Reason(err error) string {
	var se *syntax.Error
	if !errors.As(err, &se) {
		return err.Error()
	}
	switch se.Code {
	case syntax.ErrUnexpectedParen:
		return "Unmatched ')'"
	case syntax.ErrMissingParen:
		return "Unterminated group"
	case syntax.ErrInvalidRepeatSize:
		return "numbers out of order in {} quantifier"
	case syntax.ErrMissingRepeatArgument:
		return "Nothing to repeat"
	case syntax.ErrUnterminatedBracket:
		return "Unterminated character class"
	case syntax.ErrReversedCharRange:
		return "Range out of order in character class"
	case syntax.ErrIllegalEndEscape:
		return "\\ at end of pattern"
	}
	return se.Error()
}

var runePool = sync.Pool{New: func() any {
	b := make([]rune, 0, 64)
	return &b
}}

// matchJS runs re on s without allocating the rune slice per call.
func matchJS(re *regexp2.Regexp, s string) (bool, error) {
	bp := runePool.Get().(*[]rune)
	rs := (*bp)[:0]
	for _, r := range s {
		rs = append(rs, r)
	}
	ok, err := re.MatchRunes(rs)
	*bp = rs
	runePool.Put(bp)
	return ok, err
}

// jsRegexChecker binds compiled JS source into a Checker, or returns the
// SyntaxError JS throws for it.
func jsRegexChecker(src string) (Checker, error) {
	re, err := compileJS(src, src)
	if err != nil {
		return nil, err
	}
	return func(s string) (bool, error) { return matchJS(re, s) }, nil
}
