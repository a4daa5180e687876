package hdfsfs

import (
	"fmt"
	"net"
	"slices"
	"strconv"
	"strings"

	"github.com/sluice-dev/sluice/fsys"
)

// DefaultUser is the HDFS user of a connection that names none.
const DefaultUser = "dfs"

// defaultPort is the NameNode RPC port of namenode_host without
// namenode_port (Hadoop's fs.defaultFS default, 8020).
const defaultPort = 8020

// Config is an HDFS connection.
type Config struct {
	// Namenodes are the NameNode RPC addresses ("host:port"); with several
	// (an HA pair), the client fails over between them.
	Namenodes []string
	// User is the HDFS user the client acts as (SIMPLE authentication).
	User string
}

// ParseConfig reads a connection's settings:
//
//	namenodes      list of "host:port", or one comma-separated string
//	namenode_host  a NameNode host, or a list of hosts for an HA pair (the
//	               teraslice form), all on namenode_port (default 8020)
//	user           the HDFS user, default "dfs"
//
// Exactly one of namenodes and namenode_host must be given. Unknown keys
// are an error; so is path_prefix, a WebHDFS setting of teraslice's
// connector that means nothing to the native protocol spoken here.
func ParseConfig(cfg map[string]any) (Config, error) {
	if _, ok := cfg["path_prefix"]; ok {
		return Config{}, settingErr("path_prefix is a WebHDFS setting; this connection speaks HDFS RPC to the NameNode (namenode_port is its RPC port, 8020 by default)")
	}
	if err := fsys.CheckKeys(Kind, cfg, "namenodes", "namenode_host", "namenode_port", "user"); err != nil {
		return Config{}, err
	}
	user, err := stringSetting(cfg, "user", DefaultUser)
	if err != nil {
		return Config{}, err
	}
	nodes, err := namenodes(cfg)
	if err != nil {
		return Config{}, err
	}
	return Config{Namenodes: nodes, User: user}, nil
}

func namenodes(cfg map[string]any) ([]string, error) {
	_, list := cfg["namenodes"]
	_, host := cfg["namenode_host"]
	switch {
	case list && host:
		return nil, settingErr("give either namenodes or namenode_host, not both")
	case list:
		return namenodeList(cfg["namenodes"])
	case host:
		return hostAndPort(cfg)
	}
	return nil, settingErr("namenodes (or namenode_host) is required")
}

func namenodeList(v any) ([]string, error) {
	var raw []string
	switch x := v.(type) {
	case string:
		raw = strings.Split(x, ",")
	case []string:
		raw = x
	case []any:
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, settingErr("namenodes must hold strings, found %T", e)
			}
			raw = append(raw, s)
		}
	default:
		return nil, settingErr("namenodes must be a list of \"host:port\" strings, found %T", v)
	}
	return checkAddrs(raw)
}

func checkAddrs(raw []string) ([]string, error) {
	var out []string
	for _, a := range raw {
		a = strings.TrimSpace(a)
		if _, _, err := net.SplitHostPort(a); err != nil {
			return nil, settingErr("namenode address %q is not host:port", a)
		}
		out = append(out, a)
	}
	if len(out) == 0 {
		return nil, settingErr("namenodes is empty")
	}
	return out, nil
}

func hostAndPort(cfg map[string]any) ([]string, error) {
	hosts, err := hostList(cfg["namenode_host"])
	if err != nil {
		return nil, err
	}
	port, err := portSetting(cfg["namenode_port"])
	if err != nil {
		return nil, err
	}
	out := make([]string, len(hosts))
	for i, h := range hosts {
		out[i] = net.JoinHostPort(h, strconv.Itoa(port))
	}
	return out, nil
}

func hostList(v any) ([]string, error) {
	var hosts []string
	switch x := v.(type) {
	case string:
		hosts = []string{x}
	case []string:
		hosts = x
	case []any:
		for _, e := range x {
			s, _ := e.(string)
			hosts = append(hosts, s)
		}
	}
	if len(hosts) == 0 || slices.Contains(hosts, "") {
		return nil, settingErr("namenode_host must be a host name or a list of them")
	}
	return hosts, nil
}

func portSetting(v any) (int, error) {
	port := defaultPort
	switch p := v.(type) {
	case nil:
	case float64: // JSON numbers
		if p != float64(int(p)) {
			return 0, settingErr("namenode_port %v is not an integer", p)
		}
		port = int(p)
	case int:
		port = p
	case int64:
		port = int(p)
	default:
		return 0, settingErr("namenode_port must be a number, found %T", p)
	}
	if port <= 0 || port > 65535 {
		return 0, settingErr("namenode_port %d is out of range", port)
	}
	return port, nil
}

func stringSetting(cfg map[string]any, key, def string) (string, error) {
	v, ok := cfg[key]
	if !ok {
		return def, nil
	}
	s, ok := v.(string)
	if !ok {
		return "", settingErr("%s must be a string, found %T", key, v)
	}
	return s, nil
}

func settingErr(format string, args ...any) error {
	return fmt.Errorf("fsys: hdfs connection: "+format, args...)
}
