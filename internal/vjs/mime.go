package vjs

import (
	"strings"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

// ci turns an ASCII word into a case-insensitive RE2 fragment without using
// (?i), whose Unicode folding (ſ ~ s, K ~ k) differs from JS's non-unicode /i.
func ci(word string) string {
	var b strings.Builder
	for i := 0; i < len(word); i++ {
		c := word[i]
		if c >= 'a' && c <= 'z' {
			b.WriteString("[" + string(c) + string(c-32) + "]")
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func ciAlt(words ...string) string {
	for i, w := range words {
		words[i] = ci(w)
	}
	return "(?:" + strings.Join(words, "|") + ")"
}

const (
	mimeTok   = `[a-zA-Z0-9\.\-\+]`
	mimeTokSp = `[a-zA-Z0-9\.\-\+` + jsSpaceClass + `]`
	mimeSp    = `[` + jsSpaceClass + `]`
	mimeValue = `(?:"` + mimeTokSp + `{0,70}"|` + mimeTok + `{0,70})(?:` + mimeSp + `?\(` + mimeTokSp + `{1,20}\))?`
)

var (
	mimeSimpleRe = lazyre.New(`^` + ciAlt("application", "audio", "font", "image", "message",
		"model", "multipart", "text", "video") + `/[a-zA-Z0-9\.\-\+_]{1,100}$`)
	mimeTextRe = lazyre.New(`^` + ci("text") + `/` + mimeTok + `{1,100};` + mimeSp + `?` +
		ci("charset") + `=` + mimeValue + `$`)
	mimeMultipartRe = lazyre.New(`^` + ci("multipart") + `/` + mimeTok + `{1,100}(?:;` + mimeSp +
		`?` + ciAlt("boundary", "charset") + `=` + mimeValue + `){0,2}$`)
)

// IsMimeType is validator.isMimeType: a simple type/subtype, text/* with a
// charset, or multipart/* with boundary/charset parameters.
func IsMimeType(s string) bool {
	return mimeSimpleRe().MatchString(s) || mimeTextRe().MatchString(s) || mimeMultipartRe().MatchString(s)
}
