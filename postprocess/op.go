package postprocess

import (
	"errors"

	"github.com/sluice-dev/sluice/internal/jsre"
	"github.com/sluice-dev/sluice/record"
)

// Op is an operation bound to one normalised rule: where it reads, where it
// writes, and whether output:false inverts it.
type Op struct {
	// slotOp is what RunSlot reads of the op, first so that a pipeline
	// running it touches one cache line of the Op, not the Spec and Impl
	// besides (NewOp).
	slotOp

	Spec    *Spec
	Impl    *Impl
	Source  record.Path
	Sources []record.Path // many-to-one and array sources
	Target  record.Path
	InPlace bool // target == source: results overwrite the source
	Invert  bool // output:false on a validation
	// KeepScalars turns off the reference bug that removes a field when a
	// field transform returns a number or boolean (docs/compat.md).
	KeepScalars bool

	// oneSource: Source is one key, srcKey (NewOp).
	oneSource bool
}

// slotOp is the part of an Op that RunSlot reads.
type slotOp struct {
	// inPlaceKey: the op reads and writes one key (srcKey), so a result
	// made from the value alone is written where the value was read
	// (readAt).
	inPlaceKey bool
	// slotReady: the op reads one key and writes one key (destKey) and
	// has an answer for a string (below), so RunSlot runs it on a string
	// without RunIn.
	slotReady bool
	invert    bool // Invert
	// holds and keeps are the Impl's, proves Holds|Implies (see Facts).
	holds, proves, keeps Facts
	// destKey is the one key of the destination path (the target, or the
	// source in place) when NewOp found it to be one key: results go
	// straight to the record's object (see set). "" otherwise.
	destKey string
	// srcKey is the one key of Source when NewOp found it to be one key
	// (oneSource): what Path.Get reads then, through a Key, which a call
	// does not copy as it copies a Path.
	srcKey record.Key
	// The op's answer for a string, of its kind: at most one is set
	// (Impl.ValidString of a FieldValidator, Impl.FromString of a
	// FieldTransform, Impl.String of a BuiltinTransform).
	validString func(string) bool
	validASCII  func(string) bool // Impl.ValidASCII, with validString
	fromString  func(*Scratch, string) (any, error)
	stringFn    func(string) (string, error)
	// validate is Impl.Validate of a built-in or validator.js validation
	// without a normaliser, which keeps a string it accepts as it is.
	validate func(any) (bool, error)
}

// Scratch is memory of the goroutine running operations that they use for
// the values they make: strings and numbers are boxed in shared chunks
// instead of one allocation each (see record.Boxes and record.Decoder). The
// values never change and are left fully decoded, so records holding them
// may be handed to other goroutines. The zero value is ready to use; a
// Scratch is used by one goroutine at a time. Copies share their chunks
// (so neither writes over values the other handed out).
type Scratch struct {
	boxes   *record.Boxes
	decoder record.Decoder
	buf     []byte // where Append builds a text before it goes to the chunks
}

// Box returns s as an interface value, in sc's chunks when sc is set.
func (sc *Scratch) Box(s string) any {
	if sc == nil {
		return s
	}
	return sc.chunks().String(s)
}

// Text returns b as a string, in sc's chunks when sc is set (b may be
// reused at once).
func (sc *Scratch) Text(b []byte) string {
	if sc == nil {
		return string(b)
	}
	return sc.chunks().Text(b)
}

// Append returns the text fn appends to an empty buffer for s: s itself
// when that text is s, else a copy in sc's chunks (when sc is set), so a
// text made with a buffer takes no allocation of its own. fn's error is
// returned as it is.
func (sc *Scratch) Append(s string, fn func(b []byte, s string) ([]byte, error)) (string, error) {
	b, err := fn(sc.Buffer(), s)
	if sc != nil {
		sc.buf = b[:0]
	}
	if err != nil {
		return "", err
	}
	if string(b) == s {
		return s, nil
	}
	return sc.Text(b), nil
}

