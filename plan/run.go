package plan

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// DeadLetter is a record that could not be processed, with the reason.
type DeadLetter struct {
	Record  *record.Record
	Rule    RuleRef
	Code    string
	Message string
}

// Reason renders the dead-letter reason as {rule, file:line, code, message}.
func (d *DeadLetter) Reason() *record.Object {
	o := record.NewObject(4)
	o.Set("rule", float64(d.Rule.ID))
	o.Set("at", d.Rule.Pos())
	o.Set("code", d.Code)
	o.Set("message", d.Message)
	return o
}

// State is per-goroutine scratch space for Run; reuse one per worker.
type State struct {
	hits      []int
	candSet   []uint64 // the index's bit set of candidates (scratch)
	extra     []string // selector-step queries that are not in the selector table
	extracted bool
	// KeepSelectors sets the "selectors" metadata on output records.
	KeepSelectors bool
	// NoIndex evaluates every selector, the oracle the index is tested
	// against, instead of routing records through the selector index
	// (the default).
	NoIndex bool
	// Tracer, when set, observes every step (see Tracer).
	Tracer Tracer

	// ReuseOutput lets RunOne write an extraction's output into a record
	// the State keeps and empties for the next one, instead of a new
	// record each time: the record RunOne returns is then valid only until
	// the next RunOne with this State (rulec run encodes each output at
	// once). Records with metadata and traced runs always get a record of
	// their own.
	ReuseOutput bool

	// RecordTimeout is the time one record may spend in regular
	// expressions (selectors, extractions), all together; 0: no limit
	// beyond each match's own timeout. A record that runs out is
	// dead-lettered with CodeTimeout.
	RecordTimeout time.Duration

	budget jsre.Budget
	// at is the element running now (for Rule), by its indexes in plan:
	// integers, so that marking each element is a plain store (a pointer
	// store into the State is a write barrier while the collector runs)
	at   place
	plan *Plan
	// Decoder decodes the records of the goroutine that owns the State
	// (rulec run), boxing their values in shared chunks.
	Decoder record.Decoder

	// scratch boxes the strings extractions and operations produce in
	// shared chunks (one allocation per 256 values instead of one per
	// value); buf is room for building one string at a time.
	scratch postprocess.Scratch
	buf     []byte
	out     *record.Record // the output record ReuseOutput reuses
	// restrictAt is where the fork got each of the plan's restrictTargets,
	// for the output pass: byte j is 1 + the position of the j-th (0: not
	// noted), as record.Object.DeleteTargetsAt takes them
	restrictAt uint64
	groups     []jsre.Group // room for the groups of a regex extraction's match
	// seen holds what the index's checks read of the record for its
	// extractions (seen.go); seenOn: they did, the record went through
	// the index
	seen   []seenValue
	seenOn bool
}

// box returns s as an interface value boxed in st's chunks.
func (st *State) box(s string) any { return st.scratch.Box(s) }

// place is an element of a plan: a selector, one of its extractions or
// one of its pipeline's steps.
type place struct {
	kind    placeKind
	sel, el int32 // the selector's index; the extraction's or step's within it
}

type placeKind uint8

const (
	placeNone placeKind = iota
	placeSelector
	placeExtraction
	placeStep
)

// Rule is the rule that was running last (for reporting a panic).
func (st *State) Rule() RuleRef {
	if st.plan == nil || st.at.kind == placeNone {
		return RuleRef{}
	}
	s := st.plan.Selectors[st.at.sel]
	switch st.at.kind {
	case placeExtraction:
		return s.Extractions[st.at.el].Rule
	case placeStep:
		return s.Pipeline[st.at.el].Rule
	}
	return s.Rule
}

// running marks the element of st.plan at sel and el (of that kind) as the
// one running.
func (st *State) running(kind placeKind, sel, el int) {
	st.at = place{kind: kind, sel: int32(sel), el: int32(el)}
}

// Run evaluates records in order and returns the outputs (at most one per
// input, in input order) and the dead letters. Records may be modified in
// place.
func (p *Plan) Run(in []*record.Record) ([]*record.Record, []*DeadLetter) {
	var st State
	out := make([]*record.Record, 0, len(in))
	var dead []*DeadLetter
	for _, r := range in {
		o, d := p.RunOne(r, &st)
		if d != nil {
			dead = append(dead, d)
		}
		if o != nil {
			out = append(out, o)
		}
	}
	return out, dead
}

// RunOne evaluates one record.
func (p *Plan) RunOne(r *record.Record, st *State) (*record.Record, *DeadLetter) {
	if st.Tracer != nil {
		return p.runTraced(r, st)
	}
	return p.runOne(r, st)
}

