package filein

import (
	"errors"

	"github.com/sluice-dev/sluice/record"
)

// jsonValues reads the records of a json document (see readJSON).
func jsonValues(s string, emit Emit, reject Reject) error {
	i := skipWS(s, 0)
	if i == len(s) {
		return nil // an empty file holds no records
	}
	if s[i] == '[' {
		return jsonArray(s, i+1, emit, reject)
	}
	v, end, err := record.ParseValueAt(s, i)
	if err == nil {
		err = trailing(s, end)
	}
	if err != nil {
		return rejectRest(s, err, reject)
	}
	return oneValue(v, int64(i), emit, reject)
}

// jsonArray reads the elements of an array whose "[" ends before i.
func jsonArray(s string, i int, emit Emit, reject Reject) error {
	i = skipWS(s, i)
	if i < len(s) && s[i] == ']' {
		return rejectRest(s, trailing(s, i+1), reject)
	}
	for {
		start := skipWS(s, i)
		v, end, err := record.ParseValueAt(s, start)
		if err != nil {
			return rejectRest(s, err, reject)
		}
		if err := oneValue(v, int64(start), emit, reject); err != nil {
			return err
		}
		i = skipWS(s, end)
		switch {
		case i < len(s) && s[i] == ',':
			i++
		case i < len(s) && s[i] == ']':
			return rejectRest(s, trailing(s, i+1), reject)
		default:
			return rejectRest(s, &record.SyntaxError{Offset: i, Msg: "expected , or ] after an array element"}, reject)
		}
	}
}

func oneValue(v any, at int64, emit Emit, reject Reject) error {
	obj, err := objectOf(v)
	if err != nil {
		return reject(Bad{Offset: at, Text: record.JSON(v), Err: err})
	}
	return emit(obj, at)
}

// trailing reports data after the end of the document.
func trailing(s string, i int) error {
	if i = skipWS(s, i); i < len(s) {
		return &record.SyntaxError{Offset: i, Msg: "unexpected data after JSON value"}
	}
	return nil
}

// rejectRest rejects the rest of a document from where err (a syntax
// error) found it to stop being JSON; nil does nothing.
func rejectRest(s string, err error, reject Reject) error {
	if err == nil {
		return nil
	}
	at := int64(len(s))
	var se *record.SyntaxError
	if errors.As(err, &se) {
		at = int64(se.Offset)
	}
	return reject(Bad{Offset: at, Err: badf(CodeJSON, "Failure to parse the json file: %v", err)})
}

func skipWS(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}
