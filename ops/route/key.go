package route

import (
	"math"

	"github.com/sluice-dev/sluice/internal/jsstr"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// KeyRouter routes a record by its `_key` metadata: the whole key or `use`
// characters from its beginning or end, an optional suffix naming the class
// of a one-character route, then a case change (spec 4.1).
type KeyRouter struct {
	hasUse   bool
	use      int
	fromEnd  bool
	suffixes *[4]string // upper, lower, number, other; nil: no suffix
	caseFn   func(string) string
}

// NewKeyRouter builds a key router from a configuration object with the
// reference's keys (use, from, case, suffix_use, suffix_upper,
// suffix_lower, suffix_number, suffix_other) and its constructor's checks.
func NewKeyRouter(o *record.Object) (*KeyRouter, error) {
	k := &KeyRouter{caseFn: caseFunc(getString(o, "case"))}
	use, _ := o.Get("use")
	if record.IsNil(use) {
		return k, nil
	}
	n, ok := use.(float64)
	if !ok {
		return nil, job.ParamErr("use", `Parameter "use" must be a number`)
	}
	if err := k.setSuffixes(o, n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, job.ParamErr("use", "KeyRouter requires that at least one character is selected, use must be greater than 0")
	}
	k.hasUse, k.use, k.fromEnd = true, truncInt(n), getString(o, "from") == "end"
	return k, nil
}

// setSuffixes checks the suffixes (before `use`, as the reference does).
func (k *KeyRouter) setSuffixes(o *record.Object, use float64) error {
	if b, _ := o.Get("suffix_use"); !record.Truthy(b) {
		return nil
	}
	s := [4]string{getString(o, "suffix_upper"), getString(o, "suffix_lower"), getString(o, "suffix_number"), getString(o, "suffix_other")}
	if s == [4]string{} {
		return job.ParamErr("suffix_use", "KeyRouter requires that at least one suffix_(upper/lower/other/number) value be specified")
	}
	if use == 1 {
		k.suffixes = &s
	}
	return nil
}

// Lookup returns the route of a record; a record without a key is an error.
func (k *KeyRouter) Lookup(r *record.Record) (string, error) {
	key, err := Key(r)
	if err != nil {
		return "", err
	}
	return k.Transform(key), nil
}

// Transform is the route of a key: extraction, suffix, then case.
func (k *KeyRouter) Transform(key string) string {
	return k.caseFn(k.addSuffix(k.extract(key)))
}

// extract is JavaScript's key.slice(0, use), or key.slice(-|use|) from the
// end, on UTF-16 code units.
func (k *KeyRouter) extract(key string) string {
	switch {
	case !k.hasUse:
		return key
	case k.fromEnd:
		return jsstr.Slice16(key, -abs(k.use), math.MaxInt)
	}
	return jsstr.Slice16(key, 0, k.use)
}

// addSuffix appends the suffix of the extracted character's class: an
// ASCII upper-case letter, else a lower-case one, else a digit, else other.
func (k *KeyRouter) addSuffix(s string) string {
	if k.suffixes == nil {
		return s
	}
	for i, class := range []func(byte) bool{isUpper, isLower, isDigit} {
		if containsByte(s, class) {
			return s + k.suffixes[i]
		}
	}
	return s + k.suffixes[3]
}

func caseFunc(c string) func(string) string {
	switch c {
	case "lower":
		return jsstr.ToLower
	case "upper":
		return jsstr.ToUpper
	}
	return func(s string) string { return s }
}

func containsByte(s string, class func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if class(s[i]) {
			return true
		}
	}
	return false
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// truncInt is JavaScript's ToIntegerOrInfinity clamped to the int range.
func truncInt(f float64) int {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt32:
		return math.MaxInt32
	case f <= math.MinInt32:
		return math.MinInt32
	}
	return int(f)
}

func getString(o *record.Object, k string) string {
	v, _ := o.Get(k)
	s, _ := v.(string)
	return s
}