func (p *Plan) runOne(r *record.Record, st *State) (*record.Record, *DeadLetter) {
	st.budget.Start(st.RecordTimeout)
	st.at = place{}
	if st.plan != p {
		st.plan = p
	}
	selected := p.selectRecord(r, st)
	if err := st.budget.Err(); err != nil {
		return nil, dead(r, st.Rule(), CodeTimeout, fmt.Errorf("selector: %w (the record's --record-timeout budget is spent)", err))
	}
	if !selected {
		return nil, nil
	}
	if st.Tracer != nil {
		traceMatches(st)
	}
	cur := r
	if p.Mode == Transform {
		var d *DeadLetter
		if cur, d = p.transform(r, st); d != nil || cur == nil {
			return nil, d
		}
	}
	if st.KeepSelectors {
		cur.SetMeta("selectors", p.hitNames(st))
	}
	return p.output(cur, st.Tracer, st.restrictAt), nil
}

func (p *Plan) selectRecord(r *record.Record, st *State) bool {
	st.hits = st.hits[:0]
	st.extra = st.extra[:0]
	st.extracted = false
	st.seenOn = p.index != nil && !st.NoIndex
	if st.seenOn {
		if len(st.seen) < p.index.nseen {
			st.seen = make([]seenValue, p.index.nseen)
		}
		st.candSet = p.index.candidateSet(r.Data, st.candSet)
		st.hits = p.checkCandidates(r.Data, st.candSet, st.hits, st)
	} else {
		for i, s := range p.Selectors {
			if s.All || p.match(i, r, st) {
				st.hits = append(st.hits, i)
			}
		}
	}
	return len(st.hits) > 0
}

// checkCandidates appends to hits the candidates of the index (the bits
// of set, in order) that match: those whose check the index decided at
// once, the others once tested. It is match inlined: once the budget is
// spent nothing more matches, so the loop stops at the selector that
// spent it, matched or not (a negated regex term that timed out
// matches), which st.at still names: RunOne dead-letters the record with
// its rule.
func (p *Plan) checkCandidates(o *record.Object, set []uint64, hits []int, st *State) []int {
	checks := p.index.checks
	for w, word := range set {
		for ; word != 0; word &= word - 1 {
			i := w<<6 | bits.TrailingZeros64(word)
			c := &checks[i]
			if c.seenSlot > 0 {
				seen := st.see(c, o, i)
				if st.budget.Err() != nil { // its pattern spent the budget: as match
					if seen && (c.m == nil || c.test.MatchWithin(o, &st.budget)) {
						hits = append(hits, i)
					}
					return hits
				}
				if !seen {
					continue
				}
			}
			if c.m != nil {
				st.running(placeSelector, i, 0)
				matched := c.test.MatchWithin(o, &st.budget)
				if st.budget.Err() != nil {
					if matched {
						hits = append(hits, i)
					}
					return hits
				}
				if !matched {
					continue
				}
			}
			hits = append(hits, i)
		}
	}
	return hits
}

// match runs selector i within the record's budget; once the budget is
// spent nothing more matches (RunOne dead-letters the record).
func (p *Plan) match(i int, r *record.Record, st *State) bool {
	if st.budget.Err() != nil {
		return false
	}
	st.running(placeSelector, i, 0)
	m := p.Selectors[i].Matcher
	return m == nil || m.MatchWithin(r.Data, &st.budget)
}

func (p *Plan) hitNames(st *State) []any {
	names := make([]any, 0, len(st.hits))
	for _, h := range st.hits {
		if h >= 0 {
			names = append(names, p.Selectors[h].Query)
		}
	}
	for _, q := range st.extra {
		names = append(names, q)
	}
	return names
}

func (p *Plan) transform(r *record.Record, st *State) (*record.Record, *DeadLetter) {
	cur := r
	if p.Extracting {
		out := st.fork(r)
		st.restrictAt = 0
		var extracted bool
		var failed *Extraction
		var err error
		if st.Tracer == nil {
			extracted, failed, err = p.extract(r.Data, out, st)
		} else {
			extracted, failed, err = p.extractTraced(r.Data, out, st)
		}
		if err != nil {
			return nil, dead(r, failed.Rule, CodeExtract, err)
		}
		if st.extracted = extracted || st.extracted; !st.extracted {
			return nil, nil
		}
		cur = out
	}
	if p.Processing {
		return p.postProcess(r, cur, st)
	}
	return cur, nil
}

