package builtin

import (
	"github.com/sluice-dev/sluice/internal/jsdate"
	"github.com/sluice-dev/sluice/internal/vjs"
	"github.com/sluice-dev/sluice/internal/vjs/l10n"
	"github.com/sluice-dev/sluice/postprocess"
)

// validator.js plugin operations after … float (validator 13.15.35).

type param = postprocess.Param

var (
	dateParams = []param{valueParam("string", "comparison date (JavaScript Date.parse); default: now", false),
		{Name: "comparisonDate", Type: "string", Doc: "comparison date, read when value is not set"}}
	localeValue = valueParam("string", "locale, e.g. en-US, de-DE, ar (required; an unknown one is an error)", true)
)

func pluginSpecsAF() []*postprocess.Spec {
	return specs(
		plug{name: "after", replacedBy: "isAfter", summary: "Keep a date string later than the comparison date (value, else comparisonDate, else now).",
			bind: boolBinder(jsdate.BindAfter), pre: checkComparisonDate, params: dateParams,
			examples: []postprocess.Example{ex(`{"value":"2011-08-03"}`, `"2011-08-04"`, `"2011-08-04"`), ex(`{"value":"2011-08-03"}`, `"2010-07-02"`, "removed")}},
		plug{name: "alpha", replacedBy: "isAlpha", summary: "Keep a non-empty string of letters of the locale given in value.",
			bind: l10n.BindAlpha, pre: requireValue("a locale such as en-US"), params: []param{localeValue},
			examples: []postprocess.Example{ex(`{"value":"en-US"}`, `"abc"`, `"abc"`), ex(`{"value":"de-DE"}`, `"äöü"`, `"äöü"`), ex(`{"value":"en-US"}`, `"abc1"`, "removed")}},
		plug{name: "alphanumeric", replacedBy: "isAlphanumeric", summary: "Keep a non-empty string of letters (of the locale given in value) and digits.",
			bind: l10n.BindAlphanumeric, pre: requireValue("a locale such as en-US"), params: []param{localeValue},
			examples: []postprocess.Example{ex(`{"value":"en-US"}`, `"abc123"`, `"abc123"`), ex(`{"value":"en-US"}`, `"abc 123"`, "removed")}},
		plug{name: "ascii", replacedBy: "isASCII", summary: "Keep a non-empty string of ASCII characters.", bind: noArg(vjs.IsAscii),
			examples: []postprocess.Example{ex("", `"foobar"`, `"foobar"`), ex("", `"ｆｏｏ"`, "removed")}},
		plug{name: "base64", replacedBy: "isBase64", summary: "Keep a base64 string (standard alphabet with padding, or URL-safe); the empty string passes.",
			bind: vjs.BindBase64, params: []param{{Name: "urlSafe", Type: "boolean", Default: "false", Doc: "use the A-Z a-z 0-9 - _ alphabet"},
				{Name: "padding", Type: "boolean", Default: "!urlSafe", Doc: "require '=' padding to a multiple of 4"}},
			examples: []postprocess.Example{ex("", `"Zm9vYmFy"`, `"Zm9vYmFy"`), ex(`{"urlSafe":true}`, `"_-_-"`, `"_-_-"`), ex("", `"Zm9vYmF"`, "removed")}},
		plug{name: "before", replacedBy: "isBefore", summary: "Keep a date string earlier than the comparison date (value, else comparisonDate, else now).",
			bind: boolBinder(jsdate.BindBefore), pre: checkComparisonDate, params: dateParams,
			examples: []postprocess.Example{ex(`{"value":"2011-08-03"}`, `"1999-12-31"`, `"1999-12-31"`), ex(`{"comparisonDate":"2011-08-03"}`, `"2015-01-01"`, "removed")}},
		plug{name: "bytelength", replacedBy: "isByteLength", summary: "Keep a string whose UTF-8 length lies in [min, max].", bind: vjs.BindByteLength,
			params: []param{{Name: "min", Type: "number", Default: "0"}, {Name: "max", Type: "number", Doc: "no upper bound when unset"},
				valueParam("number", "min, when the options are not used", false)},
			examples: []postprocess.Example{ex(`{"min":2,"max":3}`, `"abc"`, `"abc"`), ex(`{"max":3}`, `"Ω"`, `"Ω"`), ex(`{"min":2,"max":3}`, `"abcd"`, "removed")}},
		plug{name: "creditcard", replacedBy: "isCreditCard", summary: "Keep a credit-card number (spaces and dashes allowed) with a valid Luhn checksum, optionally of one provider.",
			bind: vjs.BindCreditCard, probe: true, optKey: "provider",
			params:   []param{{Name: "provider", Type: "string", Doc: "amex, dinersclub, discover, jcb, mastercard, unionpay or visa"}},
			examples: []postprocess.Example{ex("", `"4716-2210-5188-5662"`, `"4716-2210-5188-5662"`), ex(`{"provider":"amex"}`, `"4716-2210-5188-5662"`, "removed")}},
		plug{name: "currency", replacedBy: "isCurrency", summary: "Keep a currency amount, by default like $1,000.00 (symbol optional, negatives allowed, 2 decimals).",
			bind: l10n.BindCurrency, params: currencyParams,
			examples: []postprocess.Example{ex("", `"$10,123.45"`, `"$10,123.45"`), ex(`{"require_symbol":true}`, `"10.00"`, "removed")}},
		plug{name: "decimal", replacedBy: "isDecimal", summary: "Keep a decimal number string (optional sign, locale decimal separator).",
			bind: l10n.BindDecimal, pre: checkDecimalLocale, optKey: "decimal_digits",
			params: []param{{Name: "force_decimal", Type: "boolean", Default: "false", Doc: "require a decimal part"},
				{Name: "decimal_digits", Type: "string", Default: "1,", Doc: "regex quantifier body for the decimal digits, e.g. 2 or 1,3"},
				{Name: "locale", Type: "string", Default: "en-US", Doc: "selects the decimal separator"}},
			examples: []postprocess.Example{ex("", `"-0.5"`, `"-0.5"`), ex(`{"force_decimal":true}`, `"12"`, "removed")}},
		plug{name: "divisibleby", replacedBy: "isDivisibleBy", summary: "Keep a number string divisible by the integer in value (parseFloat(s) % parseInt(value)).",
			bind: vjs.BindDivisibleBy, pre: checkDivisor, params: []param{valueParam("number", "the divisor (parsed with parseInt)", true)},
			examples: []postprocess.Example{ex(`{"value":2}`, `"4"`, `"4"`), ex(`{"value":2}`, `"2.5"`, "removed")}},
		plug{name: "empty", replacedBy: "isEmpty", summary: "Keep an empty string (after trimming when ignore_whitespace).", bind: vjs.BindEmpty,
			params:   []param{{Name: "ignore_whitespace", Type: "boolean", Default: "false"}},
			examples: []postprocess.Example{ex("", `""`, `""`), ex(`{"ignore_whitespace":true}`, `"  "`, `"  "`), ex("", `" "`, "removed")}},
		plug{name: "float", replacedBy: "isFloat", summary: "Keep a floating-point number string within the optional bounds.",
			bind: l10n.BindFloat, pre: checkDecimalLocale, optKey: "locale",
			params: []param{{Name: "min", Type: "number"}, {Name: "max", Type: "number"}, {Name: "gt", Type: "number"}, {Name: "lt", Type: "number"},
				{Name: "locale", Type: "string", Doc: "selects the decimal separator"}},
			examples: []postprocess.Example{ex("", `"123.123"`, `"123.123"`), ex(`{"min":0,"max":1}`, `"1.5"`, "removed")}},
	)
}

