package vjs

// StringCheck is a bound validator: the error means validator.js threw.
type StringCheck = func(s string) (bool, error)

// Binders for the deprecated ts-transforms validator.js plugin names. arg is
// `rule.value || rule` (see the package doc). Where validator.js would throw
// on every call (unknown credit-card provider, invalid regex, ...) the binder
// succeeds and the returned func reports that error for each input, which is
// what JS does; the bind error is reserved for conditions Go cannot model.

func plain(f func(string) bool) StringCheck {
	return func(s string) (bool, error) { return f(s), nil }
}

func failing(err error) StringCheck {
	return func(string) (bool, error) { return false, err }
}

// BindAscii binds `ascii` (isAscii).
func BindAscii(any) (StringCheck, error) { return plain(IsAscii), nil }

// BindHexadecimal binds `hexadecimal`.
func BindHexadecimal(any) (StringCheck, error) { return plain(IsHexadecimal), nil }

// BindMD5 binds `md5`.
func BindMD5(any) (StringCheck, error) { return plain(IsMD5), nil }

// BindMimeType binds `mimetype`.
func BindMimeType(any) (StringCheck, error) { return plain(IsMimeType), nil }

// BindPort binds `port`.
func BindPort(any) (StringCheck, error) { return plain(IsPort), nil }

// BindRFC3339 binds `rfc3339`.
func BindRFC3339(any) (StringCheck, error) { return plain(IsRFC3339), nil }

// BindISIN binds `isin`.
func BindISIN(any) (StringCheck, error) { return plain(IsISIN), nil }

// mergedBool reads a boolean option the way validator's merge() does: only
// objects carry options; a present key (even null) wins over the default.
func mergedBool(arg any, key string, def bool) bool {
	if !isObject(arg) {
		return def
	}
	v, ok := prop(arg, key)
	if !ok {
		return def
	}
	return truthy(v, true)
}

// BindBase64 binds `base64` (keys urlSafe, padding).
func BindBase64(arg any) (StringCheck, error) {
	urlSafe := mergedBool(arg, "urlSafe", false)
	o := Base64Options{URLSafe: urlSafe, Padding: mergedBool(arg, "padding", !propTruthy(arg, "urlSafe"))}
	return func(s string) (bool, error) { return IsBase64(s, o), nil }, nil
}

// BindEmpty binds `empty` (key ignore_whitespace).
func BindEmpty(arg any) (StringCheck, error) {
	if mergedBool(arg, "ignore_whitespace", false) {
		return plain(func(s string) bool { return jsTrim(s) == "" }), nil
	}
	return plain(func(s string) bool { return s == "" }), nil
}

// BindHexColor binds `hexcolor` (key require_hashtag).
func BindHexColor(arg any) (StringCheck, error) {
	req := mergedBool(arg, "require_hashtag", false)
	return plain(func(s string) bool { return IsHexColor(s, req) }), nil
}

// BindLatLong binds `latlong` (key checkDMS).
func BindLatLong(arg any) (StringCheck, error) {
	dms := mergedBool(arg, "checkDMS", false)
	return plain(func(s string) bool { return IsLatLong(s, dms) }), nil
}

// BindFQDN binds `fqdn` (snake_case keys of default_fqdn_options).
func BindFQDN(arg any) (StringCheck, error) {
	o := FQDNOptions{
		RequireTLD:       mergedBool(arg, "require_tld", true),
		AllowUnderscores: mergedBool(arg, "allow_underscores", false),
		AllowTrailingDot: mergedBool(arg, "allow_trailing_dot", false),
		AllowNumericTLD:  mergedBool(arg, "allow_numeric_tld", false),
		IgnoreMaxLength:  mergedBool(arg, "ignore_max_length", false),
	}
	if v, ok := prop(arg, "allow_wildcard"); ok {
		o.AllowWildcard = v == true
	}
	return plain(func(s string) bool { return IsFQDN(s, o) }), nil
}

// BindHash binds `hash`: arg is the algorithm (property key of lengths).
func BindHash(arg any) (StringCheck, error) {
	algo := hashAlgoKey(arg, true)
	return plain(func(s string) bool { return IsHash(s, algo) }), nil
}

// BindIn binds `in` (array, object keys or substring).
func BindIn(arg any) (StringCheck, error) {
	set := NewInSet(arg)
	return plain(func(s string) bool { return IsIn(s, set) }), nil
}

// BindDivisibleBy binds `divisibleby`: parseInt(arg, 10).
func BindDivisibleBy(arg any) (StringCheck, error) {
	d := DivisorOf(arg)
	return plain(func(s string) bool { return IsDivisibleBy(s, d) }), nil
}

// BindISSN binds `issn` (keys case_sensitive, require_hyphen).
func BindISSN(arg any) (StringCheck, error) {
	o := ISSNOptions{CaseSensitive: propTruthy(arg, "case_sensitive"), RequireHyphen: propTruthy(arg, "require_hyphen")}
	return plain(func(s string) bool { return IsISSN(s, o) }), nil
}

// BindISO8601 binds `iso8601` (keys strict, strictSeparator).
func BindISO8601(arg any) (StringCheck, error) {
	o := ISO8601Options{Strict: propTruthy(arg, "strict"), StrictSeparator: propTruthy(arg, "strictSeparator")}
	return plain(func(s string) bool { return IsISO8601(s, o) }), nil
}

// BindISO31661Alpha2 binds `iso31661alpha2` (key userAssignedCodes).
func BindISO31661Alpha2(arg any) (StringCheck, error) {
	return bindCountry(arg, 2, IsISO31661Alpha2)
}

// BindISO31661Alpha3 binds `iso31661alpha3` (key userAssignedCodes).
func BindISO31661Alpha3(arg any) (StringCheck, error) {
	return bindCountry(arg, 3, IsISO31661Alpha3)
}

func bindCountry(arg any, n int, f func(string, CountryOptions) bool) (StringCheck, error) {
	v, ok := prop(arg, "userAssignedCodes")
	codes, err := userCodesFromJS(v, ok, n)
	if err != nil {
		return failing(err), nil
	}
	o := CountryOptions{UserAssignedCodes: codes}
	return plain(func(s string) bool { return f(s, o) }), nil
}

// BindCreditCard binds `creditcard` (key provider).
func BindCreditCard(arg any) (StringCheck, error) {
	v, ok := prop(arg, "provider")
	name := ""
	if truthy(v, ok) {
		str, isStr := v.(string)
		if !isStr {
			return failing(errNotFunction), nil
		}
		name = str
	}
	p, err := CardProvider(name)
	if err != nil {
		return failing(err), nil
	}
	return plain(func(s string) bool { return IsCreditCard(s, p) }), nil
}

// BindMatches binds `matches`: new RegExp(String(arg)) without flags.
func BindMatches(arg any) (StringCheck, error) {
	m, err := CompileMatcher(jsString(arg))
	if err != nil {
		return failing(err), nil
	}
	return m.Match, nil
}
