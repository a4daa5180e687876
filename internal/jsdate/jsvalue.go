package jsdate

import (
	"strconv"
	"strings"
)

// ToString is JavaScript's String(value) for JSON-like values: arrays are
// joined with ',' (null elements become ""), objects are
// "[object Object]", numbers use JS formatting.
func ToString(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return FormatNumber(x)
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			if e != nil {
				parts[i] = ToString(e)
			}
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}