var currencyParams = []param{
	{Name: "symbol", Type: "string", Default: "$"}, {Name: "require_symbol", Type: "boolean", Default: "false"},
	{Name: "allow_space_after_symbol", Type: "boolean", Default: "false"}, {Name: "symbol_after_digits", Type: "boolean", Default: "false"},
	{Name: "allow_negatives", Type: "boolean", Default: "true"}, {Name: "parens_for_negatives", Type: "boolean", Default: "false"},
	{Name: "negative_sign_before_digits", Type: "boolean", Default: "false"}, {Name: "negative_sign_after_digits", Type: "boolean", Default: "false"},
	{Name: "allow_negative_sign_placeholder", Type: "boolean", Default: "false"}, {Name: "thousands_separator", Type: "string", Default: ","},
	{Name: "decimal_separator", Type: "string", Default: "."}, {Name: "allow_decimal", Type: "boolean", Default: "true"},
	{Name: "require_decimal", Type: "boolean", Default: "false"}, {Name: "digits_after_decimal", Type: "number[]", Default: "[2]", Doc: "allowed exact counts of decimal digits"},
	{Name: "allow_space_after_digits", Type: "boolean", Default: "false"},
}

func specs(ps ...plug) []*postprocess.Spec {
	out := make([]*postprocess.Spec, len(ps))
	for i, p := range ps {
		out[i] = p.spec()
	}
	return out
}
