package vjs

import "errors"

// ValueCheck is a bound data-mate FieldValidator: the error means the
// data-mate function threw.
type ValueCheck = func(v any) (bool, error)

// lift is data-mate's `_lift`: nils are dropped, an empty result is false,
// otherwise every element must pass (the first error aborts).
func lift(arr []any, f ValueCheck) (bool, error) {
	seen := false
	for _, e := range arr {
		if e == nil {
			continue
		}
		seen = true
		ok, err := f(e)
		if err != nil || !ok {
			return false, err
		}
	}
	return seen, nil
}

// dataMate builds the common data-mate shape: nil => false, arrays go
// through lift(elem), everything else through scalar.
func dataMate(scalar, elem ValueCheck) ValueCheck {
	return func(v any) (bool, error) {
		switch x := v.(type) {
		case nil:
			return false, nil
		case []any:
			return lift(x, elem)
		}
		return scalar(v)
	}
}

// stringOnly lifts a string predicate to `isString(v) && f(v)`.
func stringOnly(f func(string) bool) ValueCheck {
	return func(v any) (bool, error) {
		s, ok := v.(string)
		return ok && f(s), nil
	}
}

func simpleDataMate(f func(string) bool) (ValueCheck, error) {
	c := stringOnly(f)
	return dataMate(c, c), nil
}

// BindDataMateASCII binds data-mate isASCII.
func BindDataMateASCII(map[string]any) (ValueCheck, error) { return simpleDataMate(IsAscii) }

// BindDataMateBase64 binds data-mate isBase64 (canonical padded standard
// base64 only, via its Buffer round trip).
func BindDataMateBase64(map[string]any) (ValueCheck, error) {
	return simpleDataMate(IsCanonicalBase64)
}

// BindDataMateEmail binds data-mate isEmail (core-utils regex).
func BindDataMateEmail(map[string]any) (ValueCheck, error) { return simpleDataMate(IsEmail) }

// BindDataMateCountryCode binds data-mate isCountryCode (isISO31661Alpha2).
func BindDataMateCountryCode(map[string]any) (ValueCheck, error) {
	return simpleDataMate(func(s string) bool { return IsISO31661Alpha2(s, CountryOptions{}) })
}

// BindDataMateISO8601 binds data-mate isISO8601 (no options).
func BindDataMateISO8601(map[string]any) (ValueCheck, error) {
	return simpleDataMate(func(s string) bool { return IsISO8601(s, ISO8601Options{}) })
}

// BindDataMateRFC3339 binds data-mate isRFC3339.
func BindDataMateRFC3339(map[string]any) (ValueCheck, error) { return simpleDataMate(IsRFC3339) }

// BindDataMateJSON binds data-mate isJSON (objects and arrays only).
func BindDataMateJSON(map[string]any) (ValueCheck, error) {
	return simpleDataMate(func(s string) bool { return IsJSON(s, JSONOptions{}) })
}

// BindDataMateMIMEType binds data-mate isMIMEType.
func BindDataMateMIMEType(map[string]any) (ValueCheck, error) { return simpleDataMate(IsMimeType) }

// BindDataMateURL binds data-mate isURL. Its array path tests
// `url.isUri(data) !== null`, which holds for every string element.
func BindDataMateURL(map[string]any) (ValueCheck, error) {
	return dataMate(stringOnly(IsURI), stringOnly(func(string) bool { return true })), nil
}

// BindDataMateFQDN binds data-mate isFQDN: requireTld is ignored (its
// `requireTld || true` is always true); allowUnderscores, allowTrailingDot.
func BindDataMateFQDN(opts map[string]any) (ValueCheck, error) {
	o := DefaultFQDNOptions()
	o.AllowUnderscores = propTruthy(opts, "allowUnderscores")
	o.AllowTrailingDot = propTruthy(opts, "allowTrailingDot")
	return simpleDataMate(func(s string) bool { return IsFQDN(s, o) })
}

// BindDataMateISSN binds data-mate isISSN (caseSensitive, requireHyphen).
func BindDataMateISSN(opts map[string]any) (ValueCheck, error) {
	o := ISSNOptions{CaseSensitive: propTruthy(opts, "caseSensitive"), RequireHyphen: propTruthy(opts, "requireHyphen")}
	return simpleDataMate(func(s string) bool { return IsISSN(s, o) })
}

var errNoAlgo = errors.New("Parameter property algo was not provided")

// BindDataMateHash binds data-mate isHash: `algo` is required (a missing
// one throws for every non-nil input).
func BindDataMateHash(opts map[string]any) (ValueCheck, error) {
	v, ok := prop(opts, "algo")
	if !ok {
		return dataMate(failingValue(errNoAlgo), failingValue(errNoAlgo)), nil
	}
	algo := hashAlgoKey(v, true)
	return simpleDataMate(func(s string) bool { return IsHash(s, algo) })
}

