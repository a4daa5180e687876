package builtin

import "github.com/sluice-dev/sluice/postprocess"

// The seed's tables name a replacement for each deprecated validator.js
// plugin name, and the reference's deprecation messages point to them, but
// neither ts-transforms nor data-mate registers these 16 names (nor isAfter,
// which the message for `after` points to). sluice registers them as
// additions (docs/compat.md) with exactly the deprecated name's semantics and
// parameters: the same validator.js function, bound from `rule.value ||
// rule`.

// seedNames maps each added name to the deprecated plugin name it mirrors.
var seedNames = [][2]string{
	{"isAfter", "after"}, {"isBefore", "before"}, {"isByteLength", "bytelength"}, {"isCreditCard", "creditcard"},
	{"isCurrency", "currency"}, {"isDecimal", "decimal"}, {"isDivisibleBy", "divisibleby"}, {"isFloat", "float"},
	{"isHexColor", "hexcolor"}, {"isHexadecimal", "hexadecimal"}, {"isIdentityCard", "identitycard"},
	{"isISIN", "isin"}, {"isISO31661Alpha2", "iso31661alpha2"}, {"isISO31661Alpha3", "iso31661alpha3"},
	{"isIn", "in"}, {"isNumeric", "numeric"}, {"isPort", "port"},
}

// SeedSpecs returns the added names, in seedNames order (the deprecated
// names' ReplacedBy points to them).
func SeedSpecs() []*postprocess.Spec {
	byName := map[string]*postprocess.Spec{}
	for _, s := range plugin {
		byName[s.Name] = s
	}
	out := make([]*postprocess.Spec, len(seedNames))
	for i, n := range seedNames {
		old := byName[n[1]]
		s := *old
		s.Name, s.ReplacedBy = n[0], ""
		s.Summary = old.Summary + " Same as `" + old.Name + "` (a sluice addition: the seed's replacement name)."
		out[i] = &s
	}
	return out
}

// SeedNames maps each added name to the deprecated name it mirrors.
func SeedNames() map[string]string {
	out := make(map[string]string, len(seedNames))
	for _, n := range seedNames {
		out[n[0]] = n[1]
	}
	return out
}
