package l10n

import "github.com/sluice-dev/sluice/internal/lazyre"

// Postal-code patterns of validator.js 13.15.35 src/lib/isPostalCode.js
// (MIT licence, Copyright (c) 2018 Chris O'Hara), transcribed to RE2:
// JS \s becomes the explicit JS whitespace class, the i flag becomes explicit
// ASCII case pairs (RE2's (?i) would also fold K/ſ, JS's does not), and the
// look-arounds / back-reference of IE, IN, IR and NL are explicit checks
// (postal.go). The original JS source is kept in each comment.

const sp = `[` + jsSpaceClass + `]`

// postalLocales lists the locales in validator.js's key order ("any" tries
// them in this order).
var postalLocales = []string{
	"AD", "AT", "AU", "AZ", "BA", "BD", "BE", "BG", "BR", "BY", "CA", "CH",
	"CN", "CO", "CZ", "DE", "DK", "DO", "DZ", "EE", "ES", "FI", "FR", "GB",
	"GR", "HR", "HT", "HU", "ID", "IE", "IL", "IN", "IR", "IS", "IT", "JP",
	"KE", "KR", "LI", "LT", "LU", "LV", "LK", "MC", "MG", "MX", "MT", "MY",
	"NL", "NO", "NP", "NZ", "PK", "PL", "PR", "PT", "RO", "RU", "SA", "SE",
	"SG", "SI", "SK", "TH", "TN", "TW", "UA", "US", "ZA", "ZM",
}

// postalDigits maps the locales whose pattern is a fixed number of digits
// (threeDigit, fourDigit, fiveDigit, sixDigit).
var postalDigits = map[string]int{
	"IS": 3, "MG": 3,
	"AT": 4, "AU": 4, "BE": 4, "BG": 4, "CH": 4, "DK": 4, "HU": 4, "LU": 4,
	"NO": 4, "NZ": 4, "SI": 4, "TN": 4, "ZA": 4,
	"DE": 5, "DO": 5, "DZ": 5, "EE": 5, "FI": 5, "ID": 5, "IT": 5, "KE": 5,
	"LK": 5, "MX": 5, "MY": 5, "PK": 5, "SA": 5, "TH": 5, "UA": 5, "ZM": 5,
	"RO": 6, "RU": 6, "SG": 6,
}

// postalRE holds the other locales' patterns.
var postalRE = map[string]lazyre.Regexp{
	"AD": lazyre.New(`^AD\d{3}$`),
	"AZ": lazyre.New(`^AZ\d{4}$`),
	"BA": lazyre.New(`^([7-8]\d{4}$)`),
	"BD": lazyre.New(`^([1-8][0-9]{3}|9[0-4][0-9]{2})$`),
	"BR": lazyre.New(`^\d{5}-?\d{3}$`),
	"BY": lazyre.New(`^2[1-4]\d{4}$`),
	// /^[ABCEGHJKLMNPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][\s\-]?\d[ABCEGHJ-NPRSTV-Z]\d$/i
	"CA": lazyre.New(`^[ABCEGHJKLMNPRSTVXYabceghjklmnprstvxy]\d[ABCEGHJ-NPRSTV-Zabceghj-nprstv-z][` +
		jsSpaceClass + `\-]?\d[ABCEGHJ-NPRSTV-Zabceghj-nprstv-z]\d$`),
	"CN": lazyre.New(`^(0[1-7]|1[012356]|2[0-7]|3[0-6]|4[0-7]|5[1-7]|6[1-7]|7[1-5]|8[1345]|9[09])\d{4}$`),
	"CO": lazyre.New(`^(05|08|11|13|15|17|18|19|20|23|25|27|41|44|47|50|52|54|63|66|68|70|73|76|81|85|86|88|91|94|95|97|99)(\d{4})$`),
	"CZ": lazyre.New(`^\d{3}` + sp + `?\d{2}$`),
	"ES": lazyre.New(`^(5[0-2]{1}|[0-4]{1}\d{1})\d{3}$`),
	"FR": lazyre.New(`^(?:(?:0[1-9]|[1-8]\d|9[0-5])\d{3}|97[1-46]\d{2})$`),
	// /^(gir\s?0aa|[a-z]{1,2}\d[\da-z]?\s?(\d[a-z]{2})?)$/i
	"GB": lazyre.New(`^([gG][iI][rR]` + sp + `?0[aA][aA]|[a-zA-Z]{1,2}\d[\da-zA-Z]?` + sp +
		`?(\d[a-zA-Z]{2})?)$`),
	"GR": lazyre.New(`^\d{3}` + sp + `?\d{2}$`),
	"HR": lazyre.New(`^([1-5]\d{4}$)`),
	"HT": lazyre.New(`^HT\d{4}$`),
	// /^(?!.*(?:o))[A-Za-z]\d[\dw]\s\w{4}$/i: the look-ahead is in postal.go.
	"IE": lazyre.New(`^[A-Za-z]\d[\dwW]` + sp + `\w{4}$`),
	"IL": lazyre.New(`^(\d{5}|\d{7})$`),
	// /^((?!10|29|35|54|55|65|66|86|87|88|89)[1-9][0-9]{5})$/: the
	// look-ahead is in postal.go.
	"IN": lazyre.New(`^[1-9][0-9]{5}$`),
	// /^(?!(\d)\1{3})[13-9]{4}[1346-9][013-9]{5}$/: the look-ahead is in
	// postal.go.
	"IR": lazyre.New(`^[13-9]{4}[1346-9][013-9]{5}$`),
	"JP": lazyre.New(`^\d{3}\-\d{4}$`),
	"KR": lazyre.New(`^(\d{5}|\d{6})$`),
	"LI": lazyre.New(`^(948[5-9]|949[0-7])$`),
	"LT": lazyre.New(`^LT\-\d{5}$`),
	"LV": lazyre.New(`^LV\-\d{4}$`),
	"MC": lazyre.New(`^980\d{2}$`),
	"MT": lazyre.New(`^[A-Za-z]{3}` + sp + `{0,1}\d{4}$`),
	// /^[1-9]\d{3}\s?(?!sa|sd|ss)[a-z]{2}$/i: the look-ahead is in
	// postal.go.
	"NL": lazyre.New(`^[1-9]\d{3}` + sp + `?[a-zA-Z]{2}$`),
	"NP": lazyre.New(`^(10|21|22|32|33|34|44|45|56|57)\d{3}$|^(977)$`),
	"PL": lazyre.New(`^\d{2}\-\d{3}$`),
	"PR": lazyre.New(`^00[679]\d{2}([ -]\d{4})?$`),
	"PT": lazyre.New(`^\d{4}\-\d{3}?$`),
	"SE": lazyre.New(`^[1-9]\d{2}` + sp + `?\d{2}$`),
	"SK": lazyre.New(`^\d{3}` + sp + `?\d{2}$`),
	"TW": lazyre.New(`^\d{3}(\d{2,3})?$`),
	"US": lazyre.New(`^\d{5}(-\d{4})?$`),
}
