package l10n

import "testing"

func mustBind(chk Checker, err error) Checker {
	if err != nil {
		panic(err)
	}
	return chk
}

func benchChecker(b *testing.B, chk Checker, inputs ...string) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := chk(inputs[i%len(inputs)]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkIsAlphaEnUS(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if ok, _ := IsAlpha("HelloWorld", "en-US"); !ok {
			b.Fatal("want true")
		}
	}
}

func BenchmarkBindAlphaEnUS(b *testing.B) {
	chk := mustBind(BindAlpha("en-US"))
	benchChecker(b, chk, "HelloWorld", "abc1", "Straße")
}

func BenchmarkBindAlphaDeDE(b *testing.B) {
	chk := mustBind(BindAlpha("de-DE"))
	benchChecker(b, chk, "Straße", "Grüße", "abc1")
}

func BenchmarkIsFloatDefault(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if ok, _ := IsFloat("123.456", FloatOptions{}); !ok {
			b.Fatal("want true")
		}
	}
}

func BenchmarkBindFloatDefault(b *testing.B) {
	chk := mustBind(BindFloat(map[string]any{"source": "f"}))
	benchChecker(b, chk, "123.456", "-1e5", "abc")
}

func BenchmarkBindFloatBounds(b *testing.B) {
	chk := mustBind(BindFloat(map[string]any{"min": 0.1, "max": 1000.0}))
	benchChecker(b, chk, "123.456", "-1e5", "0.5")
}

func BenchmarkIsPostalCodeUS(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if ok, _ := IsPostalCode("85249-1234", "US"); !ok {
			b.Fatal("want true")
		}
	}
}

func BenchmarkBindPostalCodeUS(b *testing.B) {
	chk := mustBind(BindPostalCode("US"))
	benchChecker(b, chk, "85249", "85249-1234", "8524")
}

func BenchmarkBindPostalCodeGB(b *testing.B) {
	chk := mustBind(BindPostalCode("GB"))
	benchChecker(b, chk, "SW1A 1AA", "TW8 9GS", "123")
}

func BenchmarkBindPostalCodeAny(b *testing.B) {
	chk := mustBind(BindPostalCode("any"))
	benchChecker(b, chk, "SW1A 1AA", "85249", "zzz")
}

func BenchmarkBindDecimalDefault(b *testing.B) {
	chk := mustBind(BindDecimal(map[string]any{}))
	benchChecker(b, chk, "123.45", "-1", "abc")
}

func BenchmarkBindNumericDefault(b *testing.B) {
	chk := mustBind(BindNumeric(map[string]any{}))
	benchChecker(b, chk, "123.45", "-1", "abc")
}

func BenchmarkBindIdentityCardZhCN(b *testing.B) {
	chk := mustBind(BindIdentityCard("zh-CN"))
	benchChecker(b, chk, "11010519491231002X", "110105491231002")
}

func BenchmarkBindCurrencyDefault(b *testing.B) {
	chk := mustBind(BindCurrency(map[string]any{}))
	benchChecker(b, chk, "$10,123.45", "-$1.00", "1.234")
}

func BenchmarkBindCurrencyRegexp2(b *testing.B) {
	chk := mustBind(BindCurrency(map[string]any{"symbol": "R", "allow_negative_sign_placeholder": true,
		"thousands_separator": " ", "decimal_separator": ","}))
	benchChecker(b, chk, "R 10 123,45", "R-10", "R -1")
}
