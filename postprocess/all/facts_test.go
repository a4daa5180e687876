package all_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/vjs"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// factFuncs are the functions the facts stand for (postprocess.Facts).
var factFuncs = map[postprocess.Facts]func(string) bool{
	postprocess.FactASCII: vjs.IsAscii,
	postprocess.FactEmail: vjs.IsEmail,
}

// TestFactsHold checks what every operation claims of the facts on random
// strings (addresses in either case, near misses, non-ASCII, empty): a
// validation naming its answer as a fact passes exactly the strings that
// have it, and a string it passes has what the fact implies; a transform
// keeping facts answers a string that has one with a string that has it
// too.
func TestFactsHold(t *testing.T) {
	if len(factFuncs) != 2 {
		t.Fatal("a fact without its function here")
	}
	strs := factTestStrings()
	claims := 0
	for _, s := range postprocess.All() {
		if s.Kind != postprocess.FieldValidator && s.Kind != postprocess.FieldTransform {
			continue
		}
		for _, ex := range s.Examples {
			rule, err := exampleArgs(ex.Args)
			if err != nil {
				t.Fatal(err)
			}
			impl, err := s.Build(postprocess.NewArgs(rule))
			if err != nil {
				continue
			}
			claims += checkFactClaims(t, s.Name, impl, strs)
		}
	}
	if claims < 4 {
		t.Fatalf("only %d operations claim facts", claims)
	}
}

// checkFactClaims checks impl's claims on strs; it returns 1 when impl
// makes one.
func checkFactClaims(t *testing.T, name string, impl *postprocess.Impl, strs []string) int {
	t.Helper()
	if impl.Holds == 0 && impl.Implies == 0 && impl.Keeps == 0 && impl.ValidASCII == nil {
		return 0
	}
	if (impl.Holds != 0 || impl.ValidASCII != nil) && impl.ValidString == nil || impl.Keeps != 0 && impl.FromString == nil {
		t.Fatalf("%s: facts without an answer for strings", name)
	}
	for _, str := range strs {
		if impl.Holds != 0 {
			valid := impl.ValidString(str)
			if factFuncs[impl.Holds](str) != valid {
				t.Fatalf("%s(%q) = %v, but its fact says %v", name, str, valid, !valid)
			}
			checkFacts(t, name+" passes", str, str, impl.Implies, valid)
		}
		if impl.ValidASCII != nil && vjs.IsAscii(str) && impl.ValidASCII(str) != impl.ValidString(str) {
			t.Fatalf("%s(%q): %v for ASCII, %v", name, str, impl.ValidASCII(str), impl.ValidString(str))
		}
		if impl.Keeps != 0 {
			out, err := impl.FromString(nil, str)
			o, ok := out.(string)
			for f, fn := range factFuncs {
				if impl.Keeps&f != 0 && fn(str) && (err != nil || !ok || !fn(o)) {
					t.Fatalf("%s(%q) = %v, %v: fact %d not kept", name, str, out, err, f)
				}
			}
		}
	}
	return 1
}

// checkFacts fails when has and a fact of facts is not true of s.
func checkFacts(t *testing.T, what, in, s string, facts postprocess.Facts, has bool) {
	t.Helper()
	for f, fn := range factFuncs {
		if has && facts&f != 0 && !fn(s) {
			t.Fatalf("%s %q, which lacks fact %d", what, in, f)
		}
	}
}

// factTestStrings are addresses and near misses in mixed case, with
// non-ASCII and other bytes mixed in.
func factTestStrings() []string {
	pieces := []string{"a", "Z", "0", ".", "@", "-", "_", "%", "+", "@@", "..", "COM", "ex", "Ex", "example.com", "Gus.Ng853",
		"é", "ß", "İ", "K", "ı", "ſ", "\xff", " ", "\n", "\x00", "\x7f", strings.Repeat("a", 64)}
	strs := []string{"", "a", "user@example.com", "USER@EXAMPLE.COM", "Gus.Ng853@Example.com", "u@e.c", "u@e.co", "ſ@example.com",
		"K@example.com", "ı@example.com", "user@examplé.com", "user@ex_ample.com"}
	rng := rand.New(rand.NewPCG(21, 5))
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for k := rng.IntN(8); k > 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if rng.IntN(2) == 0 {
			b.WriteString("@")
			for k := 1 + rng.IntN(5); k > 0; k-- {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
		}
		strs = append(strs, b.String())
	}
	return strs
}

// TestRunSlotFactsAgree is TestRunSlotAgreesWithRunIn for chains of the
// operations that claim facts and some that do not, on addresses and
// their near misses: a validation skipped for a fact leaves what running
// it leaves.
func TestRunSlotFactsAgree(t *testing.T) {
	var ops []*postprocess.Op
	names := map[string]bool{"isString": true, "isAlpha": true, "encodeBase64": true, "decodeBase64": true, "decodeURL": true, "encodeHex": true}
	for _, op := range slotTestOps(t) {
		if op.Impl.Holds != 0 || op.Impl.Keeps != 0 || op.Impl.ValidASCII != nil || names[op.Spec.Name] {
			ops = append(ops, op)
		}
	}
	strs := factTestStrings()
	rng := rand.New(rand.NewPCG(3, 77))
	slots := 0
	for n := 0; n < 20000; n++ {
		chain := make([]*postprocess.Op, 2+rng.IntN(6))
		for i := range chain {
			chain[i] = ops[rng.IntN(len(ops))]
		}
		text := `{"f":` + record.JSON(strs[rng.IntN(len(strs))]) + `,"g":` + record.JSON(strs[rng.IntN(len(strs))]) + `}`
		slots += checkSlotChain(t, chain, text)
	}
	if slots < 50000 {
		t.Fatalf("only %d steps ran with a slot", slots)
	}
}
