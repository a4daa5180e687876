package objstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/fsys/s3fs"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/ops/fileout"
)

// Name is the registered name of the api.
const Name = "object_sender_api"

func init() { job.Register(spec()) }

func spec() *job.Spec {
	return &job.Spec{
		Name:    Name,
		Kind:    job.KindAPI,
		Summary: "A sender api that writes records as objects to an S3 object store: <bucket>/<prefix>/<route>/<worker>.<n>.<format>.",
		Doc: "Name it in routed_sender's `_api_name`; each routing value names the `s3` connection of its route " +
			"(terafoundation.connectors.s3.<name>: endpoint, accessKeyId, secretAccessKey, region, forcePathStyle, " +
			"bucket). Every batch of a route becomes one object under `<path>/<route>/`, named like file_sender_api's " +
			"files with file_per_slice (`<worker>.<n>.<ext>`), in the same formats and compressions byte for byte. " +
			"An object is uploaded whole when the batch is written (one PUT, or a multipart upload the store " +
			"assembles only when complete), so a failed batch leaves no object; failed requests are retried by " +
			"the client, and routed_sender never sends a retried slice's delivered records again. A missing bucket " +
			"is created. Records the format cannot represent go to this api's `_dead_letter_action`.",
		Params:      params(),
		Connection:  job.ConnS3,
		ValidateJob: validate,
		NewAPI:      newAPI,
		Examples:    examples(),
	}
}

// params are file_sender_api's, with path as "bucket/prefix", the route's
// connection, and file_per_slice always on.
func params() []*job.Param {
	var out []*job.Param
	for _, p := range fileout.SenderParams() {
		switch p.Name {
		case "path":
			p.Doc = "`bucket/prefix` the objects go under (routes are further prefixes); with a connection that sets " +
				"`bucket`, only the prefix."
		case "file_per_slice":
			p.Default = true
			p.Doc = "Always true: objects cannot be appended to."
		case "compression":
			p.Doc = "`none`, `gzip` or `lz4` (LZ4 frames)."
		case "format":
			p.Doc = "`ldjson`, `json`, `csv`, `tsv` or `raw` (each record's `data` string)."
		case "concurrency":
			p.Doc = "Objects uploaded at once by one batch (routes of a `**` sender)."
		}
		out = append(out, p)
	}
	return append(out, &job.Param{Name: "_connection", Type: "string", Default: "default", Check: job.RequiredString(),
		Doc: "The s3 connection; routed_sender sets it to the route's routing value."})
}

// errAppend is the reference's message for file_per_slice: false.
const errAppend = `Invalid parameter "file_per_slice", it must be set to true, cannot be append data to S3 objects`

func validate(_ *job.Job, c *job.Config) []error {
	if !c.Bool("file_per_slice") {
		return []error{job.ParamErr("file_per_slice", errAppend)}
	}
	return nil
}

// api is the object_sender_api of one worker: a factory of senders, one
// per route, sharing one client per connection.
type api struct {
	*job.Factory[*fileout.Sender]
	ctx   *job.OpContext
	mu    sync.Mutex
	conns map[string]*s3fs.FS
}

func newAPI(ctx *job.OpContext, c *job.Config) (any, error) {
	a := &api{ctx: ctx, conns: map[string]*s3fs.FS{}}
	a.Factory = job.NewFactory(c, a.build, (*fileout.Sender).Close)
	return a, nil
}

func (a *api) build(cfg *job.Config) (*fileout.Sender, error) {
	store, err := a.connect(cfg.String("_connection"))
	if err != nil {
		return nil, err
	}
	opt, err := fileout.SenderOptionsFromConfig(cfg.Obj, a.ctx.WorkerID)
	if err != nil {
		return nil, err
	}
	opt.Path = "/" + strings.Trim(opt.Path, "/")
	opt.FilePerSlice = true
	opt.FS = &objectFS{ctx: a.ctx.Context(), s3: store}
	opt.Reject = a.ctx.Reject
	return fileout.NewSender(opt)
}

// connect returns the client of an s3 connection, made on first use.
func (a *api) connect(name string) (*s3fs.FS, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if f, ok := a.conns[name]; ok {
		return f, nil
	}
	cfg, err := a.ctx.Job.Conns.Lookup(job.ConnS3, name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	f, err := fsys.Open(a.ctx.Context(), s3fs.Kind, cfg.ToMap())
	if err != nil {
		return nil, fmt.Errorf("%s: s3 connection %q: %w", Name, name, err)
	}
	a.conns[name] = f.(*s3fs.FS)
	return a.conns[name], nil
}

// Shutdown removes the senders, then the clients.
func (a *api) Shutdown(ctx context.Context) error {
	err := a.Factory.Shutdown(ctx)
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, f := range a.conns {
		err = errors.Join(err, f.Close())
	}
	return err
}
