package job

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/record"
)

// Job is a validated job file.
type Job struct {
	Name            string
	Lifecycle       string // "once" or "persistent"
	Workers         int
	Slicers         int
	MaxRetries      int
	ProbationWindow int
	Assets          []string // accepted and ignored: every operation is built in

	Operations []*Config // operations[0] is the reader
	APIs       []*Config
	Top        *Config // the validated top-level object

	Source *diag.Source
	Spans  *Spans
	Dir    string // directory of the job file: relative paths fall back to it
	// AssetsDir resolves the reference's "assetName:path" form of file
	// references: <AssetsDir>/<assetName>/<path>.
	AssetsDir string
	Conns     *Connections
}

// Persistent reports whether the job runs until it is stopped.
func (j *Job) Persistent() bool { return j.Lifecycle == "persistent" }

// API returns the api configuration with exactly this _name.
func (j *Job) API(name string) *Config {
	for _, a := range j.APIs {
		if a.Label == name {
			return a
		}
	}
	return nil
}

// FirstOp returns the first operation whose _op (without @asset) is name.
// The match is exact (the reference matches substrings; docs/compat.md).
func (j *Job) FirstOp(name string) *Config {
	for _, o := range j.Operations {
		if o.Name == name {
			return o
		}
	}
	return nil
}

// LastOp is the last operation of the job.
func (j *Job) LastOp() *Config { return j.Operations[len(j.Operations)-1] }

// AddAPI appends an api built from an operation's own parameters (the short
// form of file operations). Positions of its parameters point into the
// operation's object.
func (j *Job) AddAPI(name string, obj *record.Object, from *Config) *Config {
	obj.Set("_name", name)
	c := &Config{Name: apiModule(name), Label: name, Index: len(j.APIs), IsAPI: true, Obj: obj, Ptr: from.Ptr, spans: j.Spans}
	j.APIs = append(j.APIs, c)
	return c
}

// ResolvePath finds a file a job refers to: "asset:path" resolves under
// AssetsDir; a plain path is used as given when it exists, else relative to
// the job file's directory.
func (j *Job) ResolvePath(p string) string {
	if asset, rest, ok := strings.Cut(p, ":"); ok && asset != "" && !filepath.IsAbs(p) {
		if inAsset := filepath.Join(j.AssetsDir, asset, rest); fileExists(inAsset) || !fileExists(p) {
			return inAsset
		}
	}
	if fileExists(p) || filepath.IsAbs(p) || j.Dir == "" {
		return p
	}
	if alt := filepath.Join(j.Dir, p); fileExists(alt) {
		return alt
	}
	return p
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// DefaultWorkers is the reference's default: min(cores, 5).
func DefaultWorkers() int { return min(runtime.NumCPU(), 5) }
