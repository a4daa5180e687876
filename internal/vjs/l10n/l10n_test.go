package l10n

import (
	"testing"
	"time"
)

func f64(v float64) *float64 { return &v }

type typedCase struct {
	name    string
	got     func() (bool, error)
	want    bool
	wantErr string
}

func runTyped(t *testing.T, tests []typedCase) {
	t.Helper()
	for _, tt := range tests {
		got, err := tt.got()
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != tt.want || msg != tt.wantErr {
			t.Errorf("%s: got %v/%q, want %v/%q", tt.name, got, msg, tt.want, tt.wantErr)
		}
	}
}

// Expected values below were checked against validator.js 13.15.35.
func TestTypedAlpha(t *testing.T) {
	runTyped(t, []typedCase{
		{"empty", func() (bool, error) { return IsAlpha("", "") }, false, ""},
		{"default locale", func() (bool, error) { return IsAlpha("abcXYZ", "") }, true, ""},
		{"kelvin sign", func() (bool, error) { return IsAlpha("\u212a", "en-US") }, false, ""},
		{"long s", func() (bool, error) { return IsAlpha("\u017f", "en-US") }, false, ""},
		{"ko-KR empty", func() (bool, error) { return IsAlpha("", "ko-KR") }, true, ""},
		{"hi-IN tail", func() (bool, error) { return IsAlpha("अॲ", "hi-IN") }, true, ""},
		{"hi-IN tail first", func() (bool, error) { return IsAlpha("ॲअ", "hi-IN") }, false, ""},
		{"pl-Pl alias", func() (bool, error) { return IsAlpha("ĄĆĘ", "pl-Pl") }, true, ""},
		{"unknown", func() (bool, error) { return IsAlpha("abc", "xx") }, false, "Invalid locale 'xx'"},
		{"proto key", func() (bool, error) { return IsAlpha("abc", "toString") }, false,
			"_alpha.alpha[locale].test is not a function"},
		{"alnum", func() (bool, error) { return IsAlphanumeric("abc123", "") }, true, ""},
		{"alnum ku-IQ", func() (bool, error) { return IsAlphanumeric("فڤقکگ١٢٣", "ku-IQ") }, true, ""},
		{"alnum fa-IR", func() (bool, error) { return IsAlphanumeric("۱۲۳", "fa-IR") }, true, ""},
	})
}

func TestTypedNumbers(t *testing.T) {
	runTyped(t, []typedCase{
		{"decimal default", func() (bool, error) { return IsDecimal("-1.5", DecimalOptions{}) }, true, ""},
		{"decimal digits", func() (bool, error) { return IsDecimal("1.234", DecimalOptions{DecimalDigits: "2"}) }, false, ""},
		{"decimal force", func() (bool, error) {
			return IsDecimal("1,5", DecimalOptions{ForceDecimal: true, Locale: "de-DE"})
		}, true, ""},
		{"decimal bad quantifier blacklisted", func() (bool, error) {
			return IsDecimal("  ", DecimalOptions{DecimalDigits: "3,1"})
		}, false, ""},
		{"decimal bad quantifier", func() (bool, error) { return IsDecimal("1", DecimalOptions{DecimalDigits: "3,1"}) },
			false, `Invalid regular expression: /^[-+]?([0-9]+)?(\.[0-9]{3,1})?$/: numbers out of order in {} quantifier`},
		{"decimal literal braces", func() (bool, error) { return IsDecimal("1.5{null}", DecimalOptions{DecimalDigits: "null"}) }, true, ""},
		{"decimal unknown", func() (bool, error) { return IsDecimal("1", DecimalOptions{Locale: "xx"}) }, false, "Invalid locale 'xx'"},
		{"float default", func() (bool, error) { return IsFloat("1e5", FloatOptions{}) }, true, ""},
		{"float -.", func() (bool, error) { return IsFloat("-.", FloatOptions{}) }, true, ""},
		{"float +e5 bounded", func() (bool, error) { return IsFloat("+e5", FloatOptions{Min: f64(0)}) }, false, ""},
		{"float comma exp", func() (bool, error) {
			return IsFloat("1,5e3", FloatOptions{Locale: "de-DE", Min: f64(1500), Max: f64(1500)})
		}, true, ""},
		{"float lt", func() (bool, error) { return IsFloat("10", FloatOptions{Lt: f64(10)}) }, false, ""},
		{"float unknown locale", func() (bool, error) { return IsFloat("1undefined5", FloatOptions{Locale: "xx"}) }, true, ""},
		{"float arabic", func() (bool, error) { return IsFloat("1٫5", FloatOptions{Locale: "ar", Max: f64(1)}) }, true, ""},
		{"numeric default", func() (bool, error) { return IsNumeric(".1", NumericOptions{}) }, true, ""},
		{"numeric trailing sep", func() (bool, error) { return IsNumeric("1.", NumericOptions{}) }, false, ""},
		{"numeric fr", func() (bool, error) { return IsNumeric("+1,5", NumericOptions{Locale: "fr-FR"}) }, true, ""},
		{"numeric unknown locale", func() (bool, error) { return IsNumeric("1u5", NumericOptions{Locale: "xx"}) }, true, ""},
		{"numeric no symbols", func() (bool, error) { return IsNumeric("-1", NumericOptions{NoSymbols: true}) }, false, ""},
	})
}

