package record

import "sort"

// Record is one unit of data flowing through a pipeline: a JSON object plus
// metadata that is never serialised with the data.
type Record struct {
	Data *Object
	// Meta is nil until metadata is set. It may be shared with other
	// records (WithSharedMeta): change it only through SetMeta.
	Meta map[string]any
	// Window is set on a data window: a record that holds records (the
	// output of the window processor). A JSON writer shows a window as
	// {"dataArray": [...]}.
	Window []*Record
	// sharedMeta: Meta belongs to other records too; SetMeta copies it.
	sharedMeta bool
}

// NewWindow returns a data window holding records.
func NewWindow(records []*Record) *Record {
	if records == nil {
		records = []*Record{}
	}
	return &Record{Data: NewObject(0), Window: records}
}

// IsWindow reports whether r is a data window.
func (r *Record) IsWindow() bool { return r.Window != nil }

// New wraps an object (nil makes an empty one).
func New(data *Object) *Record {
	if data == nil {
		data = NewObject(0)
	}
	return &Record{Data: data}
}

// WithSharedMeta wraps an object whose metadata is meta, a map shared by
// many records (a reader gives every record of a slice the same one). The
// map is never changed through the record: its first SetMeta makes the
// record a copy of its own.
func WithSharedMeta(data *Object, meta map[string]any) *Record {
	r := New(data)
	r.Meta, r.sharedMeta = meta, true
	return r
}

// GetMeta returns a metadata value.
func (r *Record) GetMeta(key string) (any, bool) {
	v, ok := r.Meta[key]
	return v, ok
}

// SetMeta sets a metadata value.
func (r *Record) SetMeta(key string, v any) {
	switch {
	case r.Meta == nil:
		r.Meta = make(map[string]any, 4)
	case r.sharedMeta:
		own := make(map[string]any, len(r.Meta)+1)
		for k, v := range r.Meta {
			own[k] = v
		}
		r.Meta, r.sharedMeta = own, false
	}
	r.Meta[key] = v
}

// Fork returns a new record with empty data and a shallow copy of r's metadata.
func (r *Record) Fork() *Record {
	x := new(forked)
	x.o.fields = x.f[:0]
	f := &x.r
	f.Data = &x.o
	if len(r.Meta) > 0 {
		f.Meta = make(map[string]any, len(r.Meta))
		for k, v := range r.Meta {
			f.Meta[k] = v
		}
	}
	return f
}

// forked is a record with an empty object with room for 8 keys: Fork's
// result in one allocation.
type forked struct {
	r Record
	o Object
	f [8]field
}

// MetaKeys returns the metadata keys sorted, for deterministic output.
func (r *Record) MetaKeys() []string { return sortedKeys(r.Meta) }

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
