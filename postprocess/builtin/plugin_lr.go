package builtin

import (
	"github.com/sluice-dev/sluice/internal/vjs"
	"github.com/sluice-dev/sluice/internal/vjs/l10n"
	"github.com/sluice-dev/sluice/postprocess"
)

// validator.js plugin operations latlong … rfc3339.

func pluginSpecsLR() []*postprocess.Spec {
	return specs(
		plug{name: "latlong", replacedBy: "isGeoPoint", summary: `Keep a strict "lat,long" string (optional parentheses; DMS with checkDMS).`, bind: vjs.BindLatLong,
			params:   []param{{Name: "checkDMS", Type: "boolean", Default: "false", Doc: "also accept degrees-minutes-seconds"}},
			examples: []postprocess.Example{ex("", `"(-17.738223,85.605469)"`, `"(-17.738223,85.605469)"`), ex("", `"91,10"`, "removed")}},
		plug{name: "length", replacedBy: "isLength", summary: "Keep a string whose length (in characters, surrogate pairs counted once) lies in [min, max].",
			bind: vjs.BindLength,
			params: []param{{Name: "min", Type: "number", Default: "0"}, {Name: "max", Type: "number", Doc: "no upper bound when unset"},
				{Name: "discreteLengths", Type: "number[]", Doc: "the length must also be one of these"}, valueParam("number", "min, when the options are not used", false)},
			examples: []postprocess.Example{ex(`{"min":2,"max":3}`, `"abc"`, `"abc"`), ex(`{"value":4}`, `"abc"`, "removed")}},
		plug{name: "matches", summary: "Keep a string in which the JavaScript regular expression in value (no flags) finds a match.",
			bind: vjs.BindMatches, probe: true,
			params:   []param{valueParam("string", `pattern source without slashes or flags ("/abc/i" is literal); without value the pattern is "[object Object]"`, false)},
			examples: []postprocess.Example{ex(`{"value":"^ab+c$"}`, `"abbbc"`, `"abbbc"`), ex(`{"value":"abc"}`, `"xabcx"`, `"xabcx"`), ex(`{"value":"/abc/i"}`, `"ABC"`, "removed")}},
		plug{name: "md5", replacedBy: "isHash", summary: "Keep a lower-case 32-digit hex string.", bind: noArg(vjs.IsMD5),
			examples: []postprocess.Example{ex("", `"d94f3f016ae679c3008de268209132f2"`, `"d94f3f016ae679c3008de268209132f2"`), ex("", `"D94F3F016AE679C3008DE268209132F2"`, "removed")}},
		plug{name: "mimetype", replacedBy: "isMIMEType", summary: "Keep a MIME type (type/subtype, with charset or boundary parameters for text and multipart).", bind: noArg(vjs.IsMimeType),
			examples: []postprocess.Example{ex("", `"application/json"`, `"application/json"`), ex("", `"text/html; charset=UTF-8"`, `"text/html; charset=UTF-8"`), ex("", `"json"`, "removed")}},
		plug{name: "numeric", replacedBy: "isNumeric", summary: "Keep a string of digits with an optional sign and decimal part (digits only with no_symbols).",
			bind: l10n.BindNumeric, pre: checkDecimalLocale, optKey: "locale",
			params: []param{{Name: "no_symbols", Type: "boolean", Default: "false", Doc: "digits only"},
				{Name: "locale", Type: "string", Doc: "selects the decimal separator"}},
			examples: []postprocess.Example{ex("", `"-123.45"`, `"-123.45"`), ex(`{"no_symbols":true}`, `"-1"`, "removed")}},
		plug{name: "port", replacedBy: "isPort", summary: "Keep an integer string in 0–65535 without leading zeros.", bind: noArg(vjs.IsPort),
			examples: []postprocess.Example{ex("", `"8080"`, `"8080"`), ex("", `"65536"`, "removed"), ex("", `8080`, "removed")}},
		plug{name: "postalcode", replacedBy: "isPostalCode", summary: "Keep a postal code of the country in value (or any).",
			bind: l10n.BindPostalCode, pre: requireValue("a country code such as US, or any"),
			params:   []param{valueParam("string", "country code (US, GB, DE, …) or any", true)},
			examples: []postprocess.Example{ex(`{"value":"US"}`, `"85249"`, `"85249"`), ex(`{"value":"any"}`, `"SW1A 1AA"`, `"SW1A 1AA"`), ex(`{"value":"US"}`, `"8524"`, "removed")}},
		plug{name: "rfc3339", replacedBy: "isRFC3339", summary: "Keep an RFC 3339 date-time (YYYY-MM-DD[T ]hh:mm:ss[.f](Z|±hh:mm)).", bind: noArg(vjs.IsRFC3339),
			examples: []postprocess.Example{ex("", `"2009-05-19T14:39:22-06:00"`, `"2009-05-19T14:39:22-06:00"`), ex("", `"2009-05-19"`, "removed")}},
	)
}
