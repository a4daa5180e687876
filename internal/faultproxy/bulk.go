package faultproxy

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
)

type itemsKey struct{}

func withItems(ctx context.Context, items []ItemFault) context.Context {
	return context.WithValue(ctx, itemsKey{}, items)
}

// rewriteBulk makes the chosen items of a forwarded _bulk response fail.
func (p *Proxy) rewriteBulk(resp *http.Response) error {
	items, _ := resp.Request.Context().Value(itemsKey{}).([]ItemFault)
	if len(items) == 0 || resp.StatusCode != http.StatusOK {
		return nil
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	out, err := failItems(body, items)
	if err != nil {
		return fmt.Errorf("faultproxy: %w", err)
	}
	resp.Body = io.NopCloser(bytes.NewReader(out))
	resp.ContentLength = int64(len(out))
	resp.Header.Set("Content-Length", strconv.Itoa(len(out)))
	resp.Header.Del("Content-Encoding")
	return nil
}

// failItems rewrites a bulk response body: each chosen item gets the fault's
// status and error, and "errors" becomes true.
func failItems(body []byte, faults []ItemFault) ([]byte, error) {
	var doc map[string]any
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, fmt.Errorf("bulk response is not JSON: %w", err)
	}
	items, _ := doc["items"].([]any)
	changed := false
	for pos, it := range items {
		result := itemResult(it)
		if result == nil {
			continue
		}
		id, _ := result["_id"].(string)
		for _, f := range faults {
			if (f.ID != "" && f.ID == id) || (f.ID == "" && f.Position == pos) {
				result["status"] = f.Status
				result["error"] = map[string]any{"type": f.Type, "reason": f.Reason}
				delete(result, "result")
				changed = true
				break
			}
		}
	}
	if changed {
		doc["errors"] = true
	}
	return json.Marshal(doc)
}

// itemResult is the inner object of {"<action>": {...}}.
func itemResult(it any) map[string]any {
	m, _ := it.(map[string]any)
	for _, v := range m {
		r, _ := v.(map[string]any)
		return r
	}
	return nil
}
