package cli

import (
	"strconv"
	"strings"
	"unsafe"

	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// process parses, runs and encodes one batch.
func (s *stream) process(b *batch, st *plan.State) {
	if b.records != nil {
		for _, r := range b.records {
			s.one(b, r, st)
		}
		return
	}
	// The batch buffer is never written again, so its lines are parsed as
	// substrings of one string view: decoded strings share it, no copies.
	text := unsafe.String(unsafe.SliceData(b.data), len(b.data))
	line := b.line
	for len(text) > 0 {
		i := strings.IndexByte(text, '\n')
		var l string
		if i < 0 {
			l, text = text, ""
		} else {
			l, text = text[:i], text[i+1:]
		}
		s.line(b, l, line, st)
		line++
	}
}

func (s *stream) line(b *batch, l string, n int, st *plan.State) {
	l = strings.TrimSpace(l)
	if len(l) == 0 || l[0] == '#' {
		return
	}
	v, err := st.Decoder.ParseRecord(l)
	if err != nil {
		b.dead = deadLine(b.dead, s.name, n, "IN001", "invalid JSON: "+err.Error(), []byte(l))
		return
	}
	o, ok := v.(*record.Object)
	if !ok {
		b.dead = deadLine(b.dead, s.name, n, "IN002", "expected a JSON object, got "+record.TypeName(v), []byte(l))
		return
	}
	first := b.seq == 0 && !b.seen
	b.seen = true
	if first {
		if hits, ok := searchHits(o); ok {
			for _, h := range hits {
				s.one(b, record.New(h), st)
			}
			return
		}
	}
	s.one(b, record.New(o), st)
}

// searchHits unwraps a search response ({hits:{hits:[{_source}]}}) or a
// teraserver response ({results:[...]}) given as the first input item.
func searchHits(o *record.Object) ([]*record.Object, bool) {
	if h, ok := record.ParsePath("hits.hits").Get(o); ok && record.Truthy(h) {
		arr, _ := h.([]any)
		var out []*record.Object
		for _, e := range arr {
			if eo, ok := e.(*record.Object); ok {
				if src, ok := eo.Get("_source"); ok {
					if so, ok := src.(*record.Object); ok {
						out = append(out, so)
					}
				}
			}
		}
		return out, true
	}
	if r, ok := o.Get("results"); ok && record.Truthy(r) {
		arr, _ := r.([]any)
		var out []*record.Object
		for _, e := range arr {
			if eo, ok := e.(*record.Object); ok {
				out = append(out, eo)
			}
		}
		return out, true
	}
	return nil, false
}

func (s *stream) one(b *batch, r *record.Record, st *plan.State) {
	out, dl := s.plan.RunOne(r, st)
	if dl != nil {
		b.dead = deadRecord(b.dead, dl)
	}
	if out == nil {
		return
	}
	b.out = record.AppendJSON(b.out, out.Data)
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

func deadRecord(buf []byte, d *plan.DeadLetter) []byte {
	o := record.NewObject(2)
	o.Set("reason", d.Reason())
	o.Set("record", d.Record.Data)
	return append(record.AppendJSON(buf, o), '\n')
}