func TestTypedPostalAndID(t *testing.T) {
	runTyped(t, []typedCase{
		{"IE o", func() (bool, error) { return IsPostalCode("A65 TF1O", "IE") }, false, ""},
		{"IE o after newline", func() (bool, error) { return IsPostalCode("A65\nTF1O", "IE") }, true, ""},
		{"NL sa", func() (bool, error) { return IsPostalCode("1234 SA", "NL") }, false, ""},
		{"IR repeated", func() (bool, error) { return IsPostalCode("1111123456", "IR") }, false, ""},
		{"IN 11", func() (bool, error) { return IsPostalCode("110001", "IN") }, true, ""},
		{"CA lower", func() (bool, error) { return IsPostalCode("k1a 0b1", "CA") }, true, ""},
		{"CA kelvin", func() (bool, error) { return IsPostalCode("\u212a1A 0B1", "CA") }, false, ""},
		{"US plus4", func() (bool, error) { return IsPostalCode("85249-1234", "US") }, true, ""},
		{"any", func() (bool, error) { return IsPostalCode("SW1A 1AA", "any") }, true, ""},
		{"postal unknown", func() (bool, error) { return IsPostalCode("1", "XX") }, false, "Invalid locale 'XX'"},
		{"postal proto", func() (bool, error) { return IsPostalCode("1", "__proto__") }, false,
			"patterns[locale].test is not a function"},
		{"HK sharp s", func() (bool, error) { return IsIdentityCard("ß123456(8)", "zh-HK") }, true, ""},
		{"ES long s", func() (bool, error) { return IsIdentityCard("12345679ſ", "ES") }, true, ""},
		{"ES trimmed", func() (bool, error) { return IsIdentityCard(" 12345679s\u00a0", "ES") }, true, ""},
		{"TW long s", func() (bool, error) { return IsIdentityCard("ſ123456784", "zh-TW") }, true, ""},
		{"CN", func() (bool, error) { return IsIdentityCard("110105200001010016", "zh-CN") }, true, ""},
		{"id any", func() (bool, error) { return IsIdentityCard("110105200001010016", "any") }, true, ""},
		{"id proto", func() (bool, error) { return IsIdentityCard("PL", "hasOwnProperty") }, true, ""},
		{"id unknown", func() (bool, error) { return IsIdentityCard("1", "US") }, false, "Invalid locale 'US'"},
	})
}

func TestZhCNFutureBirthday(t *testing.T) {
	defer func(f func() time.Time) { nowFunc = f }(nowFunc)
	nowFunc = func() time.Time { return time.Date(1999, 12, 31, 0, 0, 0, 0, time.UTC) }
	if ok, _ := IsIdentityCard("110105200001010016", "zh-CN"); ok {
		t.Error("a birthday after now must be rejected")
	}
}

func TestTypedCurrency(t *testing.T) {
	eu := DefaultCurrencyOptions()
	eu.Symbol, eu.ThousandsSeparator, eu.DecimalSeparator, eu.SymbolAfterDigits = "€", ".", ",", true
	eu.AllowSpaceAfterDigits = true
	za := DefaultCurrencyOptions()
	za.Symbol, za.AllowNegativeSignPlaceholder, za.NegativeSignBeforeDigits = "R", true, true
	runTyped(t, []typedCase{
		{"default", func() (bool, error) { return IsCurrency("$10,123.45", DefaultCurrencyOptions()) }, true, ""},
		{"default 1 decimal", func() (bool, error) { return IsCurrency("$1.1", DefaultCurrencyOptions()) }, false, ""},
		{"eu", func() (bool, error) { return IsCurrency("6.954.231 €", eu) }, true, ""},
		{"eu trailing space", func() (bool, error) { return IsCurrency("1 ", eu) }, false, ""},
		{"za placeholder", func() (bool, error) { return IsCurrency("R 123", za) }, true, ""},
		{"za placeholder minus", func() (bool, error) { return IsCurrency("R -123", za) }, false, ""},
		{"zero-value options", func() (bool, error) { return IsCurrency("1", CurrencyOptions{}) }, true, ""},
		{"empty separator", func() (bool, error) { return IsCurrency(`1\ddd`, CurrencyOptions{}) }, true, ""},
	})
}

