package l10n

import (
	"strconv"
)

// isCurrency of validator.js 13.15.35 (src/lib/isCurrency.js, MIT licence,
// Copyright (c) 2018 Chris O'Hara): the regex source is built exactly as
// validator.js builds it (the option strings are spliced into it as regex
// syntax); currency_engine.go decides how it runs.

// CurrencyOptions are isCurrency's options; DefaultCurrencyOptions returns
// validator.js's defaults. Every field is used as given.
type CurrencyOptions struct {
	Symbol                       string
	RequireSymbol                bool
	AllowSpaceAfterSymbol        bool
	SymbolAfterDigits            bool
	AllowNegatives               bool
	ParensForNegatives           bool
	NegativeSignBeforeDigits     bool
	NegativeSignAfterDigits      bool
	AllowNegativeSignPlaceholder bool
	ThousandsSeparator           string
	DecimalSeparator             string
	AllowDecimal                 bool
	RequireDecimal               bool
	DigitsAfterDecimal           []int
	AllowSpaceAfterDigits        bool
}

// DefaultCurrencyOptions returns validator.js's default_currency_options.
func DefaultCurrencyOptions() CurrencyOptions {
	return CurrencyOptions{Symbol: "$", AllowNegatives: true, ThousandsSeparator: ",",
		DecimalSeparator: ".", AllowDecimal: true, DigitsAfterDecimal: []int{2}}
}

// currencySpec is the option set after merge(): the booleans and strings of
// o, and digits_after_decimal already converted by String().
type currencySpec struct {
	o      CurrencyOptions
	digits []string
}

// currencyFlags maps the boolean option keys to their fields.
var currencyFlags = map[string]func(*CurrencyOptions) *bool{
	"require_symbol":                  func(o *CurrencyOptions) *bool { return &o.RequireSymbol },
	"allow_space_after_symbol":        func(o *CurrencyOptions) *bool { return &o.AllowSpaceAfterSymbol },
	"symbol_after_digits":             func(o *CurrencyOptions) *bool { return &o.SymbolAfterDigits },
	"allow_negatives":                 func(o *CurrencyOptions) *bool { return &o.AllowNegatives },
	"parens_for_negatives":            func(o *CurrencyOptions) *bool { return &o.ParensForNegatives },
	"negative_sign_before_digits":     func(o *CurrencyOptions) *bool { return &o.NegativeSignBeforeDigits },
	"negative_sign_after_digits":      func(o *CurrencyOptions) *bool { return &o.NegativeSignAfterDigits },
	"allow_negative_sign_placeholder": func(o *CurrencyOptions) *bool { return &o.AllowNegativeSignPlaceholder },
	"allow_decimal":                   func(o *CurrencyOptions) *bool { return &o.AllowDecimal },
	"require_decimal":                 func(o *CurrencyOptions) *bool { return &o.RequireDecimal },
	"allow_space_after_digits":        func(o *CurrencyOptions) *bool { return &o.AllowSpaceAfterDigits },
}

// IsCurrency is validator.js isCurrency(s, options).
func IsCurrency(s string, o CurrencyOptions) (bool, error) {
	sp := &currencySpec{o: o, digits: []string{"undefined"}} // [][0] is undefined
	if len(o.DigitsAfterDecimal) > 0 {
		sp.digits = make([]string, len(o.DigitsAfterDecimal))
	}
	for i, d := range o.DigitsAfterDecimal {
		sp.digits[i] = strconv.Itoa(d)
	}
	chk, err := sp.checker()
	if err != nil {
		return false, err
	}
	return chk(s)
}

// BindCurrency binds the validator plugin's `currency`; an object argument
// supplies the snake_case options (merged over the defaults, as
// validator.js's merge does), any other value means the defaults.
func BindCurrency(arg any) (Checker, error) {
	opts, _ := arg.(map[string]any)
	sp, err := currencySpecFrom(opts)
	if err != nil {
		return nil, err
	}
	return sp.checker()
}

