package l10n

import (
	"sort"
	"testing"

	"github.com/sluice-dev/sluice/internal/ndjson"
)

type confCase struct {
	ID    int            `json:"id"`
	Fn    string         `json:"fn"`
	Kind  string         `json:"kind"`
	Args  map[string]any `json:"args"`
	Input any            `json:"input"`
	Want  any            `json:"want"`
	Note  string         `json:"note"`
}

// pluginBinders are the validator-plugin names this package owns.
var pluginBinders = map[string]func(any) (Checker, error){
	"alpha":        BindAlpha,
	"alphanumeric": BindAlphanumeric,
	"decimal":      BindDecimal,
	"float":        BindFloat,
	"numeric":      BindNumeric,
	"postalcode":   BindPostalCode,
	"identitycard": BindIdentityCard,
	"currency":     BindCurrency,
}

// dataMateBinders are the data-mate FieldValidator names this package owns.
var dataMateBinders = map[string]func(map[string]any) (Checker, error){
	"isAlpha":        BindDataMateAlpha,
	"isAlphanumeric": BindDataMateAlphanumeric,
	"isPostalCode":   BindDataMatePostalCode,
}

func loadCases(t testing.TB) []confCase {
	t.Helper()
	out, err := ndjson.Read("../../../conformance/testdata/validators.ndjson", func(c *confCase) bool { return pluginBinders[c.Fn] != nil || dataMateBinders[c.Fn] != nil })
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// pluginArg is what the validator plugin passes: config.value || config,
// where config also carries source/target/follow.
func pluginArg(args map[string]any) any {
	if v := args["value"]; jsTruthy(v) {
		return v
	}
	cfg := map[string]any{"source": "field", "target": "field", "follow": "tag"}
	for k, v := range args {
		cfg[k] = v
	}
	return cfg
}

// runCase evaluates a case at function level; skip is true for inputs that
// are not strings (rule-level behaviour).
func runCase(c confCase) (got, skip bool, err error) {
	s, ok := c.Input.(string)
	if !ok {
		return false, true, nil
	}
	var chk Checker
	if b := pluginBinders[c.Fn]; b != nil {
		chk, err = b(pluginArg(c.Args))
	} else {
		args := c.Args
		if args == nil {
			args = map[string]any{}
		}
		chk, err = dataMateBinders[c.Fn](args)
	}
	if err != nil {
		return false, false, err
	}
	got, err = chk(s)
	return got && err == nil, false, err
}

func TestConformance(t *testing.T) {
	pass := map[string]int{}
	total := map[string]int{}
	skipped := map[string][]int{}
	for _, c := range loadCases(t) {
		got, skip, err := runCase(c)
		if skip {
			skipped[c.Fn] = append(skipped[c.Fn], c.ID)
			continue
		}
		total[c.Fn]++
		if got == c.Want {
			pass[c.Fn]++
			continue
		}
		t.Errorf("case %d %s(%q, %v): got %v (err %v), want %v; note %q",
			c.ID, c.Fn, c.Input, c.Args, got, err, c.Want, c.Note)
	}
	names := make([]string, 0, len(total))
	for k := range total {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		t.Logf("%s %d/%d (non-string inputs skipped: %v)", k, pass[k], total[k], skipped[k])
	}
}
