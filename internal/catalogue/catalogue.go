package catalogue

import (
	"regexp"
	"sort"
)

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

var codePattern = regexp.MustCompile(`^[A-Z]{2,3}[0-9]{3}$`)

// IsCode reports whether s has the shape of a diagnostic code (RUL011).
func IsCode(s string) bool { return codePattern.MatchString(s) }

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
