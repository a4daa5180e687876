package plan

import (
	"encoding/json"
	"fmt"

	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/lang/selector"
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/record"
)

// FormatVersion is the version of the serialised plan format.
const FormatVersion = 1

// The serialised form keeps the compiled structure (selector table order,
// groups, pipelines in their final order, output pass); Load re-binds its
// leaves (selector matchers, regexes, expressions, operations) without
// reading rule files or re-running the compiler's stages.
type planJSON struct {
	Version   int               `json:"version"`
	Mode      Mode              `json:"mode"`
	Types     map[string]string `json:"type_config,omitempty"`
	Variables map[string]any    `json:"variables,omitempty"`
	Selectors []selectorJSON    `json:"selectors"`
	Restrict  []restrictJSON    `json:"restrict,omitempty"`
	Require   []Requirement     `json:"require,omitempty"`
}

type selectorJSON struct {
	Query       string           `json:"query"`
	Rule        RuleRef          `json:"rule"`
	Extractions []extractionJSON `json:"extractions,omitempty"`
	Pipeline    []stepJSON       `json:"pipeline,omitempty"`
}

type extractionJSON struct {
	Rule   RuleRef        `json:"rule"`
	Spec   ExtractionSpec `json:"spec"`
	Multi  Multivalue     `json:"multi"`
	Mutate bool           `json:"mutate,omitempty"`
	Tags   []string       `json:"tags,omitempty"`
}

type stepJSON struct {
	Kind       StepKind        `json:"kind"`
	Rule       RuleRef         `json:"rule"`
	Name       string          `json:"name"`
	Args       json.RawMessage `json:"args,omitempty"`
	Source     string          `json:"source,omitempty"`
	Sources    []string        `json:"sources,omitempty"`
	Target     string          `json:"target,omitempty"`
	Invert     bool            `json:"invert,omitempty"`
	OpSources  []string        `json:"op_sources,omitempty"`
	Extraction *extractionJSON `json:"extraction,omitempty"`
	Query      string          `json:"query,omitempty"`
	Fields     []string        `json:"fields,omitempty"`
	Delimiter  string          `json:"delimiter,omitempty"`
	Tags       []string        `json:"tags,omitempty"`
	Follow     string          `json:"follow,omitempty"`
}

type restrictJSON struct {
	Path string  `json:"path"`
	Rule RuleRef `json:"rule"`
}

// Marshal serialises the plan.
func (p *Plan) Marshal() ([]byte, error) {
	out := planJSON{Version: FormatVersion, Mode: p.Mode, Types: p.Types, Variables: p.Variables, Require: p.Require}
	for _, s := range p.Selectors {
		sj := selectorJSON{Query: s.Query, Rule: s.Rule}
		for _, e := range s.Extractions {
			sj.Extractions = append(sj.Extractions, extractionOut(e))
		}
		for _, st := range s.Pipeline {
			sj.Pipeline = append(sj.Pipeline, stepOut(st))
		}
		out.Selectors = append(out.Selectors, sj)
	}
	for _, r := range p.Restrict {
		out.Restrict = append(out.Restrict, restrictJSON{r.Path.String(), r.Rule})
	}
	return json.Marshal(out)
}

func extractionOut(e *Extraction) extractionJSON {
	return extractionJSON{Rule: e.Rule, Spec: e.Spec, Multi: e.Multi, Mutate: e.Mutate, Tags: e.Tags}
}

func stepOut(st *Step) stepJSON {
	sj := stepJSON{Kind: st.Kind, Rule: st.Rule, Name: st.Name, Source: st.Source, Sources: st.Sources, Target: st.TargetAs,
		Query: st.Query, Delimiter: st.Delimiter, Tags: st.Tags, Follow: st.Follow}
	if st.Args != nil {
		sj.Args = json.RawMessage(record.JSON(st.Args))
	}
	if st.Extraction != nil {
		e := extractionOut(st.Extraction)
		sj.Extraction = &e
	}
	for _, f := range st.Fields {
		sj.Fields = append(sj.Fields, f.String())
	}
	if st.Op != nil {
		sj.Source, sj.Target, sj.Invert = st.Op.Source.String(), st.Op.Target.String(), st.Op.Invert
		for _, s := range st.Op.Sources {
			sj.OpSources = append(sj.OpSources, s.String())
		}
	}
	return sj
}

// Load restores a plan written by Marshal. The operation registry must hold
// every operation the plan names (import postprocess/all).
func Load(data []byte) (*Plan, error) {
	var in planJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, fmt.Errorf("plan: %v", err)
	}
	if in.Version != FormatVersion {
		return nil, fmt.Errorf("plan: format version %d, this build reads %d", in.Version, FormatVersion)
	}
	p := &Plan{Mode: in.Mode, Types: in.Types, Variables: in.Variables, Require: in.Require}
	for _, sj := range in.Selectors {
		s, err := p.loadSelector(sj)
		if err != nil {
			return nil, err
		}
		p.Selectors = append(p.Selectors, s)
	}
	for _, r := range in.Restrict {
		p.Restrict = append(p.Restrict, Restriction{Path: record.ParsePath(r.Path), Rule: r.Rule})
	}
	p.Finish()
	return p, nil
}

