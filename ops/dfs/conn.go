package dfs

import (
	"context"
	"fmt"
	"strings"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/job"
)

// DefaultConnection is the connection a configuration without one names;
// LocalConnection names local directories explicitly.
const (
	DefaultConnection = "default"
	LocalConnection   = "local"
)

// backend is the file system a configuration resolves to: a registered
// fsys kind and the settings to open it with.
type backend struct {
	Kind     string
	Name     string // the connection's name ("" for the built-in local file system)
	Settings map[string]any
}

// resolve finds the file system of a configuration's `connection` (and
// `user`) among the job's connections of the family's kind:
//
//   - a connection of that kind with that name: that file system, with
//     `user` (when set) over the connection's own user;
//   - otherwise, for a family with a local default, the names "default"
//     (the default value) and "local" mean local directories (so "local"
//     reaches local directories in a job whose default connection is
//     HDFS);
//   - otherwise a connection of one of the family's other kinds
//     (OtherKinds: s3 for dfs) with that name;
//   - any other name is an error.
func (f *Family) resolve(conns *job.Connections, c *job.Config) (backend, error) {
	name := c.String("connection")
	if name == "" {
		name = DefaultConnection
	}
	if cfg, ok := conns.Get(f.ConnKind, name); ok {
		settings := cfg.ToMap()
		if user := c.String("user"); user != "" {
			settings["user"] = user
		}
		return backend{Kind: f.ConnKind, Name: name, Settings: settings}, nil
	}
	if (name == DefaultConnection || name == LocalConnection) && f.LocalDefault {
		return backend{Kind: fsys.LocalKind}, nil
	}
	for _, kind := range f.OtherKinds {
		if cfg, ok := conns.Get(kind, name); ok {
			return backend{Kind: kind, Name: name, Settings: cfg.ToMap()}, nil
		}
	}
	return backend{}, fmt.Errorf("connection %q names no %s connection (configured: %s)", name,
		strings.Join(append([]string{f.ConnKind}, f.OtherKinds...), " or "), configured(conns, f.ConnKind, f.OtherKinds))
}

func configured(conns *job.Connections, kind string, others []string) string {
	names := conns.Names(kind)
	for _, k := range others {
		for _, n := range conns.Names(k) {
			names = append(names, k+":"+n)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// connect resolves a configuration's file system and connects to it.
func (f *Family) connect(ctx context.Context, conns *job.Connections, c *job.Config) (fsys.FS, backend, error) {
	b, err := f.resolve(conns, c)
	if err != nil {
		return nil, b, err
	}
	fs, err := b.open(ctx)
	return fs, b, err
}

// open connects to the backend.
func (b backend) open(ctx context.Context) (fsys.FS, error) {
	f, err := fsys.Open(ctx, b.Kind, b.Settings)
	if err != nil && b.Name != "" {
		return nil, fmt.Errorf("%s connection %q: %w", b.Kind, b.Name, err)
	}
	return f, err
}

// id names the backend in keys that must not clash between file systems.
func (b backend) id() string { return b.Kind + ":" + b.Name }

// checkConnection is the validation of `connection`.
func (f *Family) checkConnection(j *job.Job, c *job.Config) []error {
	if _, err := f.resolve(j.Conns, c); err != nil {
		return []error{job.ParamErr("connection", "%v", err)}
	}
	return nil
}
