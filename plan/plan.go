package plan

import (
	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/lang/selector"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// Mode is the engine mode.
type Mode uint8

const (
	// Transform runs every phase.
	Transform Mode = iota
	// Matcher only selects: matching records are returned unaltered.
	Matcher
)

// RuleRef identifies the rule a plan element came from.
type RuleRef struct {
	File string `json:"file"`
	Line int    `json:"line"`
	ID   int    `json:"id"`
}

// Pos renders file:line.
func (r RuleRef) Pos() string { return r.File + ":" + itoa(r.Line) }

// Plan is a compiled rule set.
type Plan struct {
	Mode       Mode
	Selectors  []*Selector
	Restrict   []Restriction // output:false paths, in the order they were declared
	Require    []Requirement // other_match_required top-level names
	Extracting bool          // the extraction phase exists
	Processing bool          // the post-process phase exists
	Types      map[string]string
	Variables  map[string]any

	index    *index
	required []string // the distinct Require fields (Finish)
	// restrictKeys are the output:false paths when every one is a single
	// key (Finish): the output pass removes them in one pass.
	restrictKeys []string
	// restrictTargets are the distinct restrictKeys when a fresh target
	// is one of them (markFreshTargets): the output pass removes them
	// from where their extractions appended them (output, with
	// record.Object.DeleteTargetsAt).
	restrictTargets []record.Target
}

// Restriction is one output:false path.
type Restriction struct {
	Path record.Path
	Rule RuleRef
}

// Requirement is one other_match_required field.
type Requirement struct {
	Field    string // as written (only its top-level name takes part)
	Selector string
	Rule     RuleRef
}

// Selector is one distinct selector string with its extraction group and
// post-process pipeline.
type Selector struct {
	Query       string
	All         bool // "*": matches every record
	Matcher     *selector.Matcher
	AST         *selector.Node
	Rule        RuleRef // the first rule that uses it
	Extractions []*Extraction
	Pipeline    []*Step
}

// Multivalue is the tri-state multivalue flag of an extraction.
type Multivalue uint8

const (
	// MultiUnset: array sources give lists (undefined counts as true).
	MultiUnset Multivalue = iota
	// MultiTrue gives every match.
	MultiTrue
	// MultiFalse gives the first match only.
	MultiFalse
)

// Extraction is an extraction rule (primary or post-process).
type Extraction struct {
	Rule       RuleRef
	HasSource  bool
	Source     record.Path
	Direct     bool // source without a dot: a literal key lookup
	Target     record.Path
	Start, End string
	Slice      bool // start and end both set
	Regex      *jsre.Regexp
	Exp        *Expr
	Multi      Multivalue
	Mutate     bool // post-process only: write into the current record
	Tags       []string
	Spec       ExtractionSpec

	// key is Source as one key when Direct (NewExtraction): its lookup is
	// inlined where Path.GetKey is a call
	key   record.Key
	keyed bool
	// targetKey is Target's one key when it has only one (NewExtraction)
	targetKey    string
	oneKeyTarget bool
	// target is targetKey with its hash (NewExtraction); fresh: no other
	// extraction of the plan's selectors writes it, so the record's fork
	// the selectors' extractions write into does not hold it when this
	// one writes it (Finish, markFreshTargets)
	target record.Target
	fresh  bool
	// restrictSlot is 1 + the index in the plan's restrictTargets of a
	// fresh target that is an output:false key, else 0: where the fork
	// gets it is noted for the output pass (markFreshTargets)
	restrictSlot int32
	// plain: one key's value copied to one key as it is (no regex, slice
	// or expression), what Object.SetFrom does (NewExtraction)
	plain bool
	// loop is how the extraction loop runs it (markLoops): the usual
	// extractions are made there (Plan.extract)
	loop extractionLoop
	// seenSlot is 1 + the State's slot where the index's check of the
	// extraction's selector keeps the value of Source it read, else 0
	// (BuildIndex, seen.go); seenSibling: the check read a path with the
	// same keys but the last, and kept the object Source's last key is in
	seenSlot    int32
	seenSibling bool
}

// extractionLoop is how Plan.extract runs an extraction.
type extractionLoop uint8

const (
	loopApply      extractionLoop = iota // Extraction.apply
	loopPlain                            // plain: the source key's value appended as it is
	loopPlainNoted                       // loopPlain of an output:false key, noting where (addPlain)
	loopPlainSet                         // plain into a key others write too: set (Object.SetFrom)
	// loopText: keyed, a slice or the first match of a regex: a string
	// value goes to addText, anything else to apply
	loopText
	// loopSeen: the value the selector's check read (seen.go), appended
	// as it is (addSeen), when the record went through the index
	loopSeen
)

// ExtractionSpec keeps the rule values an extraction was built from (for
// Dump, Marshal and Load).
type ExtractionSpec struct {
	Source, Target, Start, End, Regex, RegexFlags, Exp string
	HasSource                                          bool
}

// StepKind is the kind of a post-process step.
type StepKind uint8

// Step kinds.
const (
	StepOp StepKind = iota
	StepExtraction
	StepSelector
	StepJoin
	StepArray
)

// Step is one post-process operation in a pipeline.
type Step struct {
	Kind       StepKind
	Rule       RuleRef
	Name       string // operation name
	Op         *postprocess.Op
	Extraction *Extraction
	// selector step
	Query    string
	Matcher  *selector.Matcher
	SelIndex int // index of the same string in the selector table, -1 if none
	// join / array
	Fields    []record.Path
	Target    record.Path
	Delimiter string
	// for Dump and Marshal
	Source   string
	Sources  []string // many-to-one: the followed targets
	TargetAs string
	Tags     []string
	Follow   string
	Args     *record.Object

	// noted is, for a join, where State.restrictAt keeps the position of
	// each field that is an output:false key whose extraction notes where
	// it appends it (the zero notedKey: none): the usual join of hidden
	// parts reads them there (markJoinSlots, Step.field)
	noted []notedKey
}

// notedKey is a key whose position in a record's fork is byte shift/8 of
// State.restrictAt.
type notedKey struct {
	key   string
	shift uint8
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
