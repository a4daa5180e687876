package cli

import (
	"fmt"
	"strconv"
	"strings"
	"unsafe"

	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// Dead-letter codes of the input side (the plan adds RUN codes).
const (
	CodeInvalidJSON = "IN001"  // a line or element is not JSON (comments and odd white space included)
	CodeNotObject   = "IN002"  // a line or element is JSON but not an object
	CodeTooLarge    = "IN003"  // a line or element larger than --max-record-size
	CodeArraySyntax = "IN004"  // a JSON array input is malformed around its elements
	CodeOutputLarge = "RUN004" // the output record would be larger than --max-record-size
	CodeInternal    = "RUN900" // an internal error (a panic) while processing the record
)

// deadExcerpt bounds the text of an oversized input kept in its dead letter.
const deadExcerpt = 1024

// process parses, runs and encodes one batch. A panic is contained to the
// line or record it happened in (contain): the batch goes on after it. The
// recover is deferred once per batch (and after each panic), not per line
// and per record.
func (s *stream) process(b *batch, w *worker) {
	if len(b.data) > 0 || len(b.elems) > 0 {
		b.out = s.outBuffer(max(len(b.data), batchBytes))
	}
	w.at = position{line: b.line}
	for !s.processFrom(b, w) {
	}
}

// position is where a worker is in its batch: the next element, or the
// offset and number of the next line.
type position struct {
	elem, off, line int
}

// current is the item a worker handles: the line (or element) and, while
// a record of it runs and is encoded, where its output starts.
type current struct {
	line    int
	text    string // the line's
	running bool
	raw     string // the running record's text ("" for a search hit)
	mark    int
}

// processFrom handles the batch's items from w.at on; it reports false
// when a panic ended it early (contained: w.at is past the item).
func (s *stream) processFrom(b *batch, w *worker) (done bool) {
	defer func() {
		if p := recover(); p != nil {
			s.contain(b, w, p)
		}
	}()
	for w.at.elem < len(b.elems) {
		e := b.elems[w.at.elem]
		w.at.elem++
		s.line(b, e.text, e.line, w)
	}
	// The batch buffer is never written again, so its lines are parsed as
	// substrings of one string view: decoded strings share it, no copies.
	text := unsafe.String(unsafe.SliceData(b.data), len(b.data))
	for w.at.off < len(text) {
		l := text[w.at.off:]
		if i := strings.IndexByte(l, '\n'); i >= 0 {
			l = l[:i]
		}
		w.at.off += len(l) + 1
		n := w.at.line
		w.at.line++
		s.line(b, l, n, w)
	}
	return true
}

// contain dead-letters the item a panic happened in: the record, with the
// rule that was running (its output so far dropped), or the line when no
// record of it ran (parsing, unwrapping, the authoring commands' visit).
// rulec exits with ExitInternal at the end.
func (s *stream) contain(b *batch, w *worker, p any) {
	s.panics.Add(1)
	c := w.cur
	w.cur.running = false
	if !c.running {
		b.dead = deadLine(b.dead, b.name, c.line, CodeInternal, fmt.Sprintf("internal error while reading this line: %v; please report it", p), []byte(c.text))
		return
	}
	b.out = b.out[:c.mark]
	rule := w.st.Rule()
	msg := fmt.Sprintf("internal error while rule %d (%s) ran: %v; please report it", rule.ID, rule.Pos(), p)
	raw := c.raw
	if raw == "" {
		raw = "(a record of the search response on this line)"
	}
	b.dead = deadLine(b.dead, b.name, c.line, CodeInternal, msg, []byte(raw))
}

// line handles one input line or array element. A line of JSON white
// space only is no record; anything else is a record, or a dead letter
// saying why not (a # comment is not JSON).
func (s *stream) line(b *batch, l string, n int, w *worker) {
	l = trimJSONSpace(l)
	if len(l) == 0 {
		return
	}
	w.cur = current{line: n, text: l}
	v, err := w.st.Decoder.ParseRecord(l)
	if err != nil {
		msg := "invalid JSON: " + err.Error()
		if l[0] == '#' {
			msg = "a comment line is not a record (" + msg + ")"
		}
		b.dead = deadLine(b.dead, b.name, n, CodeInvalidJSON, msg, []byte(l))
		return
	}
	o, ok := v.(*record.Object)
	if !ok {
		b.dead = deadLine(b.dead, b.name, n, CodeNotObject, "expected a JSON object, got "+record.TypeName(v), []byte(l))
		return
	}
	first := b.first && !b.seen
	b.seen = true
	if first && s.unwrap(b, o, n, w) {
		return
	}
	s.one(b, o, l, n, w)
}

func trimJSONSpace(s string) string {
	i, j := 0, len(s)
	for i < j && isJSONSpace(s[i]) {
		i++
	}
	for j > i && isJSONSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

// unwrap handles a search response ({hits:{hits:[{_source}]}}) or a
// teraserver response ({results:[...]}) given as the first input item: its
// records are processed, and its items that are not records are
// dead-lettered. A first item whose hits.hits or results is not an array is
// an ordinary record.
func (s *stream) unwrap(b *batch, o *record.Object, n int, w *worker) bool {
	if h, ok := hitsPath.Get(o); ok && record.Truthy(h) {
		arr, isArr := h.([]any)
		if !isArr {
			return false
		}
		for i, e := range arr {
			src, _ := sourcePath.GetValue(e)
			if so, ok := src.(*record.Object); ok {
				s.oneContained(b, so, n, w)
				continue
			}
			b.dead = deadLine(b.dead, b.name, n, CodeNotObject, fmt.Sprintf("search hit %d has no object _source", i), []byte(record.JSON(e)))
		}
		return true
	}
	if r, ok := o.Get("results"); ok && record.Truthy(r) {
		arr, isArr := r.([]any)
		if !isArr {
			return false
		}
		for i, e := range arr {
			if eo, ok := e.(*record.Object); ok {
				s.oneContained(b, eo, n, w)
				continue
			}
			b.dead = deadLine(b.dead, b.name, n, CodeNotObject, fmt.Sprintf("results item %d is not an object", i), []byte(record.JSON(e)))
		}
		return true
	}
	return false
}

// The paths unwrap reads, parsed once rather than per input and per hit.
var hitsPath, sourcePath = record.ParsePath("hits.hits"), record.ParsePath("_source")

// oneContained runs one record of a search response: a panic in its run is
// contained to it, and the response's other records still run (a panic in
// visit ends the line, as one elsewhere while reading it does).
func (s *stream) oneContained(b *batch, o *record.Object, n int, w *worker) {
	if s.visit != nil {
		s.visit(o, b.name, n)
		return
	}
	defer func() {
		if p := recover(); p != nil {
			s.contain(b, w, p)
		}
	}()
	s.one(b, o, "", n, w)
}

// one runs one record (or hands it to visit). A panic while it runs or is
// encoded is contained by the caller's recover (contain), with w.cur
// saying which record and rule.
func (s *stream) one(b *batch, o *record.Object, raw string, n int, w *worker) {
	if s.visit != nil {
		s.visit(o, b.name, n)
		return
	}
	mark := len(b.out)
	w.cur.running, w.cur.raw, w.cur.mark = true, raw, mark
	s.run(b, o, raw, n, mark, w)
	w.cur.running = false
}

// run runs one record and appends its output, which starts at mark.
func (s *stream) run(b *batch, o *record.Object, raw string, n, mark int, w *worker) {
	w.rec = record.Record{Data: o}
	out, dl := s.plan.RunOne(&w.rec, &w.st)
	if dl != nil {
		b.dead = deadRecord(b.dead, b.name, n, dl)
	}
	if out == nil {
		return
	}
	var ok bool
	if b.out, ok = record.AppendJSONMax(b.out, out.Data, mark+s.maxRecord); !ok {
		b.out = b.out[:mark]
		b.dead = deadLine(b.dead, b.name, n, CodeOutputLarge,
			"the output record is larger than --max-record-size ("+strconv.Itoa(s.maxRecord)+" bytes); its input is kept", []byte(raw))
		return
	}
	b.out = append(b.out, '\n')
}

func deadLine(buf []byte, name string, line int, code, msg string, raw []byte) []byte {
	o := record.NewObject(2)
	reason := record.NewObject(3)
	reason.Set("at", name+":"+strconv.Itoa(line))
	reason.Set("code", code)
	reason.Set("message", msg)
	o.Set("reason", reason)
	o.Set("line", string(raw))
	return append(record.AppendJSON(buf, o), '\n')
}

// deadRecord writes a record the plan dead-lettered. Its reason names the
// input position too; a record too large to write whole is cut to its keys.
func deadRecord(buf []byte, name string, line int, d *plan.DeadLetter) []byte {
	o := record.NewObject(2)
	reason := d.Reason() // its message is bounded (plan.MaxDeadMessage)
	reason.Set("input", name+":"+strconv.Itoa(line))
	o.Set("reason", reason)
	o.Set("record", d.Record.Data)
	mark := len(buf)
	out, ok := record.AppendJSONMax(buf, o, mark+maxDeadRecord)
	if !ok {
		o.Set("record", "(larger than "+strconv.Itoa(maxDeadRecord)+" bytes; keys: "+strings.Join(d.Record.Data.Keys(), ",")+")")
		out = record.AppendJSON(out[:mark], o)
	}
	return append(out, '\n')
}

// maxDeadRecord bounds a record written whole into a dead letter.
const maxDeadRecord = 64 << 20
