package fileout

import (
	"errors"
	"path"
	"slices"
	"strconv"
	"strings"
)

// NameOptions are what a file name is made of (spec 8.6, createFileName).
type NameOptions struct {
	ID           string // the worker id: names never clash between workers
	Prefix       string // put before the id (an exporter's path prefix); "" for none
	FilePerSlice bool
	SliceCount   int // appended when FilePerSlice; must be >= 0 then
	// Extension overrides the automatic extension when HasExtension: "" for
	// none, a leading "." is added when missing.
	Extension    string
	HasExtension bool
	Format       Format
	Compression  Compression
}

// FileName returns dir joined with the file name:
// <prefix><id>[.<slice>](<extension> | .<format unless raw><compression suffix>).
// dir is joined like Node's path.join, which cleans it.
func FileName(dir string, o NameOptions) (string, error) {
	if err := o.check(); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(o.Prefix)
	b.WriteString(o.ID)
	if o.FilePerSlice {
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(o.SliceCount))
	}
	b.WriteString(o.extension())
	return joinPath(dir, b.String()), nil
}

func (o NameOptions) extension() string {
	if o.HasExtension {
		if o.Extension == "" || strings.HasPrefix(o.Extension, ".") {
			return o.Extension
		}
		return "." + o.Extension
	}
	ext := ""
	if o.Format != Raw {
		ext = "." + string(o.Format)
	}
	return ext + o.Compression.Suffix()
}

func (o NameOptions) check() error {
	switch {
	case o.ID == "":
		return errors.New("Invalid parameter id, it must be a string value")
	case o.FilePerSlice && o.SliceCount < 0:
		return errors.New("Invalid parameter sliceCount, it must be provided when filePerSlice is set to true, and must be a number")
	case o.Format != "" && !slices.Contains(Formats, string(o.Format)):
		return errors.New("Invalid parameter format, it must be of type Format")
	case o.Compression != "" && !slices.Contains(Compressions, string(o.Compression)):
		return errors.New("Invalid parameter format, it must be of type Compression")
	}
	return nil
}

// joinPath is Node's path.join for two parts: "" parts are skipped and the
// result is cleaned ("." when empty).
func joinPath(dir, name string) string {
	if dir == "" {
		return path.Clean(name)
	}
	return path.Join(dir, name)
}
