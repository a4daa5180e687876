package s3fs

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"

	"github.com/minio/minio-go/v7"

	"github.com/sluice-dev/sluice/fsys"
)

// codeKinds maps S3 error codes to the error kinds of fsys.
var codeKinds = map[string]error{
	"NoSuchKey":             fs.ErrNotExist,
	"NoSuchBucket":          fs.ErrNotExist,
	"NotFound":              fs.ErrNotExist,
	"AccessDenied":          fs.ErrPermission,
	"InvalidAccessKeyId":    fs.ErrPermission,
	"SignatureDoesNotMatch": fs.ErrPermission,
	"InvalidBucketName":     fs.ErrInvalid,
	"KeyTooLongError":       fs.ErrInvalid,
	"InvalidArgument":       fs.ErrInvalid,
}

// wrap turns a client error into a *fsys.PathError of the backend, keeping
// the server's code and message and classifying it; when ctx has ended the
// error also matches ctx.Err().
func wrap(ctx context.Context, op, name string, err error) error {
	if err == nil {
		return nil
	}
	err = classify(err)
	if cerr := ctx.Err(); cerr != nil && !errors.Is(err, cerr) {
		err = fsys.Classify(err, cerr)
	}
	return fsys.Wrap(Kind, op, name, err)
}

func classify(err error) error {
	resp := minio.ToErrorResponse(err)
	if resp.Code == "" {
		return err
	}
	err = fmt.Errorf("%s (%s, HTTP %d)", resp.Message, resp.Code, resp.StatusCode)
	if kind := codeKinds[resp.Code]; kind != nil {
		return fsys.Classify(err, kind)
	}
	if resp.StatusCode == http.StatusNotFound {
		return fsys.Classify(err, fs.ErrNotExist)
	}
	return err
}

// notFound reports whether err says the object (or bucket) is not there.
func notFound(err error) bool { return errors.Is(classify(err), fs.ErrNotExist) }
