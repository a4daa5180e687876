package jsdate

// ToISOString is Date.prototype.toISOString: YYYY-MM-DDTHH:mm:ss.sssZ, with
// a signed six-digit year outside 0..9999. It reports false where JS throws
// a RangeError (Invalid Date).
func ToISOString(ms float64) (string, bool) {
	if !Valid(ms) {
		return "", false
	}
	var buf [32]byte
	return string(appendISO(buf[:0], split(timeClip(ms)))), true
}

func appendISO(b []byte, f fields) []byte {
	switch {
	case f.year < 0:
		b = append(b, '-')
		b = appendPad(b, -f.year, 6)
	case f.year > 9999:
		b = append(b, '+')
		b = appendPad(b, f.year, 6)
	default:
		b = appendPad(b, f.year, 4)
	}
	b = append(b, '-')
	b = appendPad(b, f.month+1, 2)
	b = append(b, '-')
	b = appendPad(b, f.day, 2)
	b = append(b, 'T')
	b = appendPad(b, f.hour, 2)
	b = append(b, ':')
	b = appendPad(b, f.min, 2)
	b = append(b, ':')
	b = appendPad(b, f.sec, 2)
	b = append(b, '.')
	b = appendPad(b, f.ms, 3)
	return append(b, 'Z')
}

// appendPad appends the non-negative n zero-padded to width digits.
func appendPad(b []byte, n, width int) []byte {
	var tmp [20]byte
	i := len(tmp)
	for n >= 10 {
		i--
		tmp[i] = byte('0' + n%10)
		n /= 10
	}
	i--
	tmp[i] = byte('0' + n)
	for pad := width - (len(tmp) - i); pad > 0; pad-- {
		b = append(b, '0')
	}
	return append(b, tmp[i:]...)
}
