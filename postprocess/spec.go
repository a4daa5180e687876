package postprocess

import (
	"fmt"
	"sort"
	"sync"

	"github.com/sluice-dev/sluice/record"
)

// Kind selects the rule-level wrapper of an operation (validators.md §2.3).
type Kind uint8

// Operation kinds.
const (
	Structural        Kind = iota // selector, extraction, join, array: built by the compiler
	BuiltinValidation             // wrapper A with an optional normaliser
	ValidatorPlugin               // wrapper A; the argument is rule.value || rule
	BuiltinTransform              // wrapper B: a string function
	BuiltinSpecial                // jsonparse, lowercase, uppercase, dedup: their own run
	FieldValidator                // wrapper C
	FieldTransform                // wrapper D
	RecordValidator               // wrapper E
	RecordTransform               // wrapper F
)

var kindNames = [...]string{"structural", "validation (built-in)", "validation (validator.js)", "transform (built-in)",
	"transform (built-in)", "field validator", "field transform", "record validator", "record transform"}

func (k Kind) String() string { return kindNames[k] }

// IsValidation reports whether the kind tests values (and inverts under output:false).
func (k Kind) IsValidation() bool {
	return k == BuiltinValidation || k == ValidatorPlugin || k == FieldValidator || k == RecordValidator
}

// Param describes one rule key an operation reads.
type Param struct {
	Name     string
	Type     string // string, number, boolean, string[], any, object, ...
	Default  string // as shown in docs; "" = none
	Required bool
	Doc      string
}

// Example is a runnable example: the operation applied to the rule
// `{source:"field", target:"field", ...Args}` on the record
// `{"field": Input}` (record kinds: Input is the whole record) gives Output,
// the field's value afterwards ("removed" when the field is gone; for record
// kinds the JSON of the record, or "null" when it is dropped).
type Example struct {
	Args   string // JSON object of extra rule keys, "" for none
	Input  string // JSON
	Output string // JSON, or "removed"
}

// Spec is one registered operation.
type Spec struct {
	Name       string
	Kind       Kind
	Summary    string
	ReplacedBy string // deprecated names: the name to use instead
	Params     []Param
	Examples   []Example
	ArrayInput bool // field validators that receive whole arrays (contains, isArray, some, every)
	ManyToOne  bool // join, array: one op over all followed sources
	// RewritePaths adjusts source and target before binding (geolocation
	// reads the parent of a .lat/.lon path).
	RewritePaths func(source, target string) (string, string)
	// Build binds the rule's arguments once, at plan build time.
	Build func(a *Args) (*Impl, error)
}

// Impl is an operation bound to one rule's arguments. Exactly the function
// of the spec's kind is set. An error return means "the reference function
// throws" and is handled by the wrapper.
type Impl struct {
	Validate  func(v any) (bool, error)                      // validations
	Normalize func(v any) (any, error)                       // BuiltinValidation (optional)
	String    func(s string) (string, error)                 // BuiltinTransform
	Transform func(v any, rec *record.Object) (any, error)   // FieldTransform, BuiltinSpecial
	Record    func(r *record.Record) (bool, error)           // RecordValidator
	RecordTx  func(r *record.Record) (*record.Record, error) // RecordTransform
	// FromString optionally accompanies a FieldTransform: Transform's
	// answer for a string input, with the values it makes boxed in the
	// caller's Scratch (a nil Scratch: on their own). It must agree with
	// Transform on every string (datamate tests each one that has it).
	FromString func(sc *Scratch, s string) (any, error)
	// ValidString optionally accompanies a FieldValidator: Validate's
	// answer for a string input, which is never an error, without the
	// layers Validate takes to tell strings from other values. It must
	// agree with Validate on every string (datamate tests each one that
	// has it).
	ValidString func(s string) bool
	// Holds optionally names ValidString's answer as a fact: a string a
	// slot knows to have it passes without a call, and a string kept by
	// ValidString then has it, and Implies, for the next operation of the
	// slot (see Facts).
	Holds, Implies Facts
	// ValidASCII optionally is ValidString for a string known to be ASCII
	// (FactASCII), which it may answer for less.
	ValidASCII func(s string) bool
	// Keeps optionally accompanies FromString: the facts of its string
	// that its answer has too (a transform whose answer is not a string
	// keeps none).
	Keeps Facts
}

var (
	mu       sync.RWMutex
	registry = map[string]*Spec{}
)

// Register adds specs; a later registration of a name replaces the earlier
// one, mirroring the reference's registry build order.
func Register(specs ...*Spec) {
	mu.Lock()
	defer mu.Unlock()
	for _, s := range specs {
		if s.Build == nil && s.Kind != Structural {
			panic(fmt.Sprintf("postprocess: %s has no Build", s.Name))
		}
		registry[s.Name] = s
	}
}

// Lookup finds an operation by name.
func Lookup(name string) (*Spec, bool) {
	mu.RLock()
	defer mu.RUnlock()
	s, ok := registry[name]
	return s, ok
}

// All returns every registered operation sorted by name.
func All() []*Spec {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]*Spec, 0, len(registry))
	for _, s := range registry {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names returns the sorted registered names (for "did you mean" hints).
func Names() []string {
	all := All()
	names := make([]string, len(all))
	for i, s := range all {
		names[i] = s.Name
	}
	return names
}
