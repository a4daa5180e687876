package datamate

import (
	"errors"

	"github.com/sluice-dev/sluice/internal/vjs"
	"github.com/sluice-dev/sluice/internal/vjs/l10n"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// validator.js-backed string checks (validators.md §3.5).

func stringValidatorSpecs() []*spec {
	return []*spec{
		fv(&spec{Name: "isAlpha", Summary: "Contains only letters of the locale (validator.js isAlpha; default en-US).",
			Params:   []param{{Name: "locale", Type: "string", Default: "en-US", Doc: "a validator.js alpha locale"}},
			Examples: []example{ex(`"ThiSisAsTRing"`, `"ThiSisAsTRing"`), ex(`"1123_not-valid"`, "removed"), exArgs(`{"locale":"pl-PL"}`, `"ThisiZĄĆĘŚŁ"`, `"ThisiZĄĆĘŚŁ"`)}},
			localeChecker(l10n.BindDataMateAlpha)),
		fv(&spec{Name: "isAlphanumeric", Summary: "Contains only letters and digits of the locale (validator.js isAlphanumeric; default en-US).",
			Params:   []param{{Name: "locale", Type: "string", Default: "en-US", Doc: "a validator.js alphanumeric locale"}},
			Examples: []example{ex(`"123validString"`, `"123validString"`), ex(`"-- not valid"`, "removed")}},
			localeChecker(l10n.BindDataMateAlphanumeric)),
		holds(validString(fv(&spec{Name: "isASCII", Summary: "Contains only ASCII characters (the empty string fails).",
			Examples: []example{ex(`"ascii\\s__"`, `"ascii\\s__"`), ex(`"˜∆˙©∂ß"`, "removed")}},
			mapBinder(vjs.BindDataMateASCII)), vjs.IsAscii), postprocess.FactASCII, 0),
		validString(fv(&spec{Name: "isBase64", Summary: "Is canonical, padded, standard-alphabet base64 (it must survive a decode/encode round trip; \"\" passes).",
			Examples: []example{ex(`"aGVsbG8gd29ybGQ="`, `"aGVsbG8gd29ybGQ="`), ex(`"not base 64"`, "removed")}},
			mapBinder(vjs.BindDataMateBase64)), vjs.IsCanonicalBase64),
		fv(&spec{Name: "isEmpty", Summary: "Is empty by core-utils: null, \"\", [], {} and every number and boolean; ignoreWhitespace trims strings first.",
			Params:   []param{{Name: "ignoreWhitespace", Type: "boolean", Default: "false", Doc: "trim strings before testing"}},
			Examples: []example{ex(`""`, `""`), ex(`"   "`, "removed"), exArgs(`{"ignoreWhitespace":true}`, `"   "`, `"   "`)}},
			buildIsEmpty),
		fv(&spec{Name: "isFQDN", Summary: "Is a fully qualified domain name (validator.js isFQDN; a TLD is always required).",
			Params: []param{{Name: "requireTld", Type: "boolean", Default: "true", Doc: "ignored: the reference always requires a TLD"},
				{Name: "allowUnderscores", Type: "boolean", Default: "false"}, {Name: "allowTrailingDot", Type: "boolean", Default: "false"}},
			Examples: []example{ex(`"example.com"`, `"example.com"`), ex(`"localhost"`, "removed"), exArgs(`{"allowTrailingDot":true}`, `"example.com."`, `"example.com."`)}},
			mapBinder(vjs.BindDataMateFQDN)),
		fv(&spec{Name: "isHash", Summary: "Is a hex digest of the algorithm's length, any case (validator.js isHash).",
			Params:   []param{{Name: "algo", Type: "string", Required: true, Doc: "md4, md5, sha1, sha256, sha384, sha512, ripemd128, ripemd160, tiger128, tiger160, tiger192, crc32 or crc32b"}},
			Examples: []example{exArgs(`{"algo":"md5"}`, `"D41D8CD98F00B204E9800998ECF8427E"`, `"D41D8CD98F00B204E9800998ECF8427E"`), exArgs(`{"algo":"sha1"}`, `"d41d8cd98f00b204e9800998ecf8427e"`, "removed")}},
			buildHash),
		fv(&spec{Name: "isCountryCode", Summary: "Is an ISO 3166-1 alpha-2 country code, any case.",
			Examples: []example{ex(`"IS"`, `"IS"`), ex(`"ru"`, `"ru"`), ex(`"USA"`, "removed")}},
			mapBinder(vjs.BindDataMateCountryCode)),
	}
}

func formatValidatorSpecs() []*spec {
	return []*spec{
		fv(&spec{Name: "isISO8601", Summary: "Is an ISO 8601 date (validator.js isISO8601, not strict: 2009-02-29 passes).",
			Examples: []example{ex(`"2020-01-01T12:03:03.494Z"`, `"2020-01-01T12:03:03.494Z"`), ex(`"2020-01-01"`, `"2020-01-01"`), ex(`"01/01/2020"`, "removed")}},
			mapBinder(vjs.BindDataMateISO8601)),
		fv(&spec{Name: "isISSN", Summary: "Is an ISSN with a valid check digit.",
			Params: []param{{Name: "caseSensitive", Type: "boolean", Default: "false", Doc: "require an upper-case X"},
				{Name: "requireHyphen", Type: "boolean", Default: "false"}},
			Examples: []example{ex(`"0378-5955"`, `"0378-5955"`), ex(`"03785955"`, `"03785955"`), exArgs(`{"requireHyphen":true}`, `"03785955"`, "removed")}},
			mapBinder(vjs.BindDataMateISSN)),
		fv(&spec{Name: "isRFC3339", Summary: "Is an RFC 3339 timestamp (T, t or space separator; Z, z or an offset).",
			Examples: []example{ex(`"2020-01-01T12:05:05.001Z"`, `"2020-01-01T12:05:05.001Z"`), ex(`"2020-01-01"`, "removed")}},
			mapBinder(vjs.BindDataMateRFC3339)),
		fv(&spec{Name: "isJSON", Summary: "Is a JSON string of an object or an array (primitives and null fail).",
			Examples: []example{ex(`"{\"bob\":\"gibson\"}"`, `"{\"bob\":\"gibson\"}"`), ex(`"[]"`, `"[]"`), ex(`"5"`, "removed")}},
			mapBinder(vjs.BindDataMateJSON)),
		withImpl(validStringBy(fv(&spec{Name: "isLength", Summary: "Has length size (UTF-16 units), or a length between min and max (validator.js isLength: a surrogate pair counts once).",
			Params: []param{{Name: "size", Type: "number", Doc: "exact length in UTF-16 code units"},
				{Name: "min", Type: "number", Default: "0"}, {Name: "max", Type: "number"}},
			Examples: []example{exArgs(`{"size":7}`, `"astring"`, `"astring"`), exArgs(`{"min":3,"max":5}`, `"astring"`, "removed"), exArgs(`{"size":2}`, `"😀"`, `"😀"`)}},
			buildLength), lengthString), lengthASCII),
		fv(&spec{Name: "isMIMEType", Summary: "Is a MIME type (validator.js isMimeType).",
			Examples: []example{ex(`"application/javascript"`, `"application/javascript"`), ex(`"javascript"`, "removed")}},
			mapBinder(vjs.BindDataMateMIMEType)),
		fv(&spec{Name: "isPostalCode", Summary: "Is a postal code of the locale (validator.js isPostalCode; any tries every country).",
			Params:   []param{{Name: "locale", Type: "string", Required: true, Doc: "a country code such as US, or any"}},
			Examples: []example{exArgs(`{"locale":"any"}`, `"85249"`, `"85249"`), exArgs(`{"locale":"ES"}`, `"85249"`, "removed"), exArgs(`{"locale":"SE"}`, `"885 49"`, `"885 49"`)}},
			localeChecker(l10n.BindDataMatePostalCode)),
	}
}

// mapBinder adapts a vjs data-mate binder, which takes the rule as a map.
func mapBinder(bind func(map[string]any) (vjs.ValueCheck, error)) validatorBuilder {
	return func(a *args) (validatorFn, error) { return bind(a.Map()) }
}

// localeChecker adapts an l10n data-mate binder (string checks) to
// data-mate's nil and array handling; an unknown locale is a ParamError.
func localeChecker(bind func(map[string]any) (l10n.Checker, error)) validatorBuilder {
	return func(a *args) (validatorFn, error) {
		c, err := bind(a.Map())
		if err != nil {
			v, ok := a.Get("locale")
			return nil, paramErr("locale", err.Error()+", got "+got(v, ok))
		}
		elem := func(e any) (bool, error) {
			s, ok := e.(string)
			if !ok {
				return false, nil
			}
			return c(s)
		}
		return func(v any) (bool, error) {
			switch x := v.(type) {
			case nil:
				return false, nil
			case []any:
				return lift(x, elem)
			}
			return elem(v)
		}, nil
	}
}

func buildIsEmpty(a *args) (validatorFn, error) {
	trim := truthyKey(a, "ignoreWhitespace")
	return func(v any) (bool, error) {
		if s, ok := v.(string); ok && trim {
			return record.TrimJS(s) == "", nil
		}
		return record.IsEmpty(v), nil
	}, nil
}

// hashAlgos are validator.js isHash's algorithms; any other name gives a
// pattern no hex string can match.
var hashAlgos = map[string]bool{"md5": true, "md4": true, "sha1": true, "sha256": true, "sha384": true, "sha512": true,
	"ripemd128": true, "ripemd160": true, "tiger128": true, "tiger160": true, "tiger192": true, "crc32": true, "crc32b": true}

func buildHash(a *args) (validatorFn, error) {
	v, ok := a.Get("algo")
	if !ok || v == record.Undefined {
		return nil, paramErr("algo", "is required (a hash algorithm name)")
	}
	if !hashAlgos[record.ToString(v)] {
		return nil, paramErr("algo", "expected md4, md5, sha1, sha256, sha384, sha512, ripemd128, ripemd160, tiger128, tiger160, tiger192, crc32 or crc32b, got "+record.JSON(v))
	}
	return vjs.BindDataMateHash(a.Map())
}

var errLengthArgs = errors.New("needs a truthy size, min or max (without them every value fails)")

func buildLength(a *args) (validatorFn, error) {
	if !truthyKey(a, "size") && !truthyKey(a, "min") && !truthyKey(a, "max") {
		return nil, paramErr("size", errLengthArgs.Error())
	}
	return vjs.BindDataMateLength(a.Map())
}

// lengthString is isLength's answer for strings.
func lengthString(a *args) func(string) bool { return vjs.BindDataMateLengthString(a.Map()) }

// lengthASCII gives isLength its answer for ASCII strings.
func lengthASCII(impl *postprocess.Impl, a *args) {
	impl.ValidASCII = vjs.BindDataMateLengthASCII(a.Map())
}
