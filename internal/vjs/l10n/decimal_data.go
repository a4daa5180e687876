package l10n

// decimalSeparators is the `decimal` table of validator.js 13.15.35
// src/lib/alpha.js (MIT licence, Copyright (c) 2018 Chris O'Hara), after its
// alias loops ran: 68 locales.
var decimalSeparators = map[string]string{
	"en-US": ".", "ar": "٫", "en-AU": ".", "en-GB": ".",
	"en-HK": ".", "en-IN": ".", "en-NZ": ".", "en-ZA": ".",
	"en-ZM": ",", "ar-AE": "٫", "ar-BH": "٫", "ar-DZ": "٫",
	"ar-EG": ".", "ar-IQ": "٫", "ar-JO": "٫", "ar-KW": "٫",
	"ar-LB": ".", "ar-LY": ".", "ar-MA": "٫", "ar-QM": "٫",
	"ar-QA": "٫", "ar-SA": "٫", "ar-SD": "٫", "ar-SY": "٫",
	"ar-TN": "٫", "ar-YE": "٫", "fa-IR": "٫", "fa-AF": "٫",
	"bn-BD": ".", "bn-IN": ".", "bg-BG": ",", "cs-CZ": ",",
	"da-DK": ",", "de-DE": ",", "el-GR": ",", "eo": ",",
	"es-ES": ",", "fr-CA": ",", "fr-FR": ",", "gu-IN": ",",
	"hi-IN": ",", "hu-HU": ",", "id-ID": ",", "it-IT": ",",
	"kk-KZ": ",", "kn-IN": ",", "ku-IQ": ",", "ml-IN": ",",
	"nb-NO": ",", "nl-NL": ",", "nn-NO": ",", "or-IN": ",",
	"pa-IN": ",", "pl-PL": ",", "pt-PT": ",", "ru-RU": ",",
	"si-LK": ",", "sl-SI": ",", "sr-RS": ",", "sr-RS@latin": ",",
	"sv-SE": ",", "ta-IN": ",", "te-IN": ",", "tr-TR": ",",
	"uk-UA": ",", "vi-VN": ",", "pt-BR": ",", "pl-Pl": ",",
}

// decimalSep is String(decimal[key]) as JS string concatenation sees it,
// and whether `key in decimal` holds (own key or Object.prototype key).
func decimalSep(key string) (sep string, in bool) {
	if s, ok := decimalSeparators[key]; ok {
		return s, true
	}
	switch {
	case key == "__proto__":
		return "[object Object]", true
	case key == "constructor":
		return "function Object() { [native code] }", true
	case objectProtoKeys[key]:
		return "function " + key + "() { [native code] }", true
	}
	return "undefined", false
}

// isPlainSep reports separators that are literal text in a JS regex after a
// backslash (the table's values and "undefined", whose \u is an identity
// escape).
func isPlainSep(sep string) bool {
	switch sep {
	case ".", ",", "٫", "undefined":
		return true
	}
	return false
}
