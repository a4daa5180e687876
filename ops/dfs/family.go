package dfs

import (
	_ "github.com/sluice-dev/sluice/fsys/hdfsfs" // registers the "hdfs" file system
	_ "github.com/sluice-dev/sluice/fsys/s3fs"   // registers the "s3" file system
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// Family is a reader and an exporter, with their apis, over one kind of
// file-system connection. The processors are the same for every family:
// only the names and the connection kind differ (an object-store family
// would be {"object_reader", ..., ConnKind: "s3"} over an fsys backend
// registered as "s3").
type Family struct {
	Reader, ReaderAPI, Exporter, SenderAPI string // the registered names
	// ConnKind is the kind of the job connections `connection` names, and
	// the fsys kind they are opened with.
	ConnKind string
	// LocalDefault makes the connection "default" mean local directories
	// when the job has no connection of ConnKind with that name.
	LocalDefault bool
	// OtherKinds are further connection (and fsys) kinds `connection` may
	// name, looked up after ConnKind and the local default: dfs reads and
	// writes object stores through their s3 connections this way.
	OtherKinds []string
}

// DFS is the family of dfs_reader and dfs_exporter: HDFS connections
// (kind "hdfs"), local directories by default, and S3 connections (kind
// "s3") by name — "default" stays local even though the loopback defaults
// hold an s3 connection of that name.
var DFS = Family{Reader: "dfs_reader", ReaderAPI: "dfs_reader_api", Exporter: "dfs_exporter",
	SenderAPI: "dfs_sender_api", ConnKind: job.ConnHDFS, LocalDefault: true, OtherKinds: []string{job.ConnS3}}

func init() { RegisterFamily(DFS) }

// RegisterFamily registers the four specs of a family.
func RegisterFamily(fam Family) {
	f := &fam
	job.Register(f.readerSpec())
	job.Register(f.readerAPISpec())
	job.Register(f.exporterSpec())
	job.Register(f.senderAPISpec())
}

// prepare gives an operation its api (short or long form, job.EnsureAPI)
// and warns about its parameters that a long-form api leaves unused.
func (f *Family) prepare(module string, params []*job.Param) func(j *job.Job, c *job.Config) []error {
	return func(j *job.Job, c *job.Config) []error {
		errs := job.EnsureAPI(j, c, "api_name", module)
		api := rawAPI(j, c.String("api_name"))
		if api == nil {
			return errs
		}
		for _, p := range params {
			if c.Has(p.Name) && !api.Has(p.Name) {
				errs = append(errs, &job.ParamError{Param: p.Name, Warning: true,
					Msg: "the api " + c.String("api_name") + " holds this operation's configuration: set " + p.Name + " there (it is ignored here)"})
			}
		}
		return errs
	}
}

// rawAPI is the object of the job file's api with that _name, if any.
func rawAPI(j *job.Job, name string) *record.Object {
	arr, _ := j.Top.Get("apis").([]any)
	for _, e := range arr {
		if o, ok := e.(*record.Object); ok {
			if n, _ := o.Get("_name"); n == name {
				return o
			}
		}
	}
	return nil
}