// extract runs the extractions of the record's selectors (st.hits) from
// src into out, the record's fork, and reports whether one set a value,
// or the one that failed. The loop runs for every extraction of every
// record: st.at is marked once per selector and then by its element
// alone, and the usual extractions into a fresh key (a field copied as it
// is, a value the selector's check read, a slice or the first match of a
// regex of a string field) are made here, without apply's call and its
// tests (Extraction.loop).
func (p *Plan) extract(src *record.Object, out *record.Record, st *State) (bool, *Extraction, error) {
	dst := out.Data
	extracted := false
	sels := p.Selectors
	for _, h := range st.hits {
		st.running(placeExtraction, h, 0)
		for j, e := range sels[h].Extractions {
			st.at.el = int32(j)
			switch e.loop {
			case loopPlain:
				extracted = dst.AddFromTarget(e.target, src, e.key) || extracted
				continue
			case loopPlainNoted:
				extracted = e.addPlain(src, dst, st) || extracted
				continue
			case loopPlainSet:
				extracted = dst.SetFrom(e.targetKey, src, e.key) || extracted
				continue
			case loopSeen:
				if st.seenOn {
					extracted = e.addSeen(src, dst, st) || extracted
					continue
				}
			case loopText:
				if v, ok := e.key.Get(src); ok {
					if s, isStr := v.(string); isStr {
						set, err := e.addText(s, dst, st)
						if err != nil {
							return false, e, err
						}
						extracted = set || extracted
						continue
					}
				}
			}
			set, err := e.apply(src, dst, src, st)
			if err != nil {
				return false, e, err
			}
			extracted = set || extracted
		}
	}
	return extracted, nil, nil
}

// extractTraced is extract with each extraction shown to st.Tracer.
func (p *Plan) extractTraced(src *record.Object, out *record.Record, st *State) (bool, *Extraction, error) {
	extracted := false
	for _, h := range st.hits {
		st.running(placeExtraction, h, 0)
		for j, e := range p.Selectors[h].Extractions {
			st.at.el = int32(j)
			set, err := e.apply(src, out.Data, src, st)
			if err != nil {
				return false, e, err
			}
			st.Tracer.Extracted(e, out, set)
			extracted = set || extracted
		}
	}
	return extracted, nil, nil
}

// fork returns the record the extractions of r write into: a fork of r,
// or under ReuseOutput the State's record, emptied (its room is kept; its
// old values stay there unreachable, record.Object.Refill: they are the
// previous record's, whose memory is recycled with its batch anyway).
func (st *State) fork(r *record.Record) *record.Record {
	if !st.ReuseOutput || st.Tracer != nil || len(r.Meta) > 0 {
		return r.Fork()
	}
	if st.out != nil && r.Data == st.out.Data { // the previous output, run again
		return r.Fork()
	}
	if st.out == nil {
		st.out = r.Fork()
		return st.out
	}
	data := st.out.Data
	data.Refill()
	*st.out = record.Record{Data: data} // no metadata, window or shared-metadata flag left over
	return st.out
}

// postProcess runs the pipelines of the record's selectors, in order; the
// hit list is read live because selector steps append to it. Operations
// in place on one key pass its value along in a slot (postprocess.Op.RunSlot,
// for an operation reading one key and writing one key with an answer for
// strings); every other step empties the slot, as it may change the record.
func (p *Plan) postProcess(in, cur *record.Record, st *State) (*record.Record, *DeadLetter) {
	if st.Tracer != nil {
		return p.postProcessTraced(in, cur, st)
	}
	var slot postprocess.Slot
	sels := p.Selectors
	for i := 0; i < len(st.hits); i++ {
		h := st.hits[i]
		if h < 0 {
			continue
		}
		st.running(placeStep, h, 0)
		for j, step := range sels[h].Pipeline {
			st.at.el = int32(j)
			if st.budget.Expired() {
				return nil, stepTimedOut(in, step, st)
			}
			var err error
			if step.Kind == StepOp && step.Op.SlotReady() {
				cur, err = step.Op.RunSlot(cur, &slot, &st.scratch)
			} else {
				slot.Reset()
				cur, err = step.run(cur, st)
			}
			if err != nil {
				return nil, dead(in, step.Rule, errCode(err, CodeOperation), err)
			}
			if cur == nil {
				return nil, nil
			}
		}
	}
	return nonEmpty(cur), nil
}

// postProcessTraced is postProcess with each step shown to st.Tracer:
// every step is run by itself (Step.run), without a slot.
func (p *Plan) postProcessTraced(in, cur *record.Record, st *State) (*record.Record, *DeadLetter) {
	for i := 0; i < len(st.hits) && cur != nil; i++ {
		h := st.hits[i]
		if h < 0 {
			continue
		}
		for j, step := range p.Selectors[h].Pipeline {
			var err error
			st.running(placeStep, h, j)
			if st.budget.Expired() {
				return nil, stepTimedOut(in, step, st)
			}
			st.Tracer.Stepping(h, step, cur)
			cur, err = step.run(cur, st)
			st.Tracer.Stepped(h, step, cur, err)
			if err != nil {
				return nil, dead(in, step.Rule, errCode(err, CodeOperation), err)
			}
			if cur == nil {
				return nil, nil
			}
		}
	}
	return nonEmpty(cur), nil
}

