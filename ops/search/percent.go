package search

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/sluice-dev/sluice/record"
)

// percentDoc names the stored percentage document.
type percentDoc struct {
	conn, index, id string
}

// errTS renders an error the way the reference's messages embed one
// (`${err}` of a TSError).
func errTS(err error) string { return "TSError: " + err.Error() }

// read fetches the document with a `_search` by ids (the same request
// works on Elasticsearch and on the test server, which lacks GET _doc) and
// returns its percent (0 to 100).
func (d percentDoc) read(ctx context.Context, c *client) (float64, error) {
	src, err := c.sourceByID(ctx, d.index, d.id)
	switch {
	case errors.Is(err, errNoIndex):
		return 0, d.notFound()
	case err != nil:
		return 0, fmt.Errorf("cannot read document %s of index %s of %s connection %s: %w", d.id, d.index, connKind, d.conn, err)
	case src == nil:
		return 0, d.notFound()
	}
	return d.percentOf(src)
}

// errNoIndex is a search of an index that does not exist.
var errNoIndex = errors.New("no such index")

// searchError classifies a failed search: a missing index (Elasticsearch:
// 404 index_not_found_exception; the test server: 400 "index ... does not
// exists") is errNoIndex.
func searchError(code int, status string, body io.Reader) error {
	text, _ := io.ReadAll(io.LimitReader(body, 4096))
	if code == 404 || code == 400 && bytes.Contains(text, []byte("does not exist")) {
		return errNoIndex
	}
	return fmt.Errorf("the server answered %s: %s", status, bytes.TrimSpace(text))
}

// sourceByID returns the `_source` of the document id of index, found by a
// `_search` with an ids query; nil when there is no such document.
func (c *client) sourceByID(ctx context.Context, index, id string) (json.RawMessage, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	q, _ := json.Marshal(map[string]any{"size": 1, "query": map[string]any{"ids": map[string]any{"values": []string{id}}}})
	res, err := c.es.Search(c.es.Search.WithContext(ctx), c.es.Search.WithIndex(index), c.es.Search.WithBody(bytes.NewReader(q)))
	if err != nil {
		return nil, err
	}
	defer drain(res.Body)
	if res.IsError() {
		return nil, searchError(res.StatusCode, res.Status(), res.Body)
	}
	var out struct {
		Hits struct {
			Hits []struct {
				ID     string          `json:"_id"`
				Source json.RawMessage `json:"_source"`
			} `json:"hits"`
		} `json:"hits"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		return nil, fmt.Errorf("the answer is not a search result: %w", err)
	}
	for _, h := range out.Hits.Hits {
		if h.ID == id && len(h.Source) > 0 {
			return h.Source, nil
		}
	}
	return nil, nil
}

func (d percentDoc) notFound() error {
	return fmt.Errorf("The document with id %s was not found in index %s of %s connection %s.", d.id, d.index, connKind, d.conn)
}

// percentOf reads `percent` of a document source: a number, or a string
// converted with JavaScript Number(), from 0 to 100.
func (d percentDoc) percentOf(source []byte) (float64, error) {
	src, err := record.ParseJSON(source)
	if err != nil {
		return 0, fmt.Errorf("document %s of index %s is not JSON: %w", d.id, d.index, err)
	}
	obj, _ := src.(*record.Object)
	v := any(record.Undefined)
	if obj != nil {
		if x, ok := obj.Get("percent"); ok {
			v = x
		}
	}
	var p float64
	switch x := v.(type) {
	case float64:
		p = x
	case string:
		p = record.StringToNumber(x)
		if math.IsNaN(p) {
			return 0, fmt.Errorf("Percent could not be converted from a string to a number:_id: %s, percent: %s", d.id, x)
		}
	default:
		return 0, fmt.Errorf("Expected percent to be of type number or string, found %s. _id: %s, percent: %s", record.GetTypeOf(v), d.id, record.ToString(v))
	}
	if !(p >= 0 && p <= 100) {
		return 0, fmt.Errorf("Percent must be a number between 0 and 100, received %s.", record.FormatNumber(p))
	}
	return p, nil
}
