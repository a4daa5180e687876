package plan

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Dump writes the plan as deterministic text: selectors with their index
// buckets, extraction groups, post-process pipelines and the output pass,
// each element with its rule's file:line.
func (p *Plan) Dump(w io.Writer) {
	fmt.Fprintf(w, "plan: %d selector(s), mode %s, phases: %s\n", len(p.Selectors), p.modeName(), strings.Join(p.Phases(), ", "))
	p.dumpIndex(w)
	for i, s := range p.Selectors {
		fmt.Fprintf(w, "\n[%d] %s  (%s)\n", i, s.Query, s.Rule.Pos())
		for _, e := range s.Extractions {
			fmt.Fprintf(w, "    extract  %s  (%s)%s\n", e.describe(), e.Rule.Pos(), tagSuffix(e.Tags, ""))
		}
		for _, st := range s.Pipeline {
			fmt.Fprintf(w, "    post     %s  (%s)%s\n", st.describe(), st.Rule.Pos(), tagSuffix(st.Tags, st.Follow))
		}
	}
	p.dumpOutput(w)
}

func (p *Plan) modeName() string {
	if p.Mode == Matcher {
		return "matcher"
	}
	return "transform"
}

// Phases lists the phases the plan runs.
func (p *Plan) Phases() []string {
	ph := []string{"selection"}
	if p.Extracting {
		ph = append(ph, "extraction")
	}
	if p.Processing {
		ph = append(ph, "post_process")
	}
	return append(ph, "output")
}

func (p *Plan) dumpIndex(w io.Writer) {
	if p.index == nil {
		fmt.Fprintln(w, "selector index: none (every selector is evaluated)")
		return
	}
	fmt.Fprintln(w, "selector index:")
	for _, f := range p.index.fields {
		for _, b := range f.buckets() {
			fmt.Fprintf(w, "    %s = %s -> %v\n", f.path.String(), b.key, b.sels)
		}
	}
	fmt.Fprintf(w, "    always evaluated: %v\n", p.index.always)
}

type bucket struct {
	key  string
	sels []int
}

func (f *indexField) buckets() []bucket {
	var out []bucket
	for k, v := range f.strings {
		out = append(out, bucket{strconv.Quote(k), v})
	}
	for k, v := range f.numbers {
		out = append(out, bucket{strconv.FormatFloat(k, 'g', -1, 64), v})
	}
	for i, v := range f.bools {
		if len(v) > 0 {
			out = append(out, bucket{strconv.FormatBool(i == 1), v})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out
}

func (p *Plan) dumpOutput(w io.Writer) {
	fmt.Fprintln(w, "\noutput:")
	if len(p.Restrict) == 0 && len(p.Require) == 0 {
		fmt.Fprintln(w, "    (records are emitted as they are)")
	}
	for _, r := range p.Restrict {
		fmt.Fprintf(w, "    remove %s (output:false)  (%s)\n", r.Path.String(), r.Rule.Pos())
	}
	for _, r := range p.Require {
		fmt.Fprintf(w, "    %s only with another field (other_match_required)  (%s)\n", r.Field, r.Rule.Pos())
	}
}

func tagSuffix(tags []string, follow string) string {
	var parts []string
	if follow != "" {
		parts = append(parts, "follows "+follow)
	}
	if len(tags) > 0 {
		parts = append(parts, "tags "+strings.Join(tags, ","))
	}
	if len(parts) == 0 {
		return ""
	}
	return "  [" + strings.Join(parts, "; ") + "]"
}

func (e *Extraction) describe() string {
	src := e.Spec.Source
	if !e.Spec.HasSource {
		src = "(record)"
	}
	var how []string
	if e.Slice {
		how = append(how, fmt.Sprintf("start %q end %q", e.Spec.Start, e.Spec.End))
	}
	if e.Regex != nil {
		how = append(how, "regex "+e.Regex.String())
	}
	if e.Exp != nil {
		how = append(how, "exp "+strconv.Quote(e.Exp.Source))
	}
	switch e.Multi {
	case MultiTrue:
		how = append(how, "multivalue")
	case MultiFalse:
		how = append(how, "first value")
	}
	s := src
	if len(how) > 0 {
		s += " [" + strings.Join(how, ", ") + "]"
	}
	return s + " -> " + e.Spec.Target
}

func (s *Step) describe() string {
	switch s.Kind {
	case StepExtraction:
		mode := "new record"
		if s.Extraction.Mutate {
			mode = "in place"
		}
		return "extraction " + s.Extraction.describe() + " (" + mode + ")"
	case StepSelector:
		return "selector " + strconv.Quote(s.Query)
	case StepJoin, StepArray:
		return fmt.Sprintf("%s %s -> %s", s.Name, joinPaths(s), s.Target.String())
	}
	d := s.Name + " " + s.Op.Source.String()
	if !s.Op.InPlace {
		d += " -> " + s.Op.Target.String()
	}
	if s.Op.Invert {
		d += " (inverted: output:false)"
	}
	return d
}

func joinPaths(s *Step) string {
	names := make([]string, len(s.Fields))
	for i, f := range s.Fields {
		names[i] = f.String()
	}
	out := strings.Join(names, ", ")
	if s.Kind == StepJoin {
		out += fmt.Sprintf(" with %q", s.Delimiter)
	}
	return out
}