// stepTimedOut is the dead letter of a record whose regex budget ran out
// before step.
func stepTimedOut(in *record.Record, step *Step, st *State) *DeadLetter {
	return dead(in, step.Rule, CodeTimeout, fmt.Errorf("%w before this step (the record's --record-timeout budget is spent)", st.budget.Err()))
}

// nonEmpty is r unless it is nil or has no keys left.
func nonEmpty(r *record.Record) *record.Record {
	if r == nil || r.Data.Len() == 0 {
		return nil
	}
	return r
}

// output applies output:false restrictions and other_match_required.
// restrictAt is where the extractions noted the output:false keys they
// appended (State.restrictAt): they are removed from there when they are
// still there (post-processing may have moved, removed or added keys),
// else looked for.
func (p *Plan) output(r *record.Record, tr Tracer, restrictAt uint64) *record.Record {
	if len(p.Restrict) > 0 {
		switch {
		case tr != nil || p.restrictKeys == nil:
			for i := range p.Restrict {
				if tr != nil {
					tr.Restricting(&p.Restrict[i], r)
				}
				p.Restrict[i].Path.Unset(r.Data)
			}
		case p.restrictTargets != nil && r.Data.DeleteTargetsAt(p.restrictTargets, restrictAt):
		default:
			r.Data.DeleteKeys(p.restrictKeys)
		}
		if r.Data.Len() == 0 {
			return nil
		}
	}
	if len(p.Require) > 0 && !p.requirementsMet(r.Data) {
		if tr != nil {
			tr.Unmet(r)
		}
		return nil
	}
	return r
}

// requirementsMet is other_match_required: a record whose keys are all
// required ones is dropped. Keys are distinct, so counting the required
// names present tells whether another key is there, without reading (and
// so decoding) any value; and a record with more keys than there are
// required names has another key, whichever of them it has (the usual
// output: no lookup at all).
func (p *Plan) requirementsMet(o *record.Object) bool {
	names := p.required
	if names == nil { // a plan built by hand, without Finish
		names = requiredNames(p.Require)
	}
	if o.Len() > len(names) {
		return true
	}
	n := 0
	for _, k := range names {
		if o.Has(k) {
			n++
		}
	}
	return n == 0 || o.Len() > n
}

// singleKeys lists the output:false keys when every path is a single key,
// else nil.
func singleKeys(rs []Restriction) []string {
	if len(rs) == 0 {
		return nil
	}
	keys := make([]string, 0, len(rs))
	for _, x := range rs {
		if !x.Path.Simple() {
			return nil
		}
		keys = append(keys, x.Path.String())
	}
	return keys
}

// requiredNames lists the distinct required fields.
func requiredNames(req []Requirement) []string {
	names := make([]string, 0, len(req))
	for _, q := range req {
		if !slices.Contains(names, q.Field) {
			names = append(names, q.Field)
		}
	}
	return names
}

// Dead-letter codes.
const (
	CodeExtract   = "RUN001" // an extraction failed (exp error, regex timeout)
	CodeOperation = "RUN002" // a post-process operation failed
	CodeTimeout   = "RUN003" // a selector or operation regex timed out, or the record's regex budget is spent (extractions keep RUN001)
)

// errCode is CodeTimeout for a regex timeout, else code.
func errCode(err error, code string) string {
	if jsre.IsTimeout(err) {
		return CodeTimeout
	}
	return code
}

func dead(r *record.Record, rule RuleRef, code string, err error) *DeadLetter {
	return &DeadLetter{Record: r, Rule: rule, Code: code, Message: boundMessage(err.Error())}
}

// MaxDeadMessage bounds a dead letter's message: a regex timeout quotes its
// whole input, which may be megabytes (rulec run and the transform
// operation both write the message).
const MaxDeadMessage = 1000

// boundMessage cuts m to MaxDeadMessage bytes at the start of a character
// and says how many bytes were left out; the rest of m is kept as it is,
// like a message that needs no cut.
func boundMessage(m string) string {
	if len(m) <= MaxDeadMessage {
		return m
	}
	cut := MaxDeadMessage
	for cut > 0 && !utf8.RuneStart(m[cut]) {
		cut--
	}
	return m[:cut] + "... (" + strconv.Itoa(len(m)-cut) + " more bytes)"
}
