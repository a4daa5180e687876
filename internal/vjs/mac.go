package vjs

import "errors"

// MACOptions are validator.isMACAddress's options.
type MACOptions struct {
	NoSeparators bool   // no_colons || no_separators: bare hex only
	EUI          string // "48", "64" or "" (both)
}

// IsMACAddress is validator.isMACAddress. Separated forms use one separator
// consistently (':', '-' or any JS whitespace), or the dotted xxxx.xxxx form.
func IsMACAddress(s string, o MACOptions) bool {
	n48, n64 := o.EUI != "64", o.EUI != "48"
	if o.NoSeparators {
		return n48 && len(s) == 12 && allHex(s) || n64 && len(s) == 16 && allHex(s)
	}
	return n48 && (macSeparated(s, 6) || macDotted(s, 3)) ||
		n64 && (macSeparated(s, 8) || macDotted(s, 4))
}

// macSeparated matches ^(?:hh([-:\s]))(hh\1){groups-2}hh$.
func macSeparated(s string, groups int) bool {
	var sep rune = -1
	for g := 0; g < groups; g++ {
		if len(s) < 2 || !isHexByte(s[0]) || !isHexByte(s[1]) {
			return false
		}
		s = s[2:]
		if g == groups-1 {
			return s == ""
		}
		if s == "" {
			return false
		}
		r, w := decodeRune(s)
		if sep == -1 && (r == '-' || r == ':' || isJSSpace(r)) {
			sep = r
		}
		if r != sep {
			return false
		}
		s = s[w:]
	}
	return false
}

// macDotted matches ^([0-9a-fA-F]{4}\.){groups-1}[0-9a-fA-F]{4}$.
func macDotted(s string, groups int) bool {
	if len(s) != groups*5-1 {
		return false
	}
	for g := 0; g < groups; g++ {
		if !allHex(s[g*5:g*5+4]) || g < groups-1 && s[g*5+4] != '.' {
			return false
		}
	}
	return true
}

// eui is String(options.eui) when truthy, "" otherwise.
func euiFromJS(v any, present bool) string {
	if !truthy(v, present) {
		return ""
	}
	return jsString(v)
}

// errMACDelimiter is the TypeError data-mate's isMACAddress raises when the
// delimiter is not a key of its table (`undefined.test`).
var errMACDelimiter = errors.New("TypeError: Cannot read properties of undefined (reading 'test')")

// DataMateMACDelimiter resolves data-mate's isMACAddress `delimiter` option
// (any, colon, space, dash, dot, none; falsy means any; a one-element array
// acts as its element; anything else throws).
func DataMateMACDelimiter(v any, present bool) (string, error) {
	if !truthy(v, present) {
		return "any", nil
	}
	key := jsString(v)
	switch key {
	case "any", "colon", "space", "dash", "dot", "none":
		return key, nil
	}
	return "", errMACDelimiter
}

// IsDataMateMAC is core-utils isMACAddress(input, delimiter) for a string.
func IsDataMateMAC(s, delimiter string) bool {
	switch delimiter {
	case "colon":
		return macFixed(s, ':')
	case "dash":
		return macFixed(s, '-')
	case "space":
		return macSpace(s)
	case "dot":
		return macDotted(s, 3)
	case "none":
		return len(s) == 12 && allHex(s)
	}
	return macFixed(s, ':') || macSpace(s) || macFixed(s, '-') || macDotted(s, 3) ||
		len(s) == 12 && allHex(s)
}

// macFixed matches ^(hh<sep>){5}hh$.
func macFixed(s string, sep byte) bool {
	if len(s) != 17 {
		return false
	}
	for g := 0; g < 6; g++ {
		if !isHexByte(s[g*3]) || !isHexByte(s[g*3+1]) || g < 5 && s[g*3+2] != sep {
			return false
		}
	}
	return true
}

// macSpace matches ^(hh\s){5}hh$ (each separator any JS whitespace).
func macSpace(s string) bool {
	for g := 0; g < 6; g++ {
		if len(s) < 2 || !isHexByte(s[0]) || !isHexByte(s[1]) {
			return false
		}
		s = s[2:]
		if g == 5 {
			return s == ""
		}
		if s == "" {
			return false
		}
		r, w := decodeRune(s)
		if !isJSSpace(r) {
			return false
		}
		s = s[w:]
	}
	return false
}
