package route

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/sluice-dev/sluice/internal/jsstr"
)

// counts is an object of route counts in JavaScript property order:
// array-index keys ascending, then the others in insertion order.
type counts struct {
	keys []string
	n    map[string]int
}

func (c *counts) add(k string) {
	if c.n == nil {
		c.n = map[string]int{}
	}
	if _, ok := c.n[k]; !ok {
		c.keys = append(c.keys, k)
	}
	c.n[k]++
}

// ordered returns the keys in JavaScript property order.
func (c *counts) ordered() []string {
	var idx, rest []string
	for _, k := range c.keys {
		if _, ok := arrayIndex(k); ok {
			idx = append(idx, k)
		} else {
			rest = append(rest, k)
		}
	}
	sort.Slice(idx, func(i, j int) bool {
		a, _ := arrayIndex(idx[i])
		b, _ := arrayIndex(idx[j])
		return a < b
	})
	return append(idx, rest...)
}

// arrayIndex reports whether k is a canonical array index (0 ≤ n < 2^32−1).
func arrayIndex(k string) (uint64, bool) {
	n, err := strconv.ParseUint(k, 10, 64)
	if err != nil || n >= 1<<32-1 || strconv.FormatUint(n, 10) != k {
		return 0, false
	}
	return n, true
}

// inspect is Node's util.inspect of the counts object with the default
// options: `{ a: 1, 'b-c': 2 }` on one line when it fits in 80 columns,
// else one entry per line.
func (c *counts) inspect() string {
	keys := c.ordered()
	if len(keys) == 0 {
		return "{}"
	}
	entries := make([]string, len(keys))
	total := 2*len(entries) + 11 // Node's reduceToSingleString start
	for i, k := range keys {
		entries[i] = fmt.Sprintf("%s: %d", inspectKey(k), c.n[k])
		total += jsstr.Len16(entries[i])
	}
	if total <= 80 {
		return "{ " + strings.Join(entries, ", ") + " }"
	}
	return "{\n  " + strings.Join(entries, ",\n  ") + "\n}"
}

// inspectKey prints a property key: bare when it is an identifier of
// ASCII letters, digits and _, else quoted like Node's strEscape.
func inspectKey(k string) string {
	if isPlainKey(k) {
		return k
	}
	quote := byte('\'')
	if strings.IndexByte(k, '\'') >= 0 {
		switch {
		case strings.IndexByte(k, '"') < 0:
			quote = '"'
		case strings.IndexByte(k, '`') < 0 && !strings.Contains(k, "${"):
			quote = '`'
		}
	}
	return string(quote) + escapeKey(k, quote) + string(quote)
}

func isPlainKey(k string) bool {
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c == '_' || isUpper(c) || isLower(c) || (i > 0 && isDigit(c))) {
			return false
		}
	}
	return k != ""
}

// escapeKey escapes control characters, DEL, backslash and (in single
// quotes) the quote.
func escapeKey(k string, quote byte) string {
	var b strings.Builder
	for i := 0; i < len(k); i++ {
		c := k[i]
		switch {
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\'' && quote == '\'':
			b.WriteString(`\'`)
		case c < 0x20 || c == 0x7f:
			b.WriteString(controlEscape(c))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func controlEscape(c byte) string {
	switch c {
	case '\b':
		return `\b`
	case '\t':
		return `\t`
	case '\n':
		return `\n`
	case '\f':
		return `\f`
	case '\r':
		return `\r`
	}
	return fmt.Sprintf(`\x%02X`, c)
}
