package search

import (
	"encoding/json"
	"strconv"

	"github.com/sluice-dev/sluice/record"
)

// verb is a bulk action.
type verb uint8

const (
	verbIndex verb = iota
	verbCreate
	verbUpdate
	verbDelete
)

func (v verb) String() string {
	return [...]string{"index", "create", "update", "delete"}[v]
}

// item is one bulk item: an action line and, except for deletes, a source
// line, at buf[start:end] of its builder; rec is the index of its record
// in the batch.
type item struct {
	rec        int
	verb       verb
	hasID      bool
	start, end int
}

// idempotent reports whether sending the item twice has the effect of
// sending it once (an index without an id would make a second document).
func (it item) idempotent() bool { return it.hasID || it.verb == verbDelete || it.verb == verbUpdate }

// outcome is what became of an item.
type outcome uint8

const (
	pending   outcome = iota // not answered yet, or failed with the request
	written                  // the server applied it
	skipped                  // 409: a version conflict; not counted
	ignored                  // document_already_exists / document_missing; not counted
	rejected                 // an error the server will not fix by itself: dead letter
	exhausted                // still rejected (429) after the retry limit
)

// itemResult is the server's answer for one item.
type itemResult struct {
	ID     string `json:"_id"`
	Status int    `json:"status"`
	Error  *struct {
		Type   string `json:"type"`
		Reason string `json:"reason"`
	} `json:"error"`
}

// bulkResponse is a `_bulk` answer: one single-key object per item.
type bulkResponse struct {
	Errors bool         `json:"errors"`
	Items  []bulkAnswer `json:"items"`
}

// bulkAnswer is one item of a bulk answer, keyed by its action.
type bulkAnswer struct {
	Index  *itemResult `json:"index"`
	Create *itemResult `json:"create"`
	Update *itemResult `json:"update"`
	Delete *itemResult `json:"delete"`
}

// classify turns an item's answer into an outcome; retry says the item
// should be sent again (an overloaded node, a tripped circuit breaker).
func classify(v verb, r itemResult) (o outcome, retry bool, reason string) {
	if r.Error == nil {
		switch {
		case r.Status < 300:
			return written, false, ""
		case v == verbDelete && r.Status == 404:
			return written, false, "" // nothing to delete
		case r.Status == 409:
			return skipped, false, ""
		case r.Status == 429:
			return pending, true, ""
		}
		return rejected, false, "bulk send error: status " + strconv.Itoa(r.Status)
	}
	typ := r.Error.Type
	switch {
	case r.Status == 409:
		return skipped, false, ""
	case r.Status == 429 || typ == "es_rejected_execution_exception" || typ == "rejected_execution_exception" ||
		typ == "circuit_breaking_exception":
		return pending, true, ""
	case typ == "document_already_exists_exception" || typ == "document_missing_exception":
		return ignored, false, ""
	}
	return rejected, false, "bulk send error: " + typ + "--" + r.Error.Reason
}

// resultOf is the inner object of one answered item.
func resultOf(a bulkAnswer) itemResult {
	for _, r := range [...]*itemResult{a.Index, a.Create, a.Update, a.Delete} {
		if r != nil {
			return *r
		}
	}
	return itemResult{}
}

// itemBuilder makes the bulk items of records under a sender's settings,
// one after the other in buf (so a request body is a range of it).
type itemBuilder struct {
	opt *senderOptions
	buf []byte
}

// line is the bytes of an item.
func (b *itemBuilder) line(it item) []byte { return b.buf[it.start:it.end] }

// items appends the items of record i: its action, and a delete of its
// `_delete_id` metadata when it has one.
func (b *itemBuilder) items(out []item, i int, r *record.Record) []item {
	idx := b.opt.indexFor(r)
	id := metaString(r, "_key")
	out = append(out, b.item(i, b.opt.verb, idx, id, r))
	if del := metaString(r, "_delete_id"); del != "" {
		out = append(out, b.item(i, verbDelete, idx, del, nil))
	}
	return out
}

func (b *itemBuilder) item(i int, v verb, index, id string, r *record.Record) item {
	start := len(b.buf)
	l := append(b.buf, `{"`...)
	l = append(l, v.String()...)
	l = append(l, `":{"_index":`...)
	l = record.AppendString(l, index)
	if id != "" {
		l = append(l, `,"_id":`...)
		l = record.AppendString(l, id)
	}
	if v == verbUpdate && b.opt.retryOnConflict > 0 {
		l = append(l, `,"retry_on_conflict":`...)
		l = strconv.AppendInt(l, int64(b.opt.retryOnConflict), 10)
	}
	l = append(l, "}}\n"...)
	if v != verbDelete {
		l = b.opt.appendSource(l, v, r)
		l = append(l, '\n')
	}
	b.buf = l
	return item{rec: i, verb: v, hasID: id != "", start: start, end: len(l)}
}

func metaString(r *record.Record, k string) string {
	v, _ := r.GetMeta(k)
	s, _ := v.(string)
	if s == "" && v != nil && record.Truthy(v) {
		return record.ToString(v)
	}
	return s
}

// parseBulk decodes a bulk answer.
func parseBulk(body []byte) (*bulkResponse, error) {
	var resp bulkResponse
	err := json.Unmarshal(body, &resp)
	return &resp, err
}