// Buffer returns sc's buffer, empty, for a text to be built in and handed
// to BoxText (nil when sc is nil).
func (sc *Scratch) Buffer() []byte {
	if sc == nil {
		return nil
	}
	return sc.buf[:0]
}

// BoxText returns b, a text built in Buffer's memory, as a boxed string in
// sc's chunks (on its own when sc is nil); sc keeps b's memory as its
// buffer.
func (sc *Scratch) BoxText(b []byte) any {
	if sc == nil {
		return string(b)
	}
	sc.buf = b[:0]
	return sc.chunks().String(sc.chunks().Text(b))
}

// Room returns an empty buffer in sc's chunks of text with room for n
// bytes, for a text to be built in and handed to BoxRoom, which keeps it
// where it was built (BoxText copies it from Buffer's memory); nil when sc
// is nil, or n is more than a chunk keeps and more than the room left
// (record.Boxes.TextRoom). A text that outgrows the room is copied.
func (sc *Scratch) Room(n int) []byte {
	if sc == nil {
		return nil
	}
	return sc.chunks().TextRoom(n)
}

// BoxRoom returns b, a text built in Room's memory, as a boxed string in
// sc's chunks (on its own when sc is nil). Nothing may use sc's chunks
// between Room and BoxRoom.
func (sc *Scratch) BoxRoom(b []byte) any {
	if sc == nil || sc.boxes == nil { // no room was given: b is elsewhere
		return string(b)
	}
	return sc.boxes.StringInRoom(b)
}

// chunks is sc's chunks of boxed values and text, made on first use.
func (sc *Scratch) chunks() *record.Boxes {
	if sc.boxes == nil {
		sc.boxes = new(record.Boxes)
	}
	return sc.boxes
}

// ParseJSON is record.ParseJSONString with the values boxed in sc's chunks
// when sc is set. The decoder leaves a record's nested values to be decoded
// on first read, into its memory; they are all read here, so nothing is
// left to decode on another goroutine.
func (sc *Scratch) ParseJSON(s string) (any, error) {
	if sc == nil {
		return record.ParseJSONString(s)
	}
	v, err := sc.decoder.ParseRecord(s)
	if o, ok := v.(*record.Object); ok && err == nil {
		for i := 0; i < o.Len(); i++ {
			o.At(i)
		}
	}
	return v, err
}

// Run is RunIn without a Scratch.
func (op *Op) Run(r *record.Record) (*record.Record, error) { return op.RunIn(r, nil) }

// RunIn applies the operation. A nil record means the record is eliminated.
// An error means the operation failed in a way the reference would have
// thrown for the whole batch; the caller dead-letters the record.
//
// Two failures are never treated as the reference's "throw": a regular
// expression that timed out and a value too large to build
// (record.ErrTooLarge). They abort the operation and are returned, so the
// record is dead-lettered instead of silently losing a field.
func (op *Op) RunIn(r *record.Record, sc *Scratch) (*record.Record, error) {
	switch op.Spec.Kind {
	case BuiltinValidation, ValidatorPlugin:
		return op.runValidation(r)
	case BuiltinTransform:
		return op.runStringTransform(r, sc)
	case FieldValidator:
		return op.runFieldValidator(r)
	case FieldTransform:
		return op.runFieldTransform(r, sc)
	case BuiltinSpecial:
		return op.runSpecial(r)
	case RecordValidator:
		return op.runRecordValidator(r)
	case RecordTransform:
		return op.runRecordTransform(r)
	}
	return r, nil
}

// aborts reports whether err, returned by a function of Impl, is a failure
// that is not the function's answer: the wrappers return it at once. (Small
// enough to be inlined: every step asks, almost always about nil.)
func aborts(err error) bool { return err != nil && abortsNonNil(err) }

func abortsNonNil(err error) bool { return jsre.IsTimeout(err) || errors.Is(err, record.ErrTooLarge) }

func (op *Op) read(r *record.Record) (any, bool) {
	if op.Sources != nil {
		vals := make([]any, len(op.Sources))
		for i, p := range op.Sources {
			v, ok := p.Get(r.Data)
			if !ok {
				v = record.Undefined
			}
			vals[i] = v
		}
		return vals, true
	}
	if op.oneSource {
		return op.srcKey.Get(r.Data)
	}
	return op.Source.Get(r.Data)
}

