package search

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/elastic/go-elasticsearch/v8"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// connKind is the connection kind of this family, as messages name it.
const connKind = job.ConnSearch

// client is an Elasticsearch-API client of one named connection.
type client struct {
	es      *elasticsearch.Client
	name    string        // the connection's name
	nodes   []string      // its addresses, for messages
	timeout time.Duration // per request
}

// connOptions are the settings of an elasticsearch-next connection.
type connOptions struct {
	nodes              []string
	username, password string
	timeout            time.Duration
}

// defaultTimeout bounds one request unless the connection says otherwise.
const defaultTimeout = 60 * time.Second

// connectionOptions reads a connection's configuration: `node` (a URL or a
// list of URLs; `nodes` and `host` are accepted too), `username`,
// `password` and `requestTimeout` (ms; `request_timeout` too).
func connectionOptions(name string, cfg *record.Object) (connOptions, error) {
	o := connOptions{timeout: defaultTimeout}
	for _, k := range []string{"node", "nodes", "host"} {
		v, ok := cfg.Get(k)
		if !ok {
			continue
		}
		switch x := v.(type) {
		case string:
			o.nodes = append(o.nodes, x)
		case []any:
			for _, e := range x {
				s, ok := e.(string)
				if !ok {
					return o, fmt.Errorf("%s connection %q: %s must be a URL or a list of URLs", connKind, name, k)
				}
				o.nodes = append(o.nodes, s)
			}
		default:
			return o, fmt.Errorf("%s connection %q: %s must be a URL or a list of URLs", connKind, name, k)
		}
	}
	if len(o.nodes) == 0 {
		return o, fmt.Errorf("%s connection %q has no node (a URL such as http://127.0.0.1:9200)", connKind, name)
	}
	o.username, _ = stringAt(cfg, "username")
	o.password, _ = stringAt(cfg, "password")
	for _, k := range []string{"requestTimeout", "request_timeout"} {
		if v, ok := cfg.Get(k); ok {
			ms, isNum := v.(float64)
			if !isNum || ms <= 0 {
				return o, fmt.Errorf("%s connection %q: %s must be a positive number of milliseconds", connKind, name, k)
			}
			o.timeout = time.Duration(ms * float64(time.Millisecond))
		}
	}
	return o, nil
}

func stringAt(o *record.Object, k string) (string, bool) {
	v, _ := o.Get(k)
	s, ok := v.(string)
	return s, ok
}

// connect makes a client for the named connection of the job and checks
// that the server answers: Info is the client's first call (the product
// check looks at the first successful answer only).
func connect(ctx context.Context, conns *job.Connections, name string) (*client, error) {
	cfg, ok := conns.Get(connKind, name)
	if !ok {
		return nil, fmt.Errorf("no %s connection named %q (configured: %s)", connKind, name, strings.Join(conns.Names(connKind), ", "))
	}
	o, err := connectionOptions(name, cfg)
	if err != nil {
		return nil, err
	}
	es, err := elasticsearch.NewClient(elasticsearch.Config{
		Addresses:    o.nodes,
		Username:     o.username,
		Password:     o.password,
		DisableRetry: true, // the callers retry what is safe to retry
		Transport:    &http.Transport{MaxIdleConnsPerHost: 32, ResponseHeaderTimeout: o.timeout},
	})
	if err != nil {
		return nil, fmt.Errorf("%s connection %q: %w", connKind, name, err)
	}
	c := &client{es: es, name: name, nodes: o.nodes, timeout: o.timeout}
	return c, c.info(ctx)
}

// info is the first request of every client.
func (c *client) info(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	res, err := c.es.Info(c.es.Info.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("cannot reach %s connection %q at %s: %w", connKind, c.name, strings.Join(c.nodes, ", "), err)
	}
	defer drain(res.Body)
	if res.IsError() {
		return fmt.Errorf("%s connection %q at %s answered %s", connKind, c.name, strings.Join(c.nodes, ", "), res.Status())
	}
	return nil
}

// drain reads the rest of a body so the connection is reused, and closes it.
func drain(b io.ReadCloser) {
	_, _ = io.Copy(io.Discard, b)
	b.Close()
}