func (p *Plan) loadSelector(sj selectorJSON) (*Selector, error) {
	s := &Selector{Query: sj.Query, Rule: sj.Rule, All: sj.Query == "*"}
	if !s.All {
		vars := p.Variables
		if vars == nil {
			vars = map[string]any{}
		}
		n, err := selector.Parse(sj.Query, selector.Options{Types: p.Types, Variables: vars})
		if err == nil {
			s.AST = n
			s.Matcher, err = selector.Build(n, sj.Query, selector.Options{Types: p.Types, Variables: vars})
		}
		if err != nil {
			return nil, fmt.Errorf("plan: selector %q (%s): %v", sj.Query, sj.Rule.Pos(), err)
		}
	}
	for _, ej := range sj.Extractions {
		e, err := loadExtraction(ej)
		if err != nil {
			return nil, err
		}
		s.Extractions = append(s.Extractions, e)
	}
	for _, stj := range sj.Pipeline {
		st, err := loadStep(stj)
		if err != nil {
			return nil, err
		}
		s.Pipeline = append(s.Pipeline, st)
	}
	return s, nil
}

// SpecError is an extraction rule value that does not compile; Field is the
// rule key ("regex" or "exp").
type SpecError struct {
	Field string
	Err   error
}

func (e *SpecError) Error() string { return e.Field + ": " + e.Err.Error() }

// NewExtraction builds an extraction from its rule values, compiling its
// regex and expression once. Errors are *SpecError.
func NewExtraction(rule RuleRef, spec ExtractionSpec, multi Multivalue, mutate bool) (*Extraction, error) {
	e := &Extraction{Rule: rule, Spec: spec, Multi: multi, Mutate: mutate, Target: record.ParsePath(spec.Target)}
	if segs := e.Target.Segments(); len(segs) == 1 {
		e.targetKey, e.oneKeyTarget, e.target = segs[0], true, record.NewTarget(segs[0])
	}
	if spec.HasSource {
		e.HasSource, e.Source, e.Direct = true, record.ParsePath(spec.Source), !containsDot(spec.Source)
		if e.Direct {
			e.key, e.keyed = record.NewKey(spec.Source), true
		}
	}
	if spec.Start != "" && spec.End != "" {
		e.Start, e.End, e.Slice = spec.Start, spec.End, true
		if e.End == "EOP" {
			e.End = "&"
		}
	}
	if spec.Regex != "" {
		re, err := jsre.Compile(spec.Regex, spec.RegexFlags)
		if err != nil {
			return nil, &SpecError{"regex", err}
		}
		e.Regex = re
	}
	if spec.Exp != "" {
		x, err := CompileExpr(spec.Exp)
		if err != nil {
			return nil, &SpecError{"exp", err}
		}
		e.Exp = x
	}
	e.plain = e.keyed && e.oneKeyTarget && e.Regex == nil && !e.Slice && e.Exp == nil
	return e, nil
}

func containsDot(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return true
		}
	}
	return false
}

func loadExtraction(ej extractionJSON) (*Extraction, error) {
	e, err := NewExtraction(ej.Rule, ej.Spec, ej.Multi, ej.Mutate)
	if err != nil {
		return nil, fmt.Errorf("plan: extraction (%s): %v", ej.Rule.Pos(), err)
	}
	e.Tags = ej.Tags
	return e, nil
}

func loadStep(sj stepJSON) (*Step, error) {
	st := &Step{Kind: sj.Kind, Rule: sj.Rule, Name: sj.Name, Source: sj.Source, Sources: sj.Sources, TargetAs: sj.Target,
		Query: sj.Query, Delimiter: sj.Delimiter, Tags: sj.Tags, Follow: sj.Follow, SelIndex: -1}
	if len(sj.Args) > 0 {
		o, err := record.ParseObject(sj.Args)
		if err != nil {
			return nil, fmt.Errorf("plan: step %s (%s): %v", sj.Name, sj.Rule.Pos(), err)
		}
		st.Args = o
	}
	var err error
	switch sj.Kind {
	case StepExtraction:
		st.Extraction, err = loadExtraction(*sj.Extraction)
	case StepSelector:
		st.Matcher, err = selector.Compile(sj.Query, selector.Options{Variables: map[string]any{}})
	case StepJoin, StepArray:
		for _, f := range sj.Fields {
			st.Fields = append(st.Fields, record.ParsePath(f))
		}
		st.Target = record.ParsePath(sj.Target)
	default:
		st.Op, err = loadOp(sj, st.Args)
	}
	if err != nil {
		return nil, fmt.Errorf("plan: step %s (%s): %v", sj.Name, sj.Rule.Pos(), err)
	}
	return st, nil
}

func loadOp(sj stepJSON, args *record.Object) (*postprocess.Op, error) {
	spec, ok := postprocess.Lookup(sj.Name)
	if !ok {
		return nil, fmt.Errorf("unknown operation %q", sj.Name)
	}
	src, tgt := sj.Source, sj.Target
	if spec.RewritePaths != nil {
		// the stored paths are already rewritten
		spec = withoutRewrite(spec)
	}
	return postprocess.NewOp(spec, args, src, sj.OpSources, tgt, sj.Invert)
}

func withoutRewrite(s *postprocess.Spec) *postprocess.Spec {
	c := *s
	c.RewritePaths = nil
	return &c
}

// Finish sets the phase flags, links selector steps to the selector table and
// builds the selector index. The compiler and Load call it.
func (p *Plan) Finish() {
	idx := map[string]int{}
	p.Extracting, p.Processing = false, false
	for i, s := range p.Selectors {
		idx[s.Query] = i
		if p.Mode == Transform {
			p.Extracting = p.Extracting || len(s.Extractions) > 0
			p.Processing = p.Processing || len(s.Pipeline) > 0
		}
	}
	for _, s := range p.Selectors {
		for _, st := range s.Pipeline {
			if st.Kind == StepSelector {
				if i, ok := idx[st.Query]; ok {
					st.SelIndex = i
				}
			}
		}
	}
	p.required = requiredNames(p.Require)
	p.restrictKeys = singleKeys(p.Restrict)
	p.markFreshTargets()
	p.BuildIndex()
}
