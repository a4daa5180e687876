package catalogue

import "sort"

// Entry documents one diagnostic code.
type Entry struct {
	Code     string
	Severity string // error, warning or info
	Title    string // one line, as in the compiler's code table
	Meaning  string
	Example  string // a rule file (a job file for JOB codes) that produces the code; "" when none can
	Data     string // for run-time codes: NDJSON records the example rules fail on
	Fix      string
}

// IsCode reports whether s has the shape of a diagnostic code (RUL011):
// two or three letters A-Z, then three digits (checked by hand, not with a
// regular expression compiled at every start).
func IsCode(s string) bool {
	if len(s) != 5 && len(s) != 6 {
		return false
	}
	letters := len(s) - 3
	for i := 0; i < len(s); i++ {
		lo, hi := byte('0'), byte('9')
		if i < letters {
			lo, hi = 'A', 'Z'
		}
		if s[i] < lo || s[i] > hi {
			return false
		}
	}
	return true
}

// Lookup returns the entry for code.
func Lookup(code string) (Entry, bool) {
	for _, e := range entries {
		if e.Code == code {
			return e, true
		}
	}
	return Entry{}, false
}

// All returns every entry, sorted by code.
func All() []Entry {
	out := append([]Entry(nil), entries...)
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}