func TestBinderEdges(t *testing.T) {
	tests := []struct {
		name    string
		bind    func() (Checker, error)
		in      string
		want    bool
		wantErr string
	}{
		{"dm alpha no locale", func() (Checker, error) { return BindDataMateAlpha(nil) }, "abc", true, ""},
		{"dm alpha falsy locale", func() (Checker, error) { return BindDataMateAlpha(map[string]any{"locale": 0.0}) }, "abc", true, ""},
		{"dm alpha bad", func() (Checker, error) { return BindDataMateAlpha(map[string]any{"locale": "xx"}) }, "abc", false,
			"Invalid locale 'xx'"},
		{"dm alnum array locale", func() (Checker, error) {
			return BindDataMateAlphanumeric(map[string]any{"locale": []any{"de-DE"}})
		}, "ß1", true, ""},
		{"dm postal missing", func() (Checker, error) { return BindDataMatePostalCode(map[string]any{}) }, "85249", false,
			"Invalid parameter locale, must provide an object with locale"},
		{"dm postal any", func() (Checker, error) { return BindDataMatePostalCode(map[string]any{"locale": "any"}) }, "85249", true, ""},
		{"plugin config as locale", func() (Checker, error) { return BindAlpha(map[string]any{"source": "f"}) }, "abc", false,
			"Invalid locale '[object Object]'"},
		{"postal array any", func() (Checker, error) { return BindPostalCode([]any{"any"}) }, "85249", false,
			"Invalid locale 'any'"},
		{"postal array US", func() (Checker, error) { return BindPostalCode([]any{"US"}) }, "85249", true, ""},
		{"id defineGetter", func() (Checker, error) { return BindIdentityCard("__defineGetter__") }, "x", false,
			"Object.prototype.__defineGetter__: Expecting function"},
		{"float string bound", func() (Checker, error) { return BindFloat(map[string]any{"min": "4"}) }, "5", true, ""},
		{"float array bound", func() (Checker, error) { return BindFloat(map[string]any{"min": []any{6.0}}) }, "5", false, ""},
		{"float object bound", func() (Checker, error) { return BindFloat(map[string]any{"min": map[string]any{}}) }, "5", false, ""},
		{"float null bound", func() (Checker, error) { return BindFloat(map[string]any{"min": nil, "max": true}) }, "0", true, ""},
		{"float scalar arg", func() (Checker, error) { return BindFloat("de-DE") }, "1,5", false, ""},
		{"decimal null digits", func() (Checker, error) { return BindDecimal(map[string]any{"decimal_digits": nil}) }, "1.5{null}", true, ""},
		{"decimal null locale", func() (Checker, error) { return BindDecimal(map[string]any{"locale": nil}) }, "1", false,
			"Invalid locale 'null'"},
		{"numeric proto locale", func() (Checker, error) { return BindNumeric(map[string]any{"locale": "toString"}) }, "1", true, ""},
		{"currency null symbol", func() (Checker, error) { return BindCurrency(map[string]any{"symbol": nil}) }, "1", false,
			"Cannot read properties of null (reading 'replace')"},
		{"currency digits string", func() (Checker, error) {
			return BindCurrency(map[string]any{"digits_after_decimal": "2"})
		}, "1", false, "options.digits_after_decimal.forEach is not a function"},
		{"currency letter separator", func() (Checker, error) {
			return BindCurrency(map[string]any{"thousands_separator": "a"})
		}, "1a234", true, ""},
		{"currency null flag", func() (Checker, error) { return BindCurrency(map[string]any{"allow_negatives": nil}) }, "-1", false, ""},
	}
	for _, tt := range tests {
		chk, err := tt.bind()
		got := false
		if err == nil {
			got, err = chk(tt.in)
		}
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != tt.want || msg != tt.wantErr {
			t.Errorf("%s(%q): got %v/%q, want %v/%q", tt.name, tt.in, got, msg, tt.want, tt.wantErr)
		}
	}
}

// TestBoundConcurrent exercises shared bound checkers from many goroutines
// (run with -race).
func TestBoundConcurrent(t *testing.T) {
	checkers := []Checker{}
	for _, b := range []func() (Checker, error){
		func() (Checker, error) { return BindAlpha("de-DE") },
		func() (Checker, error) { return BindCurrency(map[string]any{"allow_negative_sign_placeholder": true}) },
		func() (Checker, error) { return BindDecimal(map[string]any{"decimal_digits": "x"}) },
		func() (Checker, error) { return BindPostalCode("any") },
	} {
		chk, err := b()
		if err != nil {
			t.Fatal(err)
		}
		checkers = append(checkers, chk)
	}
	done := make(chan bool)
	for g := 0; g < 8; g++ {
		go func() {
			for i := 0; i < 200; i++ {
				for _, c := range checkers {
					_, _ = c("$ 1,234.5x")
				}
			}
			done <- true
		}()
	}
	for g := 0; g < 8; g++ {
		<-done
	}
}
