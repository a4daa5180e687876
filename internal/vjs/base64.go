package vjs

// Base64Options are validator.isBase64's options.
type Base64Options struct {
	URLSafe bool // urlSafe: alphabet A-Za-z0-9_- instead of A-Za-z0-9+/
	Padding bool // padding: length%4 == 0 and up to two trailing '='
}

// DefaultBase64Options mirrors validator's defaults: standard alphabet with
// padding (the padding default is !urlSafe).
func DefaultBase64Options(urlSafe bool) Base64Options {
	return Base64Options{URLSafe: urlSafe, Padding: !urlSafe}
}

func isB64Char(c byte, urlSafe bool) bool {
	switch {
	case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		return true
	case urlSafe:
		return c == '-' || c == '_'
	}
	return c == '+' || c == '/'
}

// IsBase64 is validator.isBase64 ("" => true).
func IsBase64(s string, o Base64Options) bool {
	if s == "" {
		return true
	}
	body := s
	if o.Padding {
		if len(s)%4 != 0 {
			return false
		}
		body = trimPad(s, 2)
	}
	for i := 0; i < len(body); i++ {
		if !isB64Char(body[i], o.URLSafe) {
			return false
		}
	}
	return body != ""
}

// trimPad strips up to max trailing '=' characters.
func trimPad(s string, max int) string {
	for i := 0; i < max && s != "" && s[len(s)-1] == '='; i++ {
		s = s[:len(s)-1]
	}
	return s
}

// b64Val returns the 6-bit value of a standard-alphabet base64 character.
func b64Val(c byte) byte {
	switch {
	case c >= 'A' && c <= 'Z':
		return c - 'A'
	case c >= 'a' && c <= 'z':
		return c - 'a' + 26
	case c >= '0' && c <= '9':
		return c - '0' + 52
	case c == '+':
		return 62
	}
	return 63
}

// IsCanonicalBase64 reports whether Buffer.from(s,'base64').toString('base64')
// === s, given s passed one of data-mate's pre-checks: s must be the padded
// standard encoding with zero trailing bits.
func IsCanonicalBase64(s string) bool {
	if s == "" {
		return true
	}
	if len(s)%4 != 0 {
		return false
	}
	body := trimPad(s, 2)
	for i := 0; i < len(body); i++ {
		if !isB64Char(body[i], false) {
			return false
		}
	}
	last := b64Val(body[len(body)-1])
	switch len(s) - len(body) {
	case 1:
		return last&0x3 == 0
	case 2:
		return last&0xf == 0
	}
	return true
}
