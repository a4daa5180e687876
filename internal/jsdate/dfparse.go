package jsdate

import (
	"errors"
	"sort"
	"strings"
)

// parserInfo is a date-fns Parser's priority, subPriority and
// incompatibleTokens ("*" = any other token).
type parserInfo struct {
	prio, sub    int
	incompatible string
}

var parserTable = map[byte]parserInfo{
	'G': {140, 0, "RutT"},
	'y': {130, 0, "YRuwIiectT"},
	'u': {130, 0, "GyYRwIiectT"},
	'Q': {120, 0, "YRqMLwIdDiectT"},
	'q': {120, 0, "YRQMLwIdDiectT"},
	'M': {110, 0, "YRqQLwIDiectT"},
	'L': {110, 0, "YRqQMwIDiectT"},
	'd': {90, 1, "YRqQwIDiectT"},
	'D': {90, 0, "YRqQMLwIdEiectT"},
	'E': {90, 0, "DiectT"},
	'a': {80, 0, "bBHktT"},
	'b': {80, 0, "aBHktT"},
	'B': {80, 0, "abtT"},
	'h': {70, 0, "HKktT"},
	'H': {70, 0, "abhKktT"},
	'K': {70, 0, "hHktT"},
	'k': {70, 0, "abhHKtT"},
	'm': {60, 0, "tT"},
	's': {50, 0, "tT"},
	'S': {30, 0, "tT"},
	'X': {10, 0, "tTx"},
	'x': {10, 0, "tTX"},
	'Y': {130, 0, "yRuQqMLIdDitT"},
	'R': {130, 0, "GyYuQqMLwdDectT"},
	'w': {100, 0, "yRuqQMLIdDitT"},
	'I': {100, 0, "yYuqQMLwdDectT"},
	'e': {90, 0, "yRuqQMLIdDEictT"},
	'c': {90, 0, "yRuqQMLIdDEietT"},
	'i': {90, 0, "yYuqQMLwdDEectT"},
	't': {40, 0, "*"},
	'T': {20, 0, "*"},
}

type dfSetter struct {
	letter    byte
	prio, sub int
	value     float64
	twoDigit  bool
}

type dfFlags struct {
	era          float64
	hasEra       bool
	timestampSet bool
}

func isParseLetter(c byte) bool {
	_, ok := parserTable[c]
	return ok
}

// ParseFormat is date-fns 4.1.0 parse(s, format, ref) with the en-US
// locale in Local (UTC). It returns NaN (and a nil error) for an Invalid
// Date, and an error where date-fns throws (bad format tokens).
func ParseFormat(s, format string, ref float64) (float64, error) {
	if format == "" {
		if s != "" {
			return nanTime, nil
		}
		return timeClip(ref), nil
	}
	expanded, ok := splitLongFormat(format)
	if !ok {
		return nanTime, errors.New("Cannot read properties of null (reading 'map')")
	}
	setters, rest, err := runTokens(s, format, expanded)
	if err != nil || setters == nil {
		return nanTime, err
	}
	if strings.TrimFunc(rest, isJSSpace) != "" {
		return nanTime, nil
	}
	return applySetters(setters, ref), nil
}

// runTokens parses s token by token; a nil slice means Invalid Date.
func runTokens(s, format, expanded string) ([]dfSetter, string, error) {
	parts := tokenizeFormat(expanded, isParseLetter)
	setters := []dfSetter{{prio: 10, sub: -1}} // DateTimezoneSetter
	used := make([]string, 0, len(parts))
	for _, p := range parts {
		if p.latin {
			return nil, s, errUnescapedLatin(p.value[0])
		}
		if !p.isToken {
			if !strings.HasPrefix(s, p.value) {
				return nil, s, nil
			}
			s = s[len(p.value):]
			continue
		}
		tok := p.value
		rest := s
		if err := protectedTokenError(tok, format, func() string { return rest }); err != nil {
			return nil, s, err
		}
		if err := checkCompatible(tok, used); err != nil {
			return nil, s, err
		}
		used = append(used, tok)
		v, two, rest, ok := runParser(tok, s)
		if !ok {
			return nil, s, nil
		}
		info := parserTable[tok[0]]
		setters = append(setters, dfSetter{tok[0], info.prio, info.sub, v, two})
		s = rest
	}
	return setters, s, nil
}

func checkCompatible(tok string, used []string) error {
	info := parserTable[tok[0]]
	if info.incompatible == "*" {
		if len(used) > 0 {
			return errors.New("The format string mustn't contain `" + tok + "` and any other token at the same time")
		}
		return nil
	}
	for _, u := range used {
		if u[0] == tok[0] || strings.IndexByte(info.incompatible, u[0]) >= 0 {
			return errors.New("The format string mustn't contain `" + u + "` and `" + tok + "` at the same time")
		}
	}
	return nil
}

// applySetters keeps the first setter (highest subPriority) of each
// priority, in descending priority, and applies them to ref.
func applySetters(setters []dfSetter, ref float64) float64 {
	sort.SliceStable(setters, func(i, j int) bool {
		if setters[i].prio != setters[j].prio {
			return setters[i].prio > setters[j].prio
		}
		return setters[i].sub > setters[j].sub
	})
	date := timeClip(ref)
	if !Valid(date) {
		return nanTime
	}
	var flags dfFlags
	for i, st := range setters {
		if i > 0 && st.prio == setters[i-1].prio {
			continue
		}
		if !validateSetter(date, st) {
			return nanTime
		}
		date = applySetter(date, &flags, st)
	}
	return date
}