// readAt is read with the position of the value when the op works in
// place on one key, where setAt writes the result back without looking the
// key up again; -1 otherwise.
func (op *Op) readAt(r *record.Record) (any, int, bool) {
	if !op.inPlaceKey {
		v, ok := op.read(r)
		return v, -1, ok
	}
	at := op.srcKey.Index(r.Data)
	if at < 0 {
		return nil, -1, false
	}
	_, v := r.Data.At(at)
	return v, at, true
}

// setAt is set for a value written at position at from readAt (set when
// at is -1). Only for a value made from the one read without the record
// in between: the record has not changed, so the key is still there.
func (op *Op) setAt(r *record.Record, at int, v any) {
	if at >= 0 {
		r.Data.SetAt(at, v)
		return
	}
	op.set(r, v)
}

// set writes the result to the destination: the target, or the source in
// place. v must not contain the record's object: it is a value read from
// the record (an object can only contain values made before it, so never
// itself), a value made from one, or a value made from nothing of the
// record. Path.Set's check that a record never contains itself cannot find
// anything then, so a destination of one key takes the value directly.
func (op *Op) set(r *record.Record, v any) {
	if op.destKey != "" {
		r.Data.Set(op.destKey, v)
		return
	}
	op.setChecked(r, v)
}

// setChecked is set for any value, such as a function's answer that was
// handed the record (Impl.Transform).
func (op *Op) setChecked(r *record.Record, v any) {
	if op.InPlace {
		op.Source.Set(r.Data, v)
		return
	}
	op.Target.Set(r.Data, v)
}

// keep writes a value that passed a validation unchanged to the
// destination. In place, the value was read from there and is still there
// (the record cannot change in between), so there is nothing to write.
func (op *Op) keep(r *record.Record, v any) {
	if op.InPlace && op.Sources == nil {
		return
	}
	op.set(r, v)
}

// remove is the failure removal: delete the source; a record left without
// keys is eliminated.
func (op *Op) remove(r *record.Record) *record.Record {
	if op.Sources == nil {
		op.Source.Unset(r.Data)
	}
	return nilIfEmpty(r)
}

func nilIfEmpty(r *record.Record) *record.Record {
	if r.Data.Len() == 0 {
		return nil
	}
	return r
}

// runValidation is wrapper A: built-in validations and the validator.js
// plugin. Values are normalised, then kept when valid XOR inverted.
func (op *Op) runValidation(r *record.Record) (*record.Record, error) {
	v, ok := op.read(r)
	if !ok || record.IsNil(v) {
		return op.remove(r), nil
	}
	if arr, isArr := v.([]any); isArr {
		return op.validateArray(r, arr)
	}
	if op.Impl.Normalize != nil {
		n, err := op.Impl.Normalize(v)
		if aborts(err) {
			return nil, err
		}
		if err != nil {
			return op.remove(r), nil
		}
		v = n
	}
	valid, err := op.Impl.Validate(v)
	if aborts(err) {
		return nil, err
	}
	if err != nil || valid == op.Invert {
		return op.remove(r), nil
	}
	if op.Impl.Normalize != nil {
		op.set(r, v)
	} else {
		op.keep(r, v)
	}
	return r, nil
}

func (op *Op) validateArray(r *record.Record, arr []any) (*record.Record, error) {
	elems := arr
	if op.Impl.Normalize != nil {
		elems = make([]any, 0, len(arr))
		for _, e := range arr {
			n, err := op.Impl.Normalize(e)
			if aborts(err) {
				return nil, err
			}
			if err == nil {
				elems = append(elems, n)
			}
		}
	}
	kept := make([]any, 0, len(elems))
	for _, e := range elems {
		valid, err := op.Impl.Validate(e)
		if aborts(err) {
			return nil, err
		}
		if err != nil {
			return op.remove(r), nil // a throw aborts the whole filter
		}
		if valid != op.Invert {
			kept = append(kept, e)
		}
	}
	if len(kept) == 0 {
		return op.remove(r), nil
	}
	op.set(r, kept)
	return r, nil
}

