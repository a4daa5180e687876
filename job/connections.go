package job

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/sluice-dev/sluice/record"
)

// Connection kinds, as teraslice names its connectors.
const (
	ConnSearch = "elasticsearch-next" // a search index with the Elasticsearch API
	ConnS3     = "s3"                 // an object store with the S3 API
	ConnKafka  = "kafka"              // a stream broker with the Kafka protocol
	ConnHDFS   = "hdfs"               // an HDFS namenode
)

// Connections are the named connections of every kind a job may refer to,
// in teraslice's terafoundation.connectors shape:
//
//	terafoundation:
//	  connectors:
//	    elasticsearch-next:
//	      default: { node: ["http://127.0.0.1:9200"] }
type Connections struct {
	kinds map[string]map[string]*record.Object
	From  string // the file they were read from, "" for defaults
}

// DefaultConnections are loopback connections for every kind, so a job with
// no connections file runs against local servers (and, for file systems,
// local directories: no hdfs connection is configured by default).
func DefaultConnections() *Connections {
	c := &Connections{kinds: map[string]map[string]*record.Object{}}
	c.Set(ConnSearch, "default", record.FromMap(map[string]any{"node": []any{"http://127.0.0.1:9200"}}))
	c.Set(ConnS3, "default", record.FromMap(map[string]any{
		"endpoint": "http://127.0.0.1:9000", "accessKeyId": "minioadmin", "secretAccessKey": "minioadmin",
		"region": "us-east-1", "forcePathStyle": true,
	}))
	c.Set(ConnKafka, "default", record.FromMap(map[string]any{"brokers": []any{"127.0.0.1:9092"}}))
	return c
}

// Set adds or replaces a connection.
func (c *Connections) Set(kind, name string, cfg *record.Object) {
	if c.kinds[kind] == nil {
		c.kinds[kind] = map[string]*record.Object{}
	}
	c.kinds[kind][name] = cfg
}

// Get returns a connection's configuration. The kind "elasticsearch" is an
// alias of "elasticsearch-next".
func (c *Connections) Get(kind, name string) (*record.Object, bool) {
	if c == nil {
		return nil, false
	}
	cfg, ok := c.kinds[canonicalKind(kind)][name]
	return cfg, ok
}

// Lookup returns a connection's configuration, or an error naming the
// connections of that kind there are (for operations that open a
// connection when they start).
func (c *Connections) Lookup(kind, name string) (*record.Object, error) {
	if cfg, ok := c.Get(kind, name); ok {
		return cfg, nil
	}
	names := "none"
	if list := c.Names(kind); len(list) > 0 {
		names = strings.Join(list, ", ")
	}
	return nil, fmt.Errorf("connection %q names no %s connection (configured: %s)", name, canonicalKind(kind), names)
}

// Names lists the connection names of a kind, sorted.
func (c *Connections) Names(kind string) []string {
	if c == nil {
		return nil
	}
	var out []string
	for n := range c.kinds[canonicalKind(kind)] {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func canonicalKind(k string) string {
	if k == "elasticsearch" {
		return ConnSearch
	}
	return k
}

// LoadConnections reads a connections file (JSON or YAML). Its connections
// are added over the loopback defaults.
func LoadConnections(path string) (*Connections, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read connections file: %w", err)
	}
	var doc any
	if strings.EqualFold(filepath.Ext(path), ".json") {
		doc, err = record.ParseJSON(text)
	} else {
		var raw any
		err = yaml.Unmarshal(text, &raw)
		doc = record.FromGo(normalizeYAML(raw))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	c := DefaultConnections()
	c.From = path
	return c, c.merge(path, doc)
}

func (c *Connections) merge(path string, doc any) error {
	connectors := dig(doc, "terafoundation", "connectors")
	if connectors == nil {
		connectors = dig(doc, "connectors")
	}
	if connectors == nil {
		return fmt.Errorf("%s: expected terafoundation.connectors (an object of kinds, each an object of named connections)", path)
	}
	for _, kind := range connectors.Keys() {
		named, ok := mustObject(connectors, kind)
		if !ok {
			return fmt.Errorf("%s: connectors.%s must be an object of named connections", path, kind)
		}
		for _, name := range named.Keys() {
			cfg, ok := mustObject(named, name)
			if !ok {
				return fmt.Errorf("%s: connectors.%s.%s must be an object", path, kind, name)
			}
			c.Set(canonicalKind(kind), name, cfg)
		}
	}
	return nil
}

func dig(v any, keys ...string) *record.Object {
	for _, k := range keys {
		o, ok := v.(*record.Object)
		if !ok {
			return nil
		}
		v, _ = o.Get(k)
	}
	o, _ := v.(*record.Object)
	return o
}

func mustObject(o *record.Object, k string) (*record.Object, bool) {
	v, _ := o.Get(k)
	obj, ok := v.(*record.Object)
	return obj, ok
}

// normalizeYAML turns the map[any]any a YAML decoder may produce into
// map[string]any.
func normalizeYAML(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalizeYAML(e)
		}
		return x
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = normalizeYAML(e)
		}
		return m
	case []any:
		for i, e := range x {
			x[i] = normalizeYAML(e)
		}
	case uint64:
		return float64(x)
	}
	return v
}

func (c *Connections) source() string {
	if c.From == "" {
		return "the built-in loopback defaults; give --connections FILE"
	}
	return c.From
}
