package generator

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/sluice-dev/sluice/record"
)

// call is a parsed generator name with its arguments, in the form the
// reference's mocker accepts: `name`, `name(1, 2)` or `name({"min": 1})`.
type call struct {
	name string
	pos  []any          // positional arguments (numbers, booleans or strings)
	opts *record.Object // the options object of the `name({...})` form
}

// parseCall splits `name(args)`. A JSON object argument is parsed as JSON;
// other arguments are split at commas and read as numbers, booleans or
// (optionally quoted) strings.
func parseCall(text string) (call, error) {
	text = strings.TrimSpace(text)
	name, rest, hasArgs := strings.Cut(text, "(")
	c := call{name: strings.TrimSpace(name)}
	if c.name == "" {
		return c, errors.New("the generator name is empty")
	}
	if !hasArgs {
		return c, nil
	}
	inner, ok := strings.CutSuffix(strings.TrimSpace(rest), ")")
	if !ok {
		return c, fmt.Errorf("%q: the arguments must end with `)` and nothing may follow it", text)
	}
	return c, c.parseArgs(strings.TrimSpace(inner))
}

func (c *call) parseArgs(inner string) error {
	if inner == "" {
		return nil
	}
	if strings.HasPrefix(inner, "{") {
		v, err := record.ParseJSONString(inner)
		o, isObj := v.(*record.Object)
		if err != nil || !isObj {
			return fmt.Errorf("%s(%s): the options are not a JSON object (%v)", c.name, inner, err)
		}
		c.opts = o
		return nil
	}
	for _, part := range strings.Split(inner, ",") {
		c.pos = append(c.pos, scalarArg(strings.TrimSpace(part)))
	}
	return nil
}

// scalarArg reads one comma-separated argument.
func scalarArg(s string) any {
	switch s {
	case "true":
		return true
	case "false":
		return false
	}
	if n := record.StringToNumber(s); s != "" && !math.IsNaN(n) {
		return n
	}
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// args reads a call's arguments for one generator: each argument has an
// option name and, optionally, a position.
type args struct {
	call
	used   map[string]bool
	maxPos int // positions read: 1 + the highest
	err    error
}

func newArgs(c call) *args { return &args{call: c, used: map[string]bool{}} }

// get returns the option key or the positional argument at pos (-1: none).
func (a *args) get(key string, pos int) (any, bool) {
	a.used[key] = true
	a.maxPos = max(a.maxPos, pos+1)
	if a.opts != nil {
		return a.opts.Get(key)
	}
	if pos >= 0 && pos < len(a.pos) {
		return a.pos[pos], true
	}
	return nil, false
}

func (a *args) fail(format string, v ...any) {
	if a.err == nil {
		a.err = fmt.Errorf("%s: %s", a.name, fmt.Sprintf(format, v...))
	}
}

// num reads a number argument.
func (a *args) num(key string, pos int, def float64) float64 {
	v, ok := a.get(key, pos)
	if !ok {
		return def
	}
	f, isNum := v.(float64)
	if !isNum || math.IsNaN(f) || math.IsInf(f, 0) {
		a.fail("%q must be a number, got %s", key, record.JSON(v))
		return def
	}
	return f
}

// count reads a non-negative integer argument.
func (a *args) count(key string, pos int, def int) int {
	f := a.num(key, pos, float64(def))
	if f < 0 || f != math.Trunc(f) || f > 1e6 {
		a.fail("%q must be a whole number from 0 to 1000000, got %s", key, record.JSON(f))
		return def
	}
	return int(f)
}

// flag reads a boolean argument.
func (a *args) flag(key string, pos int, def bool) bool {
	v, ok := a.get(key, pos)
	if !ok {
		return def
	}
	b, isBool := v.(bool)
	if !isBool {
		a.fail("%q must be true or false, got %s", key, record.JSON(v))
	}
	return b
}

// text reads a string argument.
func (a *args) text(key string, pos int, def string) string {
	v, ok := a.get(key, pos)
	if !ok {
		return def
	}
	s, isStr := v.(string)
	if !isStr {
		a.fail("%q must be a string, got %s", key, record.JSON(v))
	}
	return s
}

// done reports the first bad argument, an unknown option or extra
// positional arguments.
func (a *args) done() error {
	if a.err != nil {
		return a.err
	}
	if a.opts != nil {
		for _, k := range a.opts.Keys() {
			if !a.used[k] {
				return fmt.Errorf("%s: unknown option %q (options: %s)", a.name, k, a.known())
			}
		}
	} else if len(a.pos) > a.maxPos {
		return fmt.Errorf("%s: takes at most %d argument(s), got %d", a.name, a.maxPos, len(a.pos))
	}
	return nil
}

func (a *args) known() string {
	if len(a.used) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(a.used))
	for k := range a.used {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}

// rangeArgs reads min and max (options or the first two positions) and
// checks their order.
func (a *args) rangeArgs(defMin, defMax float64) (float64, float64) {
	lo, hi := a.num("min", 0, defMin), a.num("max", 1, defMax)
	if lo > hi {
		a.fail("min (%s) cannot be greater than max (%s)", record.FormatNumber(lo), record.FormatNumber(hi))
	}
	return lo, hi
}