// runStringTransform is wrapper B: string functions; arrays keep the string
// elements the function accepts.
func (op *Op) runStringTransform(r *record.Record, sc *Scratch) (*record.Record, error) {
	v, at, _ := op.readAt(r)
	switch x := v.(type) {
	case string:
		out, err := op.Impl.String(x)
		if aborts(err) {
			return nil, err
		}
		if err != nil {
			return op.remove(r), nil
		}
		op.setAt(r, at, sc.Box(out))
		return r, nil
	case []any:
		out := make([]any, 0, len(x))
		for _, e := range x {
			if s, ok := e.(string); ok {
				t, err := op.Impl.String(s)
				if aborts(err) {
					return nil, err
				}
				if err == nil {
					out = append(out, t)
				}
			}
		}
		if len(out) == 0 {
			return op.remove(r), nil
		}
		op.set(r, out)
		return r, nil
	}
	return op.remove(r), nil
}

// runFieldValidator is wrapper C: data-mate field validators. Arrays are
// filtered element by element unless the function takes whole arrays; the
// value is kept unchanged; inversion never keeps a missing value.
func (op *Op) runFieldValidator(r *record.Record) (*record.Record, error) {
	v, ok := op.read(r)
	if s, isStr := v.(string); isStr && op.Impl.ValidString != nil {
		// what follows gives for a string: valid XOR inverted (a string is
		// not nil), kept where it is
		if op.Impl.ValidString(s) == op.Invert {
			return op.remove(r), nil
		}
		op.keep(r, v)
		return r, nil // not empty: it holds the string (or an object holding it)
	}
	if !ok {
		v = record.Undefined
	}
	if arr, isArr := v.([]any); isArr && !op.Spec.ArrayInput {
		kept := make([]any, 0, len(arr))
		for _, e := range arr {
			valid, err := op.valid(e)
			if aborts(err) {
				return nil, err
			}
			if err != nil {
				return op.remove(r), nil
			}
			if valid {
				kept = append(kept, e)
			}
		}
		if len(kept) == 0 {
			return op.remove(r), nil
		}
		op.set(r, kept)
		return r, nil
	}
	valid, err := op.valid(v)
	if aborts(err) {
		return nil, err
	}
	if err != nil || !valid {
		return op.remove(r), nil
	}
	if ok {
		op.keep(r, v)
	} else {
		op.set(r, v)
	}
	return nilIfEmpty(r), nil
}

func (op *Op) valid(v any) (bool, error) {
	ok, err := op.Impl.Validate(v)
	if err != nil {
		return false, err
	}
	if op.Invert && !record.IsNil(v) {
		return !ok, nil
	}
	return ok, nil
}

// runFieldTransform is wrapper D: the result replaces the destination unless
// it is "empty" (then the source is removed).
func (op *Op) runFieldTransform(r *record.Record, sc *Scratch) (*record.Record, error) {
	v, at, ok := op.readAt(r)
	if !ok {
		v = record.Undefined
	}
	if s, isStr := v.(string); isStr && op.Impl.FromString != nil {
		out, err := op.Impl.FromString(sc, s) // the same answer, made in sc
		return op.transformed(r, out, err, at)
	}
	out, err := op.Impl.Transform(v, r.Data)
	return op.transformed(r, out, err, handedRecord)
}

// handedRecord is transformed's at for an answer of Transform, which was
// handed the record and may have put it in its answer, or changed the
// record.
const handedRecord = -2

// transformed finishes wrapper D with the function's answer. at is where
// an answer made from a string alone (it cannot contain the record) is
// written (setAt), or handedRecord.
func (op *Op) transformed(r *record.Record, out any, err error, at int) (*record.Record, error) {
	if aborts(err) {
		return nil, err
	}
	if err != nil || op.empty(out) {
		return op.remove(r), nil
	}
	if at == handedRecord {
		op.setChecked(r, out)
	} else {
		op.setAt(r, at, out)
	}
	return r, nil
}

