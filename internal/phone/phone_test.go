package phone

import (
	"reflect"
	"testing"
)

// Expected values come from awesome-phonenumber 7.8.0 (run under Node.js 20).
func TestIsISDN(t *testing.T) {
	tests := []struct {
		in   any
		want bool
	}{
		{"18089156800", true},
		{" 18089156800", true},  // "+ 1808..." still parses
		{"１８０８９１５６８００", true},   // full-width digits
		{"80012345678", false},  // +800 is non-geographic: region "001" is rejected
		{"+80012345678", false}, // "++800..."
		{1.8089156800e10, true}, // numbers are stringified
		{true, false},
		{map[string]any{}, false},
		{[]any{nil, "18089156800", "46707123456"}, true},
		{[]any{"18089156800", "1234"}, false},
		{[]any{nil}, false},
		{[]any{}, false},
		{nil, false},
	}
	for _, tc := range tests {
		if got := IsISDN(tc.in); got != tc.want {
			t.Errorf("IsISDN(%#v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestToISDN(t *testing.T) {
	tests := []struct {
		in      any
		want    any
		wantErr bool
	}{
		{"+1 (555) 123-4567", "15551234567", false}, // region from the literal "1" prefix
		{"(180) 0212345", nil, true},                // "+(180)..." has no literal calling code
		{"0033122334455", nil, true},                // only one leading 0 is dropped
		{"033122334455", "33122334455", false},
		{" 18089156800 ", "18089156800", false},
		{"882 1234 5678", nil, true}, // +882 is non-geographic
		{"1800FLOWERS", "18003569377", false},
		{[]any{nil, "18089156800"}, []any{"18089156800"}, false},
		{[]any{"18089156800", "n/a"}, nil, true},
		{nil, nil, false},
	}
	for _, tc := range tests {
		got, err := ToISDN(tc.in)
		if tc.wantErr {
			if err == nil {
				t.Errorf("ToISDN(%#v) = %#v, want an error", tc.in, got)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ToISDN(%#v) = %#v, %v; want %#v", tc.in, got, err, tc.want)
		}
	}
}

func TestNormalizeISDN(t *testing.T) {
	tests := []struct {
		in   any
		want string
		err  error
	}{
		{"1-808-915-6800", "18089156800", nil},
		{79525554602.0, "79525554602", nil},
		{"15551234567", "", ErrInvalid},
		{"unknown", "", ErrNormalize},
		{"4803847362", "", ErrInvalid},
	}
	for _, tc := range tests {
		got, err := NormalizeISDN(tc.in)
		if got != tc.want || err != tc.err {
			t.Errorf("NormalizeISDN(%#v) = %q, %v; want %q, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func TestJSString(t *testing.T) {
	tests := map[string]any{
		"79525554602": 79525554602.0, "1e+21": 1e21, "1.5": 1.5, "1e-7": 1e-7, "true": true,
		"[object Object]": map[string]any{}, "1,,2": []any{1.0, nil, 2.0},
	}
	for want, in := range tests {
		if got := jsString(in); got != want {
			t.Errorf("jsString(%#v) = %q, want %q", in, got, want)
		}
	}
	if got := coreString(map[string]any{"a": 1.0}); got != `{"a":1}` {
		t.Errorf("coreString(object) = %q", got)
	}
}

var sinkBool bool

func BenchmarkIsISDN(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkBool = IsISDN("1-808-915-6800")
	}
}

func BenchmarkToISDN(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, _ = ToISDN("+33-1-22-33-44-55")
	}
}
