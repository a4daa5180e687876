package l10n

import "testing"

// typedCall runs a conformance case through the typed API; ok is false
// when the case's arguments have no typed equivalent.
func typedCall(c confCase, s string) (got, ok bool, err error) {
	a := c.Args
	locale := jsToString(pluginArg(a))
	switch c.Fn {
	case "alpha":
		got, err = IsAlpha(s, locale)
	case "alphanumeric":
		got, err = IsAlphanumeric(s, locale)
	case "postalcode":
		got, err = IsPostalCode(s, locale)
	case "identitycard":
		got, err = IsIdentityCard(s, locale)
	case "decimal":
		got, err = IsDecimal(s, DecimalOptions{ForceDecimal: jsTruthy(a["force_decimal"]),
			DecimalDigits: strOpt(a, "decimal_digits"), Locale: strOpt(a, "locale")})
	case "float":
		got, err = IsFloat(s, FloatOptions{Min: numOpt(a, "min"), Max: numOpt(a, "max"),
			Gt: numOpt(a, "gt"), Lt: numOpt(a, "lt"), Locale: strOpt(a, "locale")})
	case "numeric":
		got, err = IsNumeric(s, NumericOptions{NoSymbols: jsTruthy(a["no_symbols"]), Locale: strOpt(a, "locale")})
	case "currency":
		got, err = IsCurrency(s, currencyOptsOf(a))
	default:
		return false, false, nil
	}
	return got, true, err
}

func strOpt(a map[string]any, k string) string {
	if v, ok := a[k]; ok {
		return jsToString(v)
	}
	return ""
}

func numOpt(a map[string]any, k string) *float64 {
	if v, ok := a[k]; ok && v != nil {
		n := jsToNumber(v)
		return &n
	}
	return nil
}

func currencyOptsOf(a map[string]any) CurrencyOptions {
	o := DefaultCurrencyOptions()
	flag := func(k string, p *bool) {
		if v, ok := a[k]; ok {
			*p = jsTruthy(v)
		}
	}
	flag("require_symbol", &o.RequireSymbol)
	flag("allow_space_after_symbol", &o.AllowSpaceAfterSymbol)
	flag("symbol_after_digits", &o.SymbolAfterDigits)
	flag("allow_negatives", &o.AllowNegatives)
	flag("parens_for_negatives", &o.ParensForNegatives)
	flag("negative_sign_before_digits", &o.NegativeSignBeforeDigits)
	flag("negative_sign_after_digits", &o.NegativeSignAfterDigits)
	flag("allow_negative_sign_placeholder", &o.AllowNegativeSignPlaceholder)
	flag("allow_decimal", &o.AllowDecimal)
	flag("require_decimal", &o.RequireDecimal)
	flag("allow_space_after_digits", &o.AllowSpaceAfterDigits)
	if v, ok := a["symbol"].(string); ok {
		o.Symbol = v
	}
	if v, ok := a["thousands_separator"].(string); ok {
		o.ThousandsSeparator = v
	}
	if v, ok := a["decimal_separator"].(string); ok {
		o.DecimalSeparator = v
	}
	if v, ok := a["digits_after_decimal"].([]any); ok {
		o.DigitsAfterDecimal = nil
		for _, d := range v {
			o.DigitsAfterDecimal = append(o.DigitsAfterDecimal, int(d.(float64)))
		}
	}
	return o
}

// TestTypedConformance runs the plugin conformance cases through the typed
// functions.
func TestTypedConformance(t *testing.T) {
	pass, total := map[string]int{}, map[string]int{}
	for _, c := range loadCases(t) {
		s, isStr := c.Input.(string)
		if !isStr {
			continue
		}
		got, ok, err := typedCall(c, s)
		if !ok {
			continue
		}
		total[c.Fn]++
		if (got && err == nil) == c.Want {
			pass[c.Fn]++
			continue
		}
		t.Errorf("typed case %d %s(%q, %v): got %v (err %v), want %v", c.ID, c.Fn, s, c.Args, got, err, c.Want)
	}
	for k, n := range total {
		t.Logf("typed %s %d/%d", k, pass[k], n)
	}
}
