package job

import (
	"fmt"
	"sort"
	"sync"

	"github.com/sluice-dev/sluice/record"
)

// Kind says what an operation is in a job.
type Kind uint8

const (
	// KindReader is the first operation of a job: a slicer on the
	// controller plus a fetcher on every worker.
	KindReader Kind = iota + 1
	// KindProcessor transforms the records of a slice.
	KindProcessor
	// KindAPI is an api configured in the job's "apis" list.
	KindAPI
)

func (k Kind) String() string {
	switch k {
	case KindReader:
		return "reader"
	case KindProcessor:
		return "processor"
	case KindAPI:
		return "api"
	}
	return "unknown"
}

// Spec is the registry entry of an operation or api: its schema (from which
// both validation and `pipeline docs` come), its job-level checks, its
// examples and its constructors.
type Spec struct {
	Name    string
	Kind    Kind
	Summary string // one line
	Doc     string // more detail, Markdown
	Params  []*Param

	// ValidateJob runs the job-level checks once the whole job is validated
	// (the reference's validateJob). Return *ParamError to point at a
	// parameter.
	ValidateJob func(j *Job, c *Config) []error
	// SendsThrough (optional) names the apis the operation sends records
	// through besides its `_api_name` / `api_name` (routed_sender's
	// routing values may name apis): the records those apis dead-letter
	// count in this operation's line of the job summary.
	SendsThrough func(j *Job, c *Config) []string
	// ReadsFromLast (readers) names keys the reader reads from the job's
	// last operation, or from the api that operation names in _api_name
	// (data_generator reads `size` there, its slice size, as the reference
	// does): they are not unknown keys of that operation or api.
	ReadsFromLast []string
	// Prepare runs after every operation is validated and before the apis
	// are: an operation that creates its own api from its parameters (the
	// short form) adds it to the job here.
	Prepare func(j *Job, c *Config) []error

	// Connection is the kind of connection (ConnSearch, ConnS3, ...) named by
	// the `_connection` or `connection` parameter, checked at validation.
	Connection string

	// SingleWorker marks operations that keep state across slices and give
	// their guarantees only when one worker runs them.
	SingleWorker bool

	Examples []Example

	NewSlicer    func(ctx *SlicerContext, c *Config) (Slicer, error)
	NewFetcher   func(ctx *OpContext, c *Config) (Fetcher, error)
	NewProcessor func(ctx *OpContext, c *Config) (Processor, error)
	NewAPI       func(ctx *OpContext, c *Config) (any, error)
}

// Example is a runnable example of an operation: one test runs every
// example of every registered operation, and `pipeline docs` prints them.
type Example struct {
	Title  string
	Config string // the operation's JSON object
	APIs   string // optional: a JSON array of api configurations the example needs
	Job    string // optional: extra top-level job keys as a JSON object (e.g. lifecycle)
	Input  string // processors: a JSON array of input records (the slice)
	// Meta is optional: a JSON array of metadata objects, one per Input
	// record (e.g. {"_key": "abc"}), for operations that read metadata.
	Meta   string
	Output string // the expected JSON array of output records; "" when Check decides
	// OutputMeta is optional: a JSON array with one object per output record
	// holding the metadata keys the example shows (e.g. the route a router
	// sets); those keys must have those values, other keys are not compared.
	OutputMeta string
	// Check verifies output that is not deterministic (random data, times).
	Check func(out []*record.Record) error
	// Files are written to a temporary directory before the example runs;
	// relative paths in Config resolve against it.
	Files map[string]string
	// Servers lists the connection kinds (ConnSearch, ConnS3, ...) whose
	// "default" connection must be a real server: the example runs against
	// the test server of each (internal/testservers) and is skipped without
	// it (a failure under CI=true).
	Servers []string
	// Setup (optional) runs before the example with the job's connections,
	// e.g. to store a document the example reads.
	Setup func(c *Connections) error
}

// Param returns the named parameter of the spec.
func (s *Spec) Param(name string) *Param {
	for _, p := range s.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// ParamError is a validation problem with one parameter of a configuration.
type ParamError struct {
	Param   string
	Msg     string
	Given   any  // the offending value
	Shown   bool // Given is meaningful
	Warning bool
}

func (e *ParamError) Error() string {
	if e.Param == "" {
		return e.Msg
	}
	return fmt.Sprintf("parameter %q: %s", e.Param, e.Msg)
}

// ParamErr is a job-level check failure pointing at a parameter.
func ParamErr(param, format string, args ...any) *ParamError {
	return &ParamError{Param: param, Msg: fmt.Sprintf(format, args...)}
}

// applyParams fills defaults, coerces and checks every parameter of c.
func (s *Spec) applyParams(c *Config) []*ParamError {
	var errs []*ParamError
	for _, p := range s.Params {
		v, ok := c.Obj.Get(p.Name)
		if !ok {
			if p.NoDefault {
				continue
			}
			v = record.DeepCopy(p.Default)
		}
		nv, err := p.Check.Run(v)
		if err != nil {
			errs = append(errs, &ParamError{Param: p.Name, Msg: err.Error(), Given: v, Shown: ok})
			nv = v
		}
		c.Obj.Set(p.Name, nv)
	}
	return errs
}

var registry = struct {
	sync.RWMutex
	specs map[string]*Spec
}{specs: map[string]*Spec{}}

// Register adds an operation or api to the registry. It panics on a
// duplicate name or an incomplete spec: registration is program setup.
func Register(s *Spec) {
	if err := s.complete(); err != nil {
		panic(err)
	}
	registry.Lock()
	defer registry.Unlock()
	if _, dup := registry.specs[s.Name]; dup {
		panic("job: duplicate registration of " + s.Name)
	}
	registry.specs[s.Name] = s
}

func (s *Spec) complete() error {
	if s.Name == "" || s.Summary == "" {
		return fmt.Errorf("job: spec %q needs a name and a summary", s.Name)
	}
	ok := false
	switch s.Kind {
	case KindReader:
		ok = s.NewSlicer != nil && s.NewFetcher != nil
	case KindProcessor:
		ok = s.NewProcessor != nil
	case KindAPI:
		ok = s.NewAPI != nil
	}
	if !ok {
		return fmt.Errorf("job: spec %q (%s) lacks its constructor", s.Name, s.Kind)
	}
	return nil
}

// Lookup finds a registered operation or api by name; an "@asset"
// qualifier on an operation name is ignored.
func Lookup(name string) (*Spec, bool) {
	registry.RLock()
	defer registry.RUnlock()
	s, ok := registry.specs[assetName(name)]
	return s, ok
}

// Specs returns every registered spec sorted by kind, then name.
func Specs() []*Spec {
	registry.RLock()
	out := make([]*Spec, 0, len(registry.specs))
	for _, s := range registry.specs {
		out = append(out, s)
	}
	registry.RUnlock()
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Names returns the registered names of one kind, sorted.
func Names(k Kind) []string {
	var out []string
	for _, s := range Specs() {
		if s.Kind == k {
			out = append(out, s.Name)
		}
	}
	return out
}
