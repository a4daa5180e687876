package datamate

import (
	"errors"
	"strings"

	"github.com/dlclark/regexp2"

	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/record"
)

// String replacement and splitting (JavaScript String.prototype semantics).

func regexTransformSpecs() []*spec {
	return []*spec{
		ft(&spec{Name: "replaceRegex", Summary: "String.replace with a JavaScript regex: the first match, or every match with global; $1, $& ... are expanded.",
			Params: []param{{Name: "regex", Type: "string", Doc: "JavaScript regex source, without slashes (absent: the empty pattern)"},
				{Name: "replace", Type: "string", Doc: "replacement with $ patterns (absent: the text \"undefined\")"},
				{Name: "global", Type: "boolean", Default: "false", Doc: "replace every match"},
				{Name: "ignoreCase", Type: "boolean", Default: "false", Doc: "case-insensitive (ignore_case is not read)"}},
			Examples: []example{exArgs(`{"regex":"s|e","replace":"d"}`, `"somestring"`, `"domestring"`),
				exArgs(`{"regex":"m|t","replace":"W","global":true,"ignoreCase":true}`, `"soMesTring"`, `"soWesWring"`)}},
			buildReplaceRegex),
		ft(&spec{Name: "replaceLiteral", Summary: "Replace the first occurrence of search (case-sensitive; $& ... in replace are still expanded).",
			Params: []param{{Name: "search", Type: "string", Doc: "literal text (absent: the text \"undefined\")"},
				{Name: "replace", Type: "string", Doc: "replacement (absent: the text \"undefined\")"}},
			Examples: []example{exArgs(`{"search":"bob","replace":"mel"}`, `"bob and bob"`, `"mel and bob"`), exArgs(`{"search":"bob","replace":"[$&]"}`, `"Hi bob"`, `"Hi [bob]"`)}},
			buildReplaceLiteral),
		ft(&spec{Name: "splitString", Summary: "String.split by delimiter; without a delimiter the result is [value]; \"\" splits into UTF-16 units.",
			Params:   []param{{Name: "delimiter", Type: "string", Doc: "separator; absent: no split"}},
			Examples: []example{exArgs(`{"delimiter":"-"}`, `"a-stri-ng"`, `["a","stri","ng"]`), exArgs(`{"delimiter":""}`, `"abc"`, `["a","b","c"]`), ex(`"abc"`, `["abc"]`)}},
			buildSplitString),
	}
}

var errNotString = errors.New("Input must be a string, or an array of string")

func buildReplaceRegex(a *args) (transformFn, error) {
	pattern := "(?:)"
	if v, ok := a.Get("regex"); ok && v != record.Undefined {
		pattern = record.ToString(v)
	}
	flags := ""
	if truthyKey(a, "ignoreCase") {
		flags += "i"
	}
	global := truthyKey(a, "global")
	if global {
		flags += "g"
	}
	r, err := newReplacer(pattern, flags, global)
	if err != nil {
		return nil, paramErr("regex", err.Error())
	}
	r.repl, _ = stringKey(a, "replace")
	return stringMapper(func(s string) (any, error) { return r.replace(s) }), nil
}

func buildReplaceLiteral(a *args) (transformFn, error) {
	search, _ := stringKey(a, "search")
	repl, _ := stringKey(a, "replace")
	return stringMapper(func(s string) (any, error) { return jsstr.ReplaceLiteral(s, search, repl), nil }), nil
}

func buildSplitString(a *args) (transformFn, error) {
	delim, has := stringKey(a, "delimiter")
	return func(v any, _ *record.Object) (any, error) { return jsstr.SplitString(v, delim, has) }, nil
}

// stringMapper applies f to a string or to every non-nil element of an
// array; any other value throws.
func stringMapper(f func(string) (any, error)) transformFn {
	elem := func(e any) (any, error) {
		s, ok := e.(string)
		if !ok {
			return nil, errNotString
		}
		return f(s)
	}
	return func(v any, _ *record.Object) (any, error) { return mapValue(v, elem) }
}

// replacer is String.prototype.replace with a regex compiled once: the
// linear RE2 translation (jsre) when the pattern allows it, else regexp2.
type replacer struct {
	fast   *jsre.Regexp // nil unless the pattern runs on RE2 without named groups
	slow   *regexp2.Regexp
	repl   string
	global bool
}

func newReplacer(pattern, flags string, global bool) (*replacer, error) {
	slow, err := jsstr.Regex(pattern, flags)
	if err != nil {
		return nil, err
	}
	r := &replacer{slow: slow, global: global}
	if !strings.Contains(pattern, "(?<") {
		if fast, err := jsre.Compile(pattern, flags); err == nil && fast.Linear() {
			r.fast = fast
		}
	}
	return r, nil
}

func (r *replacer) replace(s string) (string, error) {
	if r.fast != nil {
		n := 1
		if r.global {
			n = -1
		}
		ms, _ := r.fast.FindAll(s, n)
		// FindAll stops at an empty match; replace() would go on.
		if k := len(ms); !r.global || k == 0 || ms[k-1].Start != ms[k-1].End {
			return r.expand(s, ms), nil
		}
	}
	return jsstr.Replace(r.slow, s, r.repl, r.global)
}

// expand substitutes the replacement for each match.
func (r *replacer) expand(s string, ms []jsre.Match) string {
	if len(ms) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(r.repl))
	last := 0
	for _, m := range ms {
		b.WriteString(s[last:m.Start])
		if strings.IndexByte(r.repl, '$') < 0 {
			b.WriteString(r.repl)
		} else {
			b.WriteString(jsstr.ReplaceExpand(jsMatch(m), s, r.repl))
		}
		last = m.End
	}
	b.WriteString(s[last:])
	return b.String()
}

func jsMatch(m jsre.Match) jsstr.Match {
	groups := make([]string, len(m.Groups))
	for i, g := range m.Groups {
		groups[i] = g.Text
	}
	return jsstr.Match{Start: m.Start, End: m.End, Groups: groups}
}
