package job

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// Options are what validation needs beyond the job file.
type Options struct {
	Conns     *Connections     // nil: loopback defaults
	Now       func() time.Time // nil: time.Now
	AssetsDir string           // "" : "assets" next to the job file
	// Dir is the directory relative paths of the job fall back to, during
	// validation (job-level checks that read files) and after ("" : none).
	Dir string
}

// Load reads and validates a job file.
func Load(path string, opt Options) (*Job, *diag.List) {
	text, err := os.ReadFile(path)
	if err != nil {
		var l diag.List
		l.Add(diag.New(CodeIO, diag.Span{Src: diag.NewSource(path, nil)}, "cannot read job file: %v", err))
		return nil, &l
	}
	if opt.AssetsDir == "" {
		opt.AssetsDir = filepath.Join(filepath.Dir(path), "assets")
	}
	opt.Dir = filepath.Dir(path)
	return Validate(diag.NewSource(path, text), opt)
}

// Validate checks a job document and returns every problem in one list
// (sorted by position). The job is nil when there are errors.
//
// The order is the reference's (spec 1.2): the top level; every operation
// against its schema; operations that create their own api (short form);
// every api against its schema; the apis' job-level checks; the api
// references; the operations' job-level checks.
func Validate(src *diag.Source, opt Options) (*Job, *diag.List) {
	v := &validator{opt: opt.withDefaults()}
	v.run(src)
	v.diags.Sort()
	v.diags.Dedup()
	if v.diags.HasErrors() {
		return nil, &v.diags
	}
	return v.job, &v.diags
}

func (o Options) withDefaults() Options {
	if o.Conns == nil {
		o.Conns = DefaultConnections()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

type validator struct {
	opt     Options
	job     *Job
	lastOp  int // index of the last operation
	diags   diag.List
	apiRefs []apiRef
}

type apiRef struct {
	name string
	from *Config
	key  string
}

func (v *validator) run(src *diag.Source) {
	doc, spans, d := ParseDocument(src)
	if d != nil {
		v.diags.Add(d)
		return
	}
	for _, ptr := range spans.dups {
		v.diags.Add(diag.Warn(CodeDuplicate, spans.Key(ptr), "duplicate key %s: the last value wins", ptrLabel(ptr)))
	}
	top, ok := doc.(*record.Object)
	if !ok {
		v.diags.Add(diag.New(CodeShape, spans.Value(""), "a job file must be a JSON object, got %s", record.TypeName(doc)))
		return
	}
	v.job = &Job{Source: src, Spans: spans, Dir: v.opt.Dir, AssetsDir: v.opt.AssetsDir, Conns: v.opt.Conns}
	v.topLevel(top)
	v.operations()
	v.prepare()
	v.apis()
	v.jobChecks(v.job.APIs)
	v.apiReferences()
	v.jobChecks(v.job.Operations)
}

func ptrLabel(ptr string) string {
	if ptr == "" {
		return "(document)"
	}
	return ptr[1:]
}

// topLevel validates the job's own keys.
func (v *validator) topLevel(top *record.Object) {
	spec := jobSpec()
	c := &Config{Name: "job", Label: "job", Spec: spec, Obj: top, spans: v.job.Spans}
	v.job.Top = c
	for _, pe := range spec.applyParams(c) {
		v.paramDiag(c, pe, "job")
	}
	v.unknownKeys(c, "job", func(k string) bool { return spec.Param(k) != nil || clusterKeys[k] })
	j := v.job
	j.Name, j.Lifecycle = c.String("name"), c.String("lifecycle")
	j.Workers, j.Slicers, j.MaxRetries = c.Int("workers"), c.Int("slicers"), c.Int("max_retries")
	j.ProbationWindow = c.Int("probation_window")
	j.Assets = c.Strings("assets")
	if len(j.Assets) > 0 {
		v.diags.Add(&diag.Diagnostic{Code: CodeIgnored, Severity: diag.Info, Span: c.KeySpan("assets"),
			Msg: "assets are accepted and ignored: every operation is built into sluice"})
	}
}

// paramDiag turns a parameter problem into a diagnostic at the parameter.
func (v *validator) paramDiag(c *Config, pe *ParamError, where string) {
	span := c.Span(pe.Param)
	msg := fmt.Sprintf("%s: %s", where, pe.Error())
	if pe.Shown {
		msg += "; given " + shortJSON(pe.Given)
	} else if pe.Param != "" && !c.spanHas(pe.Param) {
		msg += "; the parameter is not set"
	}
	d := diag.New(CodeParam, span, "%s", msg)
	if pe.Warning {
		d.Severity = diag.Warning
	}
	v.diags.Add(d)
}

func (c *Config) spanHas(param string) bool {
	_, ok := c.spans.vals[Pointer(c.Ptr, param)]
	return ok
}

func shortJSON(v any) string {
	s := record.JSON(v)
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}

// unknownKeys warns about keys no schema knows, suggesting a close one.
func (v *validator) unknownKeys(c *Config, where string, known func(string) bool) {
	for _, k := range c.Obj.Keys() {
		if known(k) {
			continue
		}
		d := diag.Warn(CodeUnknownKey, c.KeySpan(k), "%s: unknown key %q is kept but not used", where, k)
		if s := suggest(k, c.knownNames(known)); s != "" {
			d.WithNote("did you mean %q?", s)
		}
		v.diags.Add(d)
	}
}

func (c *Config) knownNames(known func(string) bool) []string {
	var names []string
	if c.Spec != nil {
		for _, p := range c.Spec.Params {
			names = append(names, p.Name)
		}
	}
	for _, p := range CommonParams(c.Spec.kindOr(KindProcessor)) {
		names = append(names, p.Name)
	}
	return names
}

func (s *Spec) kindOr(k Kind) Kind {
	if s == nil || s.Kind == 0 {
		return k
	}
	return s.Kind
}