// empty reports whether a transform's answer v removes the field (an empty
// value; with KeepScalars, numbers and booleans are kept). A string, the
// usual answer, is answered inline, without record.IsEmpty's call and
// type switch.
func (op *Op) empty(v any) bool {
	if x, ok := v.(string); ok {
		return x == ""
	}
	return op.emptyOther(v)
}

// emptyOther is empty for a value that is not a string. (Not inlined, so
// that empty is.)
//
//go:noinline
func (op *Op) emptyOther(v any) bool {
	if op.KeepScalars {
		switch v.(type) {
		case float64, bool:
			return false
		}
	}
	return record.IsEmpty(v)
}

// runRecordValidator is wrapper E.
func (op *Op) runRecordValidator(r *record.Record) (*record.Record, error) {
	ok, err := op.Impl.Record(r)
	if aborts(err) {
		return nil, err
	}
	if err != nil || ok == op.Invert {
		return nil, nil
	}
	return r, nil
}

// runRecordTransform is wrapper F.
func (op *Op) runRecordTransform(r *record.Record) (*record.Record, error) {
	out, err := op.Impl.RecordTx(r)
	if aborts(err) {
		return nil, err
	}
	if err != nil {
		return nil, nil
	}
	return out, nil
}

// Keep is returned by a BuiltinSpecial transform to leave the record as it
// is (dedup of a non-array); record.Undefined asks for a failure removal.
var Keep any = &struct{ keep bool }{true}

// runSpecial runs the built-in transforms with their own rules (jsonparse,
// lowercase, uppercase, dedup).
func (op *Op) runSpecial(r *record.Record) (*record.Record, error) {
	v, ok := op.read(r)
	if !ok {
		v = record.Undefined
	}
	out, err := op.Impl.Transform(v, r.Data)
	if aborts(err) {
		return nil, err
	}
	switch {
	case err != nil || out == record.Undefined:
		return op.remove(r), nil
	case out == Keep:
		return r, nil
	}
	op.setChecked(r, out)
	return r, nil
}

// NewOp binds spec to a rule object: it runs Build once and sets the paths.
// invert is output:false; it only affects validation kinds.
func NewOp(spec *Spec, rule *record.Object, source string, sources []string, target string, invert bool) (*Op, error) {
	if spec.RewritePaths != nil {
		source, target = spec.RewritePaths(source, target)
	}
	impl, err := spec.Build(NewArgs(rule))
	if err != nil {
		return nil, err
	}
	op := &Op{Spec: spec, Impl: impl, Source: record.ParsePath(source), Target: record.ParsePath(target),
		InPlace: target == source, Invert: invert && spec.Kind.IsValidation(), KeepScalars: true}
	for _, s := range sources {
		op.Sources = append(op.Sources, record.ParsePath(s))
	}
	dest := op.Target
	if op.InPlace {
		dest = op.Source
	}
	if segs := dest.Segments(); len(segs) == 1 {
		op.destKey = segs[0] // what Path.Set writes for a path of one key
	}
	if segs := op.Source.Segments(); len(segs) == 1 {
		op.srcKey, op.oneSource = record.NewKey(segs[0]), true // what Path.Get reads for a path of one key
	}
	op.inPlaceKey = op.InPlace && op.Sources == nil && op.oneSource && op.destKey == op.srcKey.String()
	op.invert = op.Invert
	switch spec.Kind {
	case FieldValidator:
		op.validString = impl.ValidString
		op.holds, op.proves = impl.Holds, impl.Holds|impl.Implies
		op.validASCII = impl.ValidASCII
	case FieldTransform:
		op.fromString = impl.FromString
		op.keeps = impl.Keeps
	case BuiltinTransform:
		op.stringFn = impl.String
	case BuiltinValidation, ValidatorPlugin:
		if impl.Normalize == nil {
			op.validate = impl.Validate
		}
	}
	answers := op.validString != nil || op.fromString != nil || op.stringFn != nil || op.validate != nil
	op.slotReady = answers && op.oneSource && op.Sources == nil && op.destKey != ""
	return op, nil
}
