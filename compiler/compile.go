package compiler

import (
	"fmt"
	_ "github.com/sluice-dev/sluice/postprocess/all"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// Config is the engine configuration of the reference (rules aside):
// type_config, variables and the mode.
type Config struct {
	Types     map[string]string
	Variables map[string]any // nil: no variables configured
	Mode      plan.Mode
	Now       time.Time // date math anchor; zero means time.Now()
}

func (c Config) variables() map[string]any {
	if c.Variables == nil {
		return map[string]any{}
	}
	return c.Variables
}

// Stage is one named compiler stage.
type Stage struct {
	Name string
	run  func(*state)
}

// Stages is the compiler's stage table, in order.
var Stages = []Stage{
	{"load", (*state).load},
	{"normalize", (*state).normalize},
	{"graph", (*state).graph},
	{"order", (*state).order},
	{"expand", (*state).expand},
	{"program", (*state).program},
	{"bind", (*state).bind},
	{"check", (*state).check},
}

type state struct {
	cfg     Config
	sources []*diag.Source
	diags   diag.List
	rules   []*Rule
	tags    map[string][]string
	g       *graph
	ordered []*Rule
	list    []*Rule
	prog    *program
	plan    *plan.Plan
}

// Compile compiles rule sources (in order; tags are global across them).
// It always returns every diagnostic found; the plan is nil when there are
// errors.
func Compile(sources []*diag.Source, cfg Config) (*plan.Plan, *diag.List) {
	st := &state{cfg: cfg, sources: sources}
	for _, s := range Stages {
		// Every stage runs even after errors, so one run reports every
		// problem; stages skip what earlier errors made meaningless.
		s.run(st)
	}
	st.diags.Sort()
	st.diags.Dedup()
	if st.diags.HasErrors() {
		return nil, &st.diags
	}
	return st.plan, &st.diags
}

// CompileFiles reads and compiles rule files.
func CompileFiles(paths []string, cfg Config) (*plan.Plan, *diag.List) {
	return CompileFS(osFS{}, paths, cfg)
}

// CompileFS reads and compiles rule files from fsys.
func CompileFS(fsys fs.FS, names []string, cfg Config) (*plan.Plan, *diag.List) {
	var srcs []*diag.Source
	var l diag.List
	for _, n := range names {
		b, err := readLimited(fsys, n, MaxRuleFile)
		if err != nil {
			l.Add(diag.New(CodeIO, diag.Span{Src: diag.NewSource(n, nil)}, "cannot read rule file: %v", err))
			continue
		}
		srcs = append(srcs, diag.NewSource(n, b))
	}
	if l.HasErrors() {
		return nil, &l
	}
	return Compile(srcs, cfg)
}

// MaxRuleFile bounds the size of one rule file (20,000 rules take a few
// MB): a path such as /dev/zero or a data file given by mistake is an error,
// not a process that reads until memory runs out.
const MaxRuleFile = 256 << 20

// readLimited reads a file of at most max bytes.
func readLimited(fsys fs.FS, name string, max int64) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(b)) > max {
		err = fmt.Errorf("larger than %d MiB: not a rule file", max>>20)
	}
	return b, err
}

// osFS reads paths as given (relative or absolute), unlike os.DirFS.
type osFS struct{}

func (osFS) Open(name string) (fs.File, error) { return os.Open(name) }

func (st *state) load() {
	for _, src := range st.sources {
		st.rules = append(st.rules, load(src, len(st.rules), &st.diags)...)
	}
}

func (st *state) normalize() {
	kept := st.rules[:0]
	for _, r := range st.rules {
		if normalize(r, &st.diags) {
			kept = append(kept, r)
		}
	}
	st.rules = kept
}

func (st *state) graph() {
	st.tags = buildTagMap(st.rules)
	st.g = buildGraph(st.rules, st.tags, &st.diags)
	for _, c := range st.g.cycles() {
		st.diags.Add(cycleDiag(st.g, c))
	}
}

func cycleDiag(g *graph, ids []string) *diag.Diagnostic {
	first := g.payload[ids[len(ids)-1]]
	d := diag.New(CodeCycle, first.valSpan("follow"), "tag/follow cycle: this rule depends on its own output")
	for i := len(ids) - 2; i >= 0; i-- {
		r := g.payload[ids[i]]
		d.Related = append(d.Related, diag.Related{Span: r.valSpan("follow"), Msg: fmt.Sprintf("follows %q", r.str("follow"))})
	}
	return d
}

func (st *state) order() {
	for _, id := range st.g.topsort() {
		st.ordered = append(st.ordered, st.g.payload[id])
	}
}

func (st *state) expand() {
	x := &expander{tags: st.tags, diags: &st.diags, nextID: len(st.rules)}
	st.list = x.run(st.ordered)
}

func (st *state) program() {
	st.prog = buildProgram(st.list)
	if len(st.prog.selectors) == 0 && !st.diags.HasErrors() {
		span := diag.Span{}
		if len(st.sources) > 0 {
			span.Src = st.sources[0]
		}
		st.diags.Add(diag.New(CodeNoRules, span, "no selector configurations were found: the rules select nothing"))
	}
}

func (st *state) bind() {
	b := &binder{cfg: st.cfg, diags: &st.diags, matchers: map[string]*plan.Selector{}}
	p := &plan.Plan{Mode: st.cfg.Mode, Types: st.cfg.Types, Variables: st.cfg.Variables}
	for _, q := range st.prog.selectors {
		first := st.prog.firstRule[q]
		s := b.selector(q, first, true)
		if s == nil {
			continue
		}
		for _, r := range st.prog.extractions[q] {
			if e := b.extraction(r, false); e != nil {
				s.Extractions = append(s.Extractions, e)
			}
		}
		for _, r := range st.prog.post[q] {
			if step := b.step(r); step != nil {
				s.Pipeline = append(s.Pipeline, step)
			}
		}
		p.Selectors = append(p.Selectors, s)
	}
	for _, r := range st.prog.restrict {
		p.Restrict = append(p.Restrict, plan.Restriction{Path: record.ParsePath(r.path), Rule: ref(r.rule)})
	}
	for _, r := range st.prog.require {
		p.Require = append(p.Require, plan.Requirement{Field: r.field, Selector: r.selector, Rule: ref(r.rule)})
	}
	st.plan = p
	p.Finish()
}

// check adds warnings that do not stop compilation.
func (st *state) check() {
	for _, q := range st.prog.selectors {
		group := st.prog.extractions[q]
		if len(group) == 1 && group[0].truthy("other_match_required") {
			st.diags.Add(diag.Warn(CodeOtherMatchAlone, group[0].keySpan("other_match_required"),
				"other_match_required on the only extraction of selector %q: it only produces output when another selector also extracts", q))
		}
	}
	st.lint()
}
