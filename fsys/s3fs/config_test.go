package s3fs

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestParseConfig(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  map[string]any
		want Config
		err  string
	}{
		{"teraslice connector", map[string]any{"endpoint": "http://127.0.0.1:9000", "accessKeyId": "k", "secretAccessKey": "s", "forcePathStyle": true},
			Config{Endpoint: "http://127.0.0.1:9000", AccessKeyID: "k", SecretAccessKey: "s", Region: "us-east-1", ForcePathStyle: true, PartSize: DefaultPartSize, RequestTimeout: DefaultRequestTimeout}, ""},
		{"sslEnabled false without scheme", map[string]any{"endpoint": "minio:9000", "sslEnabled": false, "bucket": "/data/"},
			Config{Endpoint: "http://minio:9000", Region: "us-east-1", Bucket: "data", PartSize: DefaultPartSize, RequestTimeout: DefaultRequestTimeout}, ""},
		{"default scheme https", map[string]any{"endpoint": "s3.example.com", "region": "eu-west-1", "maxRetries": 3.0},
			Config{Endpoint: "https://s3.example.com", Region: "eu-west-1", MaxRetries: 3, PartSize: DefaultPartSize, RequestTimeout: DefaultRequestTimeout}, ""},
		{"request timeout", map[string]any{"endpoint": "http://x", "requestTimeout": 2500.0},
			Config{Endpoint: "http://x", Region: "us-east-1", PartSize: DefaultPartSize, RequestTimeout: 2500 * time.Millisecond}, ""},
		{"no endpoint", map[string]any{}, Config{}, "endpoint is required"},
		{"unknown key", map[string]any{"endpoint": "http://x", "acessKeyId": "k"}, Config{}, "unknown setting(s) acessKeyId"},
		{"half credentials", map[string]any{"endpoint": "http://x", "accessKeyId": "k"}, Config{}, "both accessKeyId and secretAccessKey"},
		{"bad type", map[string]any{"endpoint": "http://x", "forcePathStyle": "yes"}, Config{}, "forcePathStyle must be true or false"},
		{"small parts", map[string]any{"endpoint": "http://x", "partSize": 1024.0}, Config{}, "below the 5 MiB"},
		{"endpoint with path", map[string]any{"endpoint": "http://x/bucket"}, Config{}, "has a path"},
		{"bucket with slash", map[string]any{"endpoint": "http://x", "bucket": "a/b"}, Config{}, "holds a slash"},
		{"bad scheme", map[string]any{"endpoint": "ftp://x"}, Config{}, "not an http(s) URL"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseConfig(c.cfg)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one containing %q", err, c.err)
				}
				return
			}
			if err != nil || got.Transport != nil || fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("got %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}
