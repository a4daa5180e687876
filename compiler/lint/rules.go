package lint

import (
	"hash/maphash"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// inertRules: a rule with follow but no selector, operation or extraction
// (normalisation turns follow+source into an extraction) does nothing. When
// its tag is followed the compiler already reports RUL012.
func inertRules(a *analysis) {
	for _, r := range a.rules {
		if r.has("follow") && !r.has("selector") && !r.has("post_process") && !r.has("validation") {
			a.warn(CodeInertRule, r.Span, "this rule does nothing: it follows %q but has no post_process, validation, source or exp", r.str("follow")).
				WithNote("add the operation it was meant to run, or delete it")
		}
	}
}

// duplicateRules: a rule identical (key order aside) to an earlier one adds
// nothing but a second copy of its work.
func duplicateRules(a *analysis) {
	seed := maphash.MakeSeed()
	sums := make([]uint64, len(a.rules))
	count := make(map[uint64]int, len(a.rules))
	var buf []byte
	for i, r := range a.rules {
		sums[i], buf = memberSum(seed, r.Obj, buf)
		count[sums[i]]++
	}
	first := map[string]*Rule{}
	for i, r := range a.rules {
		if count[sums[i]] < 2 {
			continue // no other rule can be identical: skip its sorted JSON
		}
		k := record.SortedJSON(r.Obj)
		if prev, ok := first[k]; ok {
			d := a.warn(CodeDuplicate, r.Span, "this rule is identical to an earlier one and is shadowed by it")
			d.Related = append(d.Related, related(prev, "the earlier rule"))
			continue
		}
		first[k] = r
	}
}

// memberSum is a cheap fingerprint of a rule that identical rules share
// whatever their key order: the sum of the hashes of its members, each its
// JSON key with, for a string, its JSON value (what SortedJSON writes).
// Rules with different sums cannot have the same SortedJSON.
func memberSum(seed maphash.Seed, obj *record.Object, buf []byte) (uint64, []byte) {
	sum := uint64(obj.Len())
	for i := range obj.Len() {
		k, v := obj.At(i)
		buf = record.AppendString(buf[:0], k)
		if s, ok := v.(string); ok {
			buf = record.AppendString(append(buf, ':'), s)
		}
		sum += maphash.Bytes(seed, buf)
	}
	return sum, buf
}

// unfollowedTags: a tag exists only to be followed; one that no rule follows
// is a typo on one side or a leftover.
func unfollowedTags(a *analysis) {
	followed := a.followers()
	for _, r := range a.rules {
		for _, t := range r.tags() {
			if len(followed[t]) == 0 {
				a.warn(CodeUnfollowedTag, tagSpan(r), "no rule follows the tag %q", t).
					WithNote("tags only serve follow; remove it or add {\"follow\": %q, ...}", t)
			}
		}
	}
}

func tagSpan(r *Rule) diag.Span {
	if r.has("tag") {
		return r.ValSpan("tag")
	}
	return r.ValSpan("tags")
}

// removedResults: a rule whose result output:false removes and that no rule
// follows computes a field nothing ever sees.
func removedResults(a *analysis) {
	followed := a.followers()
	for _, r := range a.rules {
		if out, ok := r.Obj.Get("output"); !ok || out != false || r.has("validation") {
			continue
		}
		if !anyFollowed(r.tags(), followed) {
			a.warn(CodeRemovedResult, r.KeySpan("output"), "this rule's result is removed from the output and no rule follows it: its work is lost").
				WithNote("output:false is for intermediate fields that a following rule reads; tag the rule and follow it, or drop the rule")
		}
	}
}

func anyFollowed(tags []string, followed map[string][]*Rule) bool {
	for _, t := range tags {
		if len(followed[t]) > 0 {
			return true
		}
	}
	return false
}
