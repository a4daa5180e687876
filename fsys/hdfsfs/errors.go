package hdfsfs

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	hdfs "github.com/colinmarc/hdfs/v2"
	"github.com/sluice-dev/sluice/fsys"
)

// exceptionKinds maps the Java exceptions a NameNode reports to the error
// kinds of fsys.
var exceptionKinds = map[string]error{
	"java.io.FileNotFoundException":                                fs.ErrNotExist,
	"org.apache.hadoop.fs.FileAlreadyExistsException":              fs.ErrExist,
	"org.apache.hadoop.hdfs.protocol.AlreadyBeingCreatedException": fs.ErrExist,
	"org.apache.hadoop.fs.ParentNotDirectoryException":             fsys.ErrNotDir,
	"org.apache.hadoop.fs.PathIsNotEmptyDirectoryException":        fsys.ErrNotEmpty,
	"org.apache.hadoop.fs.InvalidPathException":                    fs.ErrInvalid,
	"org.apache.hadoop.security.AccessControlException":            fs.ErrPermission,
}

// wrap turns a client error into a *fsys.PathError of HDFS, keeping the
// NameNode's message and classifying its exception.
func wrap(op, name string, err error) error {
	if err == nil {
		return nil
	}
	return fsys.Wrap(Kind, op, name, classify(unwrapPath(err)))
}

func classify(err error) error {
	var remote hdfs.Error
	if errors.As(err, &remote) {
		err = &remoteError{err: err, msg: remote.Message()}
		if kind := exceptionKinds[remote.Exception()]; kind != nil {
			return fsys.Classify(err, kind)
		}
		return err
	}
	if errors.Is(err, syscall.ENOTEMPTY) {
		return fsys.Classify(err, fsys.ErrNotEmpty)
	}
	return err
}

// remoteError adds the NameNode's message to the client's summary
// ("rename2 call failed with ERROR_APPLICATION (java.io.IOException)").
type remoteError struct {
	err error
	msg string
}

func (e *remoteError) Error() string { return e.err.Error() + ": " + e.msg }
func (e *remoteError) Unwrap() error { return e.err }

func isNotExist(err error) bool { return errors.Is(classify(err), fs.ErrNotExist) }

// unwrapPath drops the client's *os.PathError: the fsys.PathError around it
// names the operation and path already.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
