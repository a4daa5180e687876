package builtin

// deviation is a case where sluice deliberately differs from the reference
// (docs/compat.md): what sluice gives and why.
type deviation struct {
	sluice string // the field's JSON, "removed", or "param error (key)"
	reason string
}

const (
	noLocale = "without `value` validator.js receives the whole rule object as the locale and throws " +
		"Invalid locale '[object Object]', so the reference removes every value; sluice rejects the rule at build time (decision 3)"
	badDate = "Date.parse of the comparison date is NaN, so isAfter/isBefore is false and the reference removes every value; " +
		"sluice rejects the rule at build time (decision 3)"
)

// deviations maps validators.ndjson case ids to sluice's result.
var deviations = map[int]deviation{
	210:  {"param error (comparisonDate)", badDate},
	348:  {"param error (comparisonDate)", badDate},
	355:  {"param error (value)", badDate},
	215:  {"param error (value)", "alpha: " + noLocale},
	266:  {"param error (value)", "alphanumeric: " + noLocale},
	267:  {"param error (value)", "alphanumeric: " + noLocale},
	268:  {"param error (value)", "alphanumeric: " + noLocale},
	269:  {"param error (value)", "alphanumeric: " + noLocale},
	668:  {"param error (value)", "identitycard: " + noLocale},
	1030: {"param error (value)", "postalcode: " + noLocale},
	787: {"param error (value)", "iprange with value 10: validator's isIP(ip, '10') is false for every address, so the reference " +
		"removes every value; sluice accepts only 4 or 6 and rejects the rule at build time (decision 3)"},
}
