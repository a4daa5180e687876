package builtin

import (
	"github.com/sluice-dev/sluice/internal/vjs"
	"github.com/sluice-dev/sluice/internal/vjs/l10n"
	"github.com/sluice-dev/sluice/postprocess"
)

// validator.js plugin operations fqdn … int.

var userCodes = []param{{Name: "userAssignedCodes", Type: "string[]", Doc: "extra codes to accept"}}

func pluginSpecsHI() []*postprocess.Spec {
	return specs(
		plug{name: "fqdn", replacedBy: "isFQDN", summary: "Keep a fully qualified domain name.", bind: vjs.BindFQDN,
			params: []param{{Name: "require_tld", Type: "boolean", Default: "true"}, {Name: "allow_underscores", Type: "boolean", Default: "false"},
				{Name: "allow_trailing_dot", Type: "boolean", Default: "false"}, {Name: "allow_numeric_tld", Type: "boolean", Default: "false"},
				{Name: "allow_wildcard", Type: "boolean", Default: "false"}, {Name: "ignore_max_length", Type: "boolean", Default: "false"}},
			examples: []postprocess.Example{ex("", `"example.com"`, `"example.com"`), ex(`{"require_tld":false}`, `"localhost"`, `"localhost"`), ex("", `"localhost"`, "removed")}},
		plug{name: "hash", replacedBy: "isHash", summary: "Keep a hex string (any case) of the length of the hash algorithm named in value.",
			bind: vjs.BindHash, pre: checkHash,
			params: []param{valueParam("string", "md4, md5, sha1, sha256, sha384, sha512, ripemd128, ripemd160, tiger128, tiger160, tiger192, crc32 or crc32b", true)},
			examples: []postprocess.Example{ex(`{"value":"md5"}`, `"d41d8cd98f00b204e9800998ecf8427e"`, `"d41d8cd98f00b204e9800998ecf8427e"`),
				ex(`{"value":"crc32"}`, `"D94F3F01"`, `"D94F3F01"`), ex(`{"value":"sha256"}`, `"hello world"`, "removed")}},
		plug{name: "hexcolor", replacedBy: "isHexColor", summary: "Keep a hex colour: optional '#' and 3, 4, 6 or 8 hex digits.", bind: vjs.BindHexColor,
			params:   []param{{Name: "require_hashtag", Type: "boolean", Default: "false"}},
			examples: []postprocess.Example{ex("", `"#ff0034"`, `"#ff0034"`), ex(`{"require_hashtag":true}`, `"fff"`, "removed")}},
		plug{name: "hexadecimal", replacedBy: "isHexadecimal", summary: "Keep a hexadecimal string (optional 0x or 0h prefix).", bind: noArg(vjs.IsHexadecimal),
			examples: []postprocess.Example{ex("", `"0xff0044"`, `"0xff0044"`), ex("", `"abcdefg"`, "removed")}},
		plug{name: "identitycard", replacedBy: "isIdentityCard", summary: "Keep a national identity-card number of the locale in value (or any).",
			bind: l10n.BindIdentityCard, pre: requireValue("a locale such as ES or any"),
			params:   []param{valueParam("string", "PL, ES, FI, IN, IR, IT, NO, TH, LK, he-IL, ar-LY, ar-TN, zh-CN, zh-HK, zh-TW, PK or any", true)},
			examples: []postprocess.Example{ex(`{"value":"ES"}`, `"99999999R"`, `"99999999R"`), ex(`{"value":"ES"}`, `"99999999A"`, "removed")}},
		plug{name: "iprange", replacedBy: "isCIDR", summary: "Keep an address/prefix string (CIDR) of IP version value (4, 6, or either).",
			bind: vjs.BindIPRange, pre: checkIPVersion,
			params:   []param{valueParam("number", "4 or 6; either when unset", false)},
			examples: []postprocess.Example{ex("", `"127.0.0.1/24"`, `"127.0.0.1/24"`), ex(`{"value":6}`, `"::1/128"`, `"::1/128"`), ex("", `"127.0.0.1"`, "removed")}},
		plug{name: "issn", replacedBy: "isISSN", summary: "Keep an ISSN (NNNN-NNNC with a valid check digit).", bind: vjs.BindISSN,
			params: []param{{Name: "case_sensitive", Type: "boolean", Default: "false", Doc: "reject a lower-case x check digit"},
				{Name: "require_hyphen", Type: "boolean", Default: "false"}},
			examples: []postprocess.Example{ex("", `"0378-5955"`, `"0378-5955"`), ex(`{"require_hyphen":true}`, `"03785955"`, "removed")}},
		plug{name: "isin", replacedBy: "isISIN", summary: "Keep an ISIN (12 characters with a valid check digit).", bind: noArg(vjs.IsISIN),
			examples: []postprocess.Example{ex("", `"US0378331005"`, `"US0378331005"`), ex("", `"US0378331004"`, "removed")}},
		plug{name: "iso8601", replacedBy: "isISO8601", summary: "Keep an ISO 8601 date or date-time string (week and ordinal dates too).", bind: vjs.BindISO8601,
			params: []param{{Name: "strict", Type: "boolean", Default: "false", Doc: "reject impossible calendar dates"},
				{Name: "strictSeparator", Type: "boolean", Default: "false", Doc: "only 'T' between date and time"}},
			examples: []postprocess.Example{ex("", `"2009-12-T12:34"`, "removed"), ex("", `"2020-W01"`, `"2020-W01"`), ex(`{"strict":true}`, `"2009-02-29"`, "removed")}},
		plug{name: "iso31661alpha2", replacedBy: "isISO31661Alpha2", summary: "Keep an ISO 3166-1 alpha-2 country code (case-insensitive).",
			bind: vjs.BindISO31661Alpha2, probe: true, optKey: "userAssignedCodes", params: userCodes,
			examples: []postprocess.Example{ex("", `"FR"`, `"FR"`), ex("", `"fr"`, `"fr"`), ex("", `"FRA"`, "removed")}},
		plug{name: "iso31661alpha3", replacedBy: "isISO31661Alpha3", summary: "Keep an ISO 3166-1 alpha-3 country code (case-insensitive).",
			bind: vjs.BindISO31661Alpha3, probe: true, optKey: "userAssignedCodes", params: userCodes,
			examples: []postprocess.Example{ex("", `"FRA"`, `"FRA"`), ex("", `"FR"`, "removed")}},
		plug{name: "in", replacedBy: "isIn", summary: "Keep a string found in value: an element of an array, a key of an object, or a substring of a string; without value, a key of the rule itself.",
			bind:     vjs.BindIn,
			params:   []param{valueParam("string[]|object|string", "the allowed values", false)},
			examples: []postprocess.Example{ex(`{"value":["a","b"]}`, `"a"`, `"a"`), ex(`{"value":"abcdef"}`, `"bcd"`, `"bcd"`), ex(`{"value":["a","b"]}`, `"c"`, "removed")}},
		plug{name: "int", summary: "Keep an integer string within the optional bounds.", bind: vjs.BindInt,
			params: []param{{Name: "allow_leading_zeroes", Type: "boolean", Default: "true"}, {Name: "min", Type: "number"}, {Name: "max", Type: "number"},
				{Name: "gt", Type: "number"}, {Name: "lt", Type: "number"}},
			examples: []postprocess.Example{ex("", `"-12"`, `"-12"`), ex("", `["12","a","7"]`, `["12","7"]`), ex(`{"min":0,"max":10}`, `"11"`, "removed")}},
	)
}