// currencySpecFrom applies merge() and the String()/property accesses of
// currencyRegex, including the TypeErrors it throws on every call.
func currencySpecFrom(opts map[string]any) (*currencySpec, error) {
	sp := &currencySpec{o: DefaultCurrencyOptions(), digits: []string{"2"}}
	for k, field := range currencyFlags {
		if v, ok := opts[k]; ok {
			*field(&sp.o) = jsTruthy(v)
		}
	}
	if v, ok := opts["thousands_separator"]; ok {
		sp.o.ThousandsSeparator = jsToString(v)
	}
	if v, ok := opts["decimal_separator"]; ok {
		sp.o.DecimalSeparator = jsToString(v)
	}
	var err error
	if v, ok := opts["digits_after_decimal"]; ok {
		if sp.digits, err = currencyDigits(v); err != nil {
			return nil, err
		}
	}
	if v, ok := opts["symbol"]; ok {
		if sp.o.Symbol, err = currencySymbol(v); err != nil {
			return nil, err
		}
	}
	return sp, nil
}

// currencyDigits converts digits_after_decimal; only an array has forEach.
func currencyDigits(v any) ([]string, error) {
	a, ok := v.([]any)
	switch {
	case v == nil:
		return nil, typeError("Cannot read properties of null (reading '0')")
	case !ok:
		return nil, typeError("options.digits_after_decimal.forEach is not a function")
	case len(a) == 0:
		return []string{"undefined"}, nil
	}
	out := make([]string, len(a))
	for i, e := range a {
		out[i] = jsToString(e)
	}
	return out, nil
}

// currencySymbol checks that the symbol has a replace method.
func currencySymbol(v any) (string, error) {
	s, ok := v.(string)
	switch {
	case v == nil:
		return "", typeError("Cannot read properties of null (reading 'replace')")
	case !ok:
		return "", typeError("options.symbol.replace is not a function")
	}
	return s, nil
}

// pattern is currencyRegex(options) without its prefix; esc renders the
// "\\" + value splices.
func (sp *currencySpec) pattern(esc func(string) string) string {
	o := &sp.o
	symbol := "(" + escapeFirstNonWord(o.Symbol, esc) + ")" + opt(!o.RequireSymbol)
	p := sp.amount(esc)
	if o.AllowNegatives && !o.ParensForNegatives {
		if o.NegativeSignAfterDigits {
			p += "-?"
		} else if o.NegativeSignBeforeDigits {
			p = "-?" + p
		}
	}
	switch {
	case o.AllowNegativeSignPlaceholder:
		p = `( (?!\-))?` + p
	case o.AllowSpaceAfterSymbol:
		p = " ?" + p
	case o.AllowSpaceAfterDigits:
		p += "( (?!$))?"
	}
	if o.SymbolAfterDigits {
		p += symbol
	} else {
		p = symbol + p
	}
	return sp.negatives(p) + "$"
}

// amount is the whole-dollar amount plus the optional decimal amount.
func (sp *currencySpec) amount(esc func(string) string) string {
	o := &sp.o
	p := `(0|[1-9]\d*|[1-9]\d{0,2}(` + esc(o.ThousandsSeparator) + `\d{3})*)?`
	if !o.AllowDecimal && !o.RequireDecimal {
		return p
	}
	digits := `\d{` + sp.digits[0] + `}`
	for _, d := range sp.digits[1:] {
		digits += `|\d{` + d + `}`
	}
	return p + "(" + esc(o.DecimalSeparator) + "(" + digits + "))" + opt(!o.RequireDecimal)
}

// negatives wraps p for parens_for_negatives or the default leading "-".
func (sp *currencySpec) negatives(p string) string {
	o := &sp.o
	switch {
	case !o.AllowNegatives:
		return p
	case o.ParensForNegatives:
		return `(\(` + p + `\)|` + p + ")"
	case !(o.NegativeSignBeforeDigits || o.NegativeSignAfterDigits):
		return "-?" + p
	}
	return p
}

func opt(optional bool) string {
	if optional {
		return "?"
	}
	return ""
}

// escapeFirstNonWord is symbol.replace(/\W/, m => '\\' + m).
func escapeFirstNonWord(s string, esc func(string) string) string {
	for i, r := range s {
		if !isASCIIWord(r) {
			return s[:i] + esc(s[i:])
		}
	}
	return s
}

func isASCIIWord(r rune) bool {
	return r == '_' || (r >= '0' && r <= '9') || (r|0x20 >= 'a' && r|0x20 <= 'z')
}
