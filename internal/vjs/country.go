package vjs

// CountryOptions are isISO31661Alpha2/3's options: userAssignedCodes already
// filtered to valid 2- or 3-letter codes and upper-cased (see
// userCodesFromJS).
type CountryOptions struct {
	UserAssignedCodes []string
}

// IsISO31661Alpha2 is validator.isISO31661Alpha2 (case-insensitive through
// JS toUpperCase, so "ß" reads as "SS").
func IsISO31661Alpha2(s string, o CountryOptions) bool {
	return isCountry(s, 2, iso31661Alpha2, o.UserAssignedCodes)
}

// IsISO31661Alpha3 is validator.isISO31661Alpha3.
func IsISO31661Alpha3(s string, o CountryOptions) bool {
	return isCountry(s, 3, iso31661Alpha3, o.UserAssignedCodes)
}

func isCountry(s string, n int, set map[string]bool, user []string) bool {
	if len(s) > 4*n {
		return false
	}
	var buf [3]byte
	m, ok := upperASCII(s, buf[:n])
	if !ok || m != n {
		return false
	}
	code := buf[:m]
	for _, u := range user {
		if u == string(code) {
			return true
		}
	}
	return set[string(code)]
}

func isLetters(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < n; i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// userCodesFromJS applies the userAssignedCodes reduce: a falsy value means
// none, a non-array throws (`.reduce is not a function`), elements are
// String()-ed for the /^[a-zA-Z]{n}$/ test and only strings can then be
// upper-cased (anything else that passes throws).
func userCodesFromJS(v any, present bool, n int) ([]string, error) {
	if !truthy(v, present) {
		return nil, nil
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, errNotFunction
	}
	var out []string
	for _, e := range arr {
		if !isLetters(jsString(e), n) {
			continue
		}
		str, ok := e.(string)
		if !ok {
			return nil, errNotFunction
		}
		out = append(out, upperASCIIString(str))
	}
	return out, nil
}

func upperASCIIString(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}
