package record

// lazyJSON is a top-level object or array value of a decoded record whose
// text has been validated but not yet decoded. It never leaves this package:
// every accessor of Object decodes it in place first, so callers only ever
// see plain values. Records often carry nested data no rule reads; this
// skips building it.
//
// A box may have several holders (Object.SetFrom copies it undecoded into
// another object): it keeps the value it decoded to, so that every holder
// resolves to the same value, shared as one JavaScript value is, and a
// holder whose box another holder decoded writes that value, not the text
// (which the value may no longer be).
type lazyJSON struct {
	text string
	slab *slab  // the Decoder's memory the value is decoded into, if any
	node *Shape // the shape node of its key while the node samples reads
	val  any    // the decoded value, once decoded (an object or array: never nil)
}

// load decodes a record read as text (ParseRecordRaw) on first use. Its
// own objects and arrays stay lazy.
func (o *Object) load() {
	if o != nil && o.raw != nil {
		o.decodeRaw()
	}
}

func (o *Object) decodeRaw() {
	l := o.raw
	o.raw = nil
	d := decoder{s: l.text, lazy: true, slab: l.slab}
	v, err := d.top()
	if x, ok := v.(*Object); ok && err == nil { // it was validated when read
		// exactly the room the keys take: such records are usually kept
		// with the others of their file slice
		o.fields = append(make([]field, 0, len(x.fields)), x.fields...)
		o.keyBits, o.shape = x.keyBits, x.shape
	}
}

// resolve decodes the i-th field if it is still lazy.
func (o *Object) resolve(i int) any {
	v := o.fields[i].val
	if l, ok := v.(*lazyJSON); ok {
		if l.val != nil { // decoded by another holder (SetFrom)
			o.fields[i].val = l.val
			return l.val
		}
		if l.node != nil {
			l.node.lazyRead()
		}
		// depth 1: the value is a record's member (nesting is limited as
		// when the record was read)
		d := decoder{s: l.text, slab: l.slab, depth: 1}
		dv, err := d.value()
		if err != nil { // cannot happen: the text was validated when it was read
			dv = nil
		}
		o.fields[i].val = dv
		l.val = dv
		return dv
	}
	return v
}

// resolveAll decodes every lazy field.
func (o *Object) resolveAll() {
	o.load()
	for i := range o.fields {
		if _, ok := o.fields[i].val.(*lazyJSON); ok {
			o.resolve(i)
		}
	}
}

func (d *decoder) skipValue() error {
	if d.i >= len(d.s) {
		return d.err("unexpected end of JSON input")
	}
	switch c := d.s[d.i]; {
	case c == '{':
		return d.skipComposite('}', true)
	case c == '[':
		return d.skipComposite(']', false)
	case c == '"':
		return d.skipStr()
	case c == '-' || isDigit(c):
		_, _, err := d.scanNumber()
		return err
	}
	_, err := d.value()
	return err
}

func (d *decoder) skipComposite(end byte, object bool) error {
	if err := d.enter(); err != nil {
		return err
	}
	d.i++
	d.ws()
	if d.i < len(d.s) && d.s[d.i] == end {
		d.i++
		d.depth--
		return nil
	}
	for {
		d.ws()
		if object {
			if d.i >= len(d.s) || d.s[d.i] != '"' {
				return d.err("expected a string key")
			}
			if err := d.skipStr(); err != nil {
				return err
			}
			d.ws()
			if d.i >= len(d.s) || d.s[d.i] != ':' {
				return d.err("expected ':' after object key")
			}
			d.i++
			d.ws()
		}
		if err := d.skipValue(); err != nil {
			return err
		}
		d.ws()
		if d.i >= len(d.s) {
			return d.err("unexpected end of JSON input")
		}
		switch d.s[d.i] {
		case ',':
			d.i++
			continue
		case end:
			d.i++
			d.depth--
			return nil
		}
		if object { // the messages of object and array, whichever way the value is read
			return d.err("expected ',' or '}' in object")
		}
		return d.err("expected ',' or ']' in array")
	}
}
