package all_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// TestRunSlotAgreesWithRunIn: a chain of operations run as a plan's
// pipeline runs it (RunSlot for an operation in place on one key, the
// value passed along in a Slot; Reset and RunIn for any other) leaves
// after every step the record, the elimination and the error that RunIn
// step by step leaves. The chains are random: every field-level operation
// of the registry with its examples' arguments, with and without
// output:false, in place on one of two keys or to another target, on
// strings (ASCII, upper case, e-mail addresses, non-ASCII, invalid UTF-8,
// line terminators, base64, JSON, empty), other types and missing keys,
// in records with and without another key; and every operation on every
// value once and twice.
func TestRunSlotAgreesWithRunIn(t *testing.T) {
	ops := slotTestOps(t)
	values := slotTestValues()
	slots := 0
	for _, op := range ops { // every operation on every value once
		for _, v := range values {
			slots += checkSlotChain(t, []*postprocess.Op{op}, `{"f":`+v+`}`)
			slots += checkSlotChain(t, []*postprocess.Op{op, op}, `{"g":`+v+`,"o":1,"f":`+v+`}`)
		}
		for _, v := range []string{"\xed\xa0\x80", "a\xed\xb0\x80", "\xff"} { // not from JSON: WTF-8, invalid UTF-8
			slots += checkSlotChainOn(t, []*postprocess.Op{op, op}, func() *record.Record {
				r := record.New(record.NewObject(2))
				r.Data.Set("f", v)
				return r
			}, fmt.Sprintf("{f: %q}", v))
		}
	}
	rng := rand.New(rand.NewPCG(13, 8))
	for n := 0; n < 20000; n++ {
		chain := make([]*postprocess.Op, 1+rng.IntN(6))
		for i := range chain {
			chain[i] = ops[rng.IntN(len(ops))]
		}
		text := slotTestRecord(rng, values)
		slots += checkSlotChain(t, chain, text)
	}
	if slots < 100000 {
		t.Fatalf("only %d steps ran with a slot", slots)
	}
}

// slotTestOps binds every field-level operation to each of its examples'
// arguments: in place on "f" (most), in place on "g", and from "f" to "g".
func slotTestOps(t *testing.T) []*postprocess.Op {
	t.Helper()
	var ops []*postprocess.Op
	for _, s := range postprocess.All() {
		switch s.Kind {
		case postprocess.Structural, postprocess.RecordValidator, postprocess.RecordTransform:
			continue
		}
		for _, ex := range s.Examples {
			for _, b := range []struct {
				source, target string
				invert         bool
			}{{"f", "f", false}, {"f", "f", false}, {"f", "f", true}, {"g", "g", false}, {"f", "g", false}} {
				rule, err := exampleArgs(ex.Args)
				if err != nil {
					t.Fatal(err)
				}
				op, err := postprocess.NewOp(s, rule, b.source, nil, b.target, b.invert)
				if err != nil {
					continue // examples whose arguments do not build here
				}
				ops = append(ops, op)
			}
		}
	}
	if len(ops) < 300 {
		t.Fatalf("only %d operations", len(ops))
	}
	return ops
}

// slotTestValues are JSON values the chains start from.
func slotTestValues() []string {
	strs := []string{"", "a", "GET", "get", "Gus.Ng853@Example.com", "gus.ng853@example.com", "user@blah@blah.com",
		"Straße", "İstanbul", "ΣΑΣ", "K", "\xff\xfe", "a\u2028b", "x\ny", "  padded  ", "aGVsbG8gd29ybGQ=",
		"dXNlcjozNTUwNDpzdG9yZQ==", "not base64!", `{"a":1,"b":"X"}`, `[]`, "{}", "123", "-0", "true", "null",
		"192.168.1.1", "2024-03-04T20:29:16.356Z", "33.4,-111.9", "caf%C3%A9", "ÉCOLE", "ǅ", "\U0001F600x"}
	var vals []string
	for _, s := range strs {
		vals = append(vals, record.JSON(s))
	}
	vals = append(vals, `"\ud800"`, `"a\udc00b"`, `null`, `0`, `12.5`, `true`, `["A","b",1]`, `{"lat":1,"lon":2}`, `[]`, `{}`, `["x@Y.com"]`)
	return vals
}

// slotTestRecord is a record with values from values at "f" and "g"
// (either may be missing), sometimes with another key.
func slotTestRecord(rng *rand.Rand, values []string) string {
	var members []string
	if rng.IntN(2) == 0 {
		members = append(members, `"o":1`)
	}
	for _, k := range []string{"f", "g"} {
		if rng.IntN(5) > 0 {
			members = append(members, fmt.Sprintf("%q:%s", k, values[rng.IntN(len(values))]))
		}
	}
	rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
	return "{" + strings.Join(members, ",") + "}"
}

// checkSlotChain runs chain on two copies of the record, step by step and
// with a slot, and reports the first difference; it returns how many
// steps ran with a slot.
func checkSlotChain(t *testing.T, chain []*postprocess.Op, text string) int {
	t.Helper()
	return checkSlotChainOn(t, chain, func() *record.Record { return layoutRecord(t, "%s", text) }, text)
}

// checkSlotChainOn is checkSlotChain on the records rec makes.
func checkSlotChainOn(t *testing.T, chain []*postprocess.Op, rec func() *record.Record, text string) int {
	t.Helper()
	slow, fast := rec(), rec()
	var scSlow, scFast postprocess.Scratch
	var slot postprocess.Slot
	n := 0
	for i, op := range chain {
		a, errA := op.RunIn(slow, &scSlow)
		var b *record.Record
		var errB error
		if op.SlotReady() || op.InPlaceKey() { // as a plan, and some more that fall back to RunIn
			b, errB = op.RunSlot(fast, &slot, &scFast)
			n++
		} else {
			slot.Reset()
			b, errB = op.RunIn(fast, &scFast)
		}
		if fmt.Sprint(errA) != fmt.Sprint(errB) || (a == nil) != (b == nil) || a != nil && record.JSON(a.Data) != record.JSON(b.Data) {
			t.Fatalf("%s on %s, step %d (%s %v -> %v, invert %v): step by step %v (%v), with a slot %v (%v)",
				chainNames(chain), text, i, op.Spec.Name, op.Source, op.Target, op.Invert, recordJSON(a), errA, recordJSON(b), errB)
		}
		if a == nil || errA != nil {
			break
		}
		slow, fast = a, b
	}
	return n
}

func chainNames(chain []*postprocess.Op) string {
	names := make([]string, len(chain))
	for i, op := range chain {
		names[i] = op.Spec.Name
	}
	return strings.Join(names, ",")
}

func recordJSON(r *record.Record) string {
	if r == nil {
		return "nil"
	}
	return record.JSON(r.Data)
}
