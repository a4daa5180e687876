package jsstr

// ReplaceRegex is data-mate replaceRegex: input.replace(new RegExp(regex,
// flags), replace) with flags "i" when ignoreCase and "g" when global. The
// expression is compiled (through RegexCached) only when there is a string
// to apply it to, as in JavaScript; a compile error or match timeout is an
// error. Every element must be a string.
func ReplaceRegex(v any, regex, replace string, global, ignoreCase bool) (any, error) {
	flags := ""
	if ignoreCase {
		flags += "i"
	}
	if global {
		flags += "g"
	}
	fn := func(s string) (any, error) {
		re, err := RegexCached(regex, flags)
		if err != nil {
			return nil, err
		}
		return Replace(re, s, replace, global)
	}
	return mapValue(v, stringScalar(fn), stringScalar(fn))
}

// ReplaceLiteralValue is data-mate replaceLiteral: input.replace(search,
// replace), first occurrence only, $ patterns expanded. Every element must
// be a string.
func ReplaceLiteralValue(v any, search, replace string) (any, error) {
	fn := func(s string) (any, error) { return ReplaceLiteral(s, search, replace), nil }
	return mapValue(v, stringScalar(fn), stringScalar(fn))
}

// SplitString is data-mate splitString: str.split(delimiter). Without a
// delimiter (hasDelimiter false: the rule has no delimiter key, so
// split(undefined)) the result is [str]; an empty delimiter splits into
// UTF-16 code units. A scalar gives []any of strings, an array input []any
// of such slices. Non-strings are errors.
func SplitString(v any, delimiter string, hasDelimiter bool) (any, error) {
	fn := func(s string) (any, error) {
		if !hasDelimiter {
			return []any{s}, nil
		}
		parts := Split(s, delimiter)
		out := make([]any, len(parts))
		for i, p := range parts {
			out[i] = p
		}
		return out, nil
	}
	return mapValue(v, stringScalar(fn), stringScalar(fn))
}

// EncodeURL is data-mate encodeURL (encodeURIComponent). Array elements are
// converted with String() first, as Array.prototype.map(encodeURIComponent)
// does; a scalar must be a string.
func EncodeURL(v any) (any, error) {
	enc := func(s string) (any, error) { return EncodeURIComponent(s), nil }
	return mapValue(v, func(e any) (any, error) { return enc(jsString(e)) }, stringScalar(enc))
}

// DecodeURL is data-mate decodeURL (decodeURIComponent); see EncodeURL.
func DecodeURL(v any) (any, error) {
	dec := func(s string) (any, error) { return DecodeURIComponent(s) }
	return mapValue(v, func(e any) (any, error) { return dec(jsString(e)) }, stringScalar(dec))
}
