package selector

// Character classes of the reference grammar.

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

func isFieldChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '-' || c == '.' || c == '?' || c == '*'
}

func isVarChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// isReservedChar is the set of characters that may follow a backslash in
// unquoted values and regexes (kept verbatim with the backslash). Multi-char
// alternatives of the grammar (AND, OR, NOT) start with field characters and
// are covered by isFieldChar.
func isReservedChar(c byte) bool {
	switch c {
	case '+', '-', '(', ')', '{', '}', '[', ']', '^', '"', '\'', '?', '\\', '&', '|', '/', '~', '*', ' ', '!':
		return true
	}
	return isFieldChar(c)
}

// isCharWithWS: any character except : * ? { } ( ) " / ^ ~ [ ]
func isCharWithWS(c byte) bool {
	switch c {
	case ':', '*', '?', '{', '}', '(', ')', '"', '/', '^', '~', '[', ']':
		return false
	}
	return true
}

// isCharWithoutWS: any character except white space and { } ( ) | / \ ^ ~ [ ] & ! ? = < >
func isCharWithoutWS(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '\f', '{', '}', '(', ')', '|', '/', '\\', '^', '~', '[', ']', '&', '!', '?', '=', '<', '>':
		return false
	}
	return true
}
