package s3fs

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/sluice-dev/sluice/fsys"
)

// Kind is the registered name of the backend and the connection kind of
// its connections (teraslice's terafoundation.connectors.s3).
const Kind = "s3"

// DefaultPartSize is the size of the parts of a multipart upload, and the
// largest file uploaded with a single PUT.
const DefaultPartSize = 8 << 20

// minPartSize is the smallest part S3 accepts (all but the last).
const minPartSize = 5 << 20

// Config is an S3 connection.
type Config struct {
	// Endpoint is the server's URL ("http://127.0.0.1:9000"); its scheme
	// decides TLS.
	Endpoint        string
	AccessKeyID     string
	SecretAccessKey string
	SessionToken    string
	Region          string
	// ForcePathStyle addresses buckets as <endpoint>/<bucket> instead of
	// <bucket>.<endpoint> (needed by most self-hosted servers).
	ForcePathStyle bool
	// Bucket, when set, holds every path; otherwise a path's first element
	// is its bucket.
	Bucket string
	// MaxRetries bounds the client's retries of one request (0: the
	// client's default, 10).
	MaxRetries int
	// PartSize is the multipart part size (0: DefaultPartSize; at least 5 MiB).
	PartSize int64
	// RequestTimeout bounds the wait for a response's headers (0:
	// DefaultRequestTimeout); a request that times out is retried.
	RequestTimeout time.Duration
	// Transport, when set, carries the requests instead of a transport
	// made from the settings above (RequestTimeout does not apply then):
	// custom networking, and tests that route requests through a proxy.
	Transport http.RoundTripper
}

// DefaultRequestTimeout is the longest wait for a server's answer.
const DefaultRequestTimeout = time.Minute

// settings are the keys a connection may hold, as teraslice names them.
var settings = []string{"endpoint", "accessKeyId", "secretAccessKey", "sessionToken", "region",
	"forcePathStyle", "sslEnabled", "bucket", "maxRetries", "partSize", "requestTimeout"}

// ParseConfig reads a connection's settings:
//
//	endpoint         the server's URL, required ("http://127.0.0.1:9000")
//	accessKeyId      credentials (both or neither)
//	secretAccessKey
//	sessionToken     optional temporary-credentials token
//	region           default "us-east-1"
//	forcePathStyle   path-style bucket addressing, default false
//	sslEnabled       false forces http for an endpoint without a scheme
//	bucket           optional: the bucket every path is in
//	maxRetries       retries of a failed request (default 10)
//	partSize         multipart part size in bytes (default 8 MiB, min 5 MiB)
//	requestTimeout   ms to wait for an answer before retrying (default 60000)
//
// Unknown keys are an error.
func ParseConfig(cfg map[string]any) (Config, error) {
	if err := fsys.CheckKeys(Kind, cfg, settings...); err != nil {
		return Config{}, err
	}
	var c Config
	var ssl = true
	var err error
	for _, s := range []struct {
		key string
		dst *string
	}{{"endpoint", &c.Endpoint}, {"accessKeyId", &c.AccessKeyID}, {"secretAccessKey", &c.SecretAccessKey},
		{"sessionToken", &c.SessionToken}, {"region", &c.Region}, {"bucket", &c.Bucket}} {
		if *s.dst, err = stringSetting(cfg, s.key); err != nil {
			return c, err
		}
	}
	if c.ForcePathStyle, err = boolSetting(cfg, "forcePathStyle", false); err != nil {
		return c, err
	}
	if ssl, err = boolSetting(cfg, "sslEnabled", true); err != nil {
		return c, err
	}
	if c.MaxRetries, err = intSetting(cfg, "maxRetries"); err != nil {
		return c, err
	}
	part, err := intSetting(cfg, "partSize")
	if err != nil {
		return c, err
	}
	c.PartSize = int64(part)
	ms, err := intSetting(cfg, "requestTimeout")
	if err != nil {
		return c, err
	}
	c.RequestTimeout = time.Duration(ms) * time.Millisecond
	return c, c.normalize(ssl)
}

func (c *Config) normalize(ssl bool) error {
	if c.Endpoint == "" {
		return settingErr("endpoint is required (the server's URL, e.g. http://127.0.0.1:9000)")
	}
	if !strings.Contains(c.Endpoint, "://") {
		scheme := "https://"
		if !ssl {
			scheme = "http://"
		}
		c.Endpoint = scheme + c.Endpoint
	}
	if (c.AccessKeyID == "") != (c.SecretAccessKey == "") {
		return settingErr("give both accessKeyId and secretAccessKey, or neither")
	}
	if c.Region == "" {
		c.Region = "us-east-1"
	}
	if c.PartSize == 0 {
		c.PartSize = DefaultPartSize
	}
	if c.RequestTimeout == 0 {
		c.RequestTimeout = DefaultRequestTimeout
	}
	if c.PartSize < minPartSize {
		return settingErr("partSize %d is below the 5 MiB S3 requires of a part", c.PartSize)
	}
	c.Bucket = strings.Trim(c.Bucket, "/")
	if strings.Contains(c.Bucket, "/") {
		return settingErr("bucket %q holds a slash; put key prefixes in the path", c.Bucket)
	}
	_, err := c.endpointURL()
	return err
}

func (c Config) endpointURL() (*url.URL, error) {
	u, err := url.Parse(c.Endpoint)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, settingErr("endpoint %q is not an http(s) URL with a host", c.Endpoint)
	}
	if u.Path != "" && u.Path != "/" {
		return nil, settingErr("endpoint %q has a path; S3 endpoints are a scheme and a host", c.Endpoint)
	}
	return u, nil
}

func stringSetting(cfg map[string]any, key string) (string, error) {
	v, ok := cfg[key]
	if !ok || v == nil {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", settingErr("%s must be a string, found %T", key, v)
	}
	return s, nil
}

func boolSetting(cfg map[string]any, key string, def bool) (bool, error) {
	v, ok := cfg[key]
	if !ok || v == nil {
		return def, nil
	}
	b, ok := v.(bool)
	if !ok {
		return false, settingErr("%s must be true or false, found %T", key, v)
	}
	return b, nil
}

func intSetting(cfg map[string]any, key string) (int, error) {
	switch n := cfg[key].(type) {
	case nil:
		return 0, nil
	case int:
		return n, nil
	case float64:
		if n == float64(int(n)) && n >= 0 {
			return int(n), nil
		}
	}
	return 0, settingErr("%s must be a whole number, found %v", key, cfg[key])
}

func settingErr(format string, args ...any) error {
	return fmt.Errorf("fsys: s3 connection: "+format, args...)
}
