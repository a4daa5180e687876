package stream

import (
	"fmt"
	"net"
	"slices"
	"strings"

	"github.com/sluice-dev/sluice/record"
)

// brokersOf reads a kafka connection (terafoundation.connectors.kafka.<name>):
// `brokers`, a list of "host:port" or one comma-separated string. Other
// settings of teraslice's connector (TLS, SASL) are not supported here and
// are reported rather than ignored.
func brokersOf(name string, cfg *record.Object) ([]string, error) {
	for _, k := range cfg.Keys() {
		if k != "brokers" {
			return nil, fmt.Errorf("kafka connection %q: setting %q is not supported (known: brokers)", name, k)
		}
	}
	v, _ := cfg.Get("brokers")
	var raw []string
	switch x := v.(type) {
	case string:
		raw = strings.Split(x, ",")
	case []any:
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("kafka connection %q: brokers must hold \"host:port\" strings, found %s", name, record.GetTypeOf(e))
			}
			raw = append(raw, s)
		}
	default:
		return nil, fmt.Errorf("kafka connection %q: brokers is required (a list of \"host:port\")", name)
	}
	var out []string
	for _, b := range raw {
		b = strings.TrimSpace(b)
		if _, _, err := net.SplitHostPort(b); err != nil {
			return nil, fmt.Errorf("kafka connection %q: broker %q is not host:port", name, b)
		}
		out = append(out, b)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("kafka connection %q: brokers is empty", name)
	}
	return slices.Compact(out), nil
}
