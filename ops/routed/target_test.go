package routed

import "testing"

func TestParseTarget(t *testing.T) {
	apis := map[string]bool{"file_sender_api": true, "file_sender_api:b": true, "search_sender_api": true}
	has := func(n string) bool { return apis[n] }
	for _, c := range []struct{ in, api, conn string }{
		{"default", "", "default"},
		{"es:cluster-1", "", "es:cluster-1"}, // no api named "es": a connection
		{"search_sender_api", "search_sender_api", ""},
		{"search_sender_api:other", "search_sender_api", "other"},
		{"file_sender_api:b", "file_sender_api:b", ""},
		{"file_sender_api:b:c", "file_sender_api:b", "c"},
		{"file_sender_api:c", "file_sender_api", "c"},
		{":x", "", ":x"},
	} {
		if got := parseTarget(c.in, has); got.api != c.api || got.conn != c.conn {
			t.Errorf("%q -> %+v, want api %q conn %q", c.in, got, c.api, c.conn)
		}
	}
}