func failingValue(err error) ValueCheck {
	return func(any) (bool, error) { return false, err }
}

// BindDataMateUUID binds data-mate isUUID (`version`, default all). The
// array path ignores version.
func BindDataMateUUID(opts map[string]any) (ValueCheck, error) {
	key := "all"
	if v, ok := prop(opts, "version"); truthy(v, ok) {
		key = jsString(v)
	}
	scalar := func(v any) (bool, error) {
		s, isStr := v.(string)
		if !isStr {
			return false, nil
		}
		return isUUIDKey(s, key)
	}
	return dataMate(scalar, stringOnly(func(s string) bool { return IsUUID(s, "all") })), nil
}

// BindDataMateMACAddress binds data-mate isMACAddress (`delimiter`). A bad
// delimiter throws, but only once the input is a string.
func BindDataMateMACAddress(opts map[string]any) (ValueCheck, error) {
	v, ok := prop(opts, "delimiter")
	delim, err := DataMateMACDelimiter(v, ok)
	c := func(v any) (bool, error) {
		s, isStr := v.(string)
		if !isStr {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		return IsDataMateMAC(s, delim), nil
	}
	return dataMate(c, c), nil
}

// BindDataMateLength binds data-mate isLength: `size` compares the UTF-16
// length (===); otherwise min/max go to validator.isLength; neither => false.
func BindDataMateLength(opts map[string]any) (ValueCheck, error) {
	l := bindLength(opts)
	return dataMate(func(v any) (bool, error) { return l.check(v, false) },
		func(v any) (bool, error) { return l.check(v, true) }), nil
}

// BindDataMateLengthString is BindDataMateLength's answer for a string,
// which is never an error.
func BindDataMateLengthString(opts map[string]any) func(string) bool {
	return bindLength(opts).str
}

// BindDataMateLengthASCII is BindDataMateLengthString for a string known
// to be ASCII, whose lengths (UTF-16 units, characters) are its bytes.
func BindDataMateLengthASCII(opts map[string]any) func(string) bool {
	return bindLength(opts).ascii
}

// dataMateLength is data-mate isLength bound to its options.
type dataMateLength struct {
	useSize, useRange bool
	size              float64 // the size when useSize and sizeIsNum
	sizeIsNum         bool
	// lo and hi are the range's bounds as numbers (ToNumber of the option,
	// which is what LengthRange.contains compares with each time): a
	// length n is in the range when n >= lo and, if hasMax, n <= hi (a NaN
	// bound fails every length, as there).
	lo, hi float64
	hasMax bool
}

func bindLength(opts map[string]any) *dataMateLength {
	size, hasSize := prop(opts, "size")
	minV, minOK := prop(opts, "min")
	maxV, maxOK := prop(opts, "max")
	l := &dataMateLength{useSize: truthy(size, hasSize), useRange: truthy(minV, minOK) || truthy(maxV, maxOK),
		hasMax: maxOK}
	l.size, l.sizeIsNum = numberOf(size)
	if truthy(minV, minOK) {
		l.lo = toNumber(minV)
	}
	if maxOK {
		l.hi = toNumber(maxV)
	}
	return l
}

// check is the answer for any value but nil and arrays; lifted: v is an
// array's element.
func (l *dataMateLength) check(v any, lifted bool) (bool, error) {
	if s, isStr := v.(string); isStr {
		return l.str(s), nil
	}
	if lifted && !l.useSize && l.useRange {
		return false, errNotString
	}
	return false, nil
}

// str is the answer for a string.
func (l *dataMateLength) str(s string) bool {
	switch {
	case l.useSize:
		return l.isSize(utf16Len(s))
	case !l.useRange:
		return false
	}
	return l.inRange(charLength(s))
}

// ascii is str for an ASCII string: one unit and one character a byte.
func (l *dataMateLength) ascii(s string) bool {
	switch {
	case l.useSize:
		return l.isSize(len(s))
	case !l.useRange:
		return false
	}
	return l.inRange(len(s))
}

// isSize reports whether n UTF-16 units are the size.
func (l *dataMateLength) isSize(n int) bool { return l.sizeIsNum && l.size == float64(n) }

// inRange reports whether a length of n characters is in the range.
func (l *dataMateLength) inRange(n int) bool {
	f := float64(n)
	return f >= l.lo && (!l.hasMax || f <= l.hi)
}

var errNotString = errors.New("TypeError: Expected a string")
