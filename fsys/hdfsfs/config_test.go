package hdfsfs_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sluice-dev/sluice/fsys/hdfsfs"
)

func TestParseConfig(t *testing.T) {
	for _, tc := range []struct {
		cfg   map[string]any
		nodes []string
		user  string
		err   string
	}{
		{cfg: map[string]any{"namenodes": []any{"nn1:8020", " nn2:8020"}}, nodes: []string{"nn1:8020", "nn2:8020"}, user: "dfs"},
		{cfg: map[string]any{"namenodes": "nn1:9000,nn2:9000", "user": "etl"}, nodes: []string{"nn1:9000", "nn2:9000"}, user: "etl"},
		{cfg: map[string]any{"namenode_host": "nn", "kind": "hdfs"}, nodes: []string{"nn:8020"}, user: "dfs"},
		{cfg: map[string]any{"namenode_host": "nn", "namenode_port": float64(9000)}, nodes: []string{"nn:9000"}, user: "dfs"},
		{cfg: map[string]any{"namenode_host": []any{"nn1", "nn2"}, "namenode_port": 9000}, nodes: []string{"nn1:9000", "nn2:9000"}, user: "dfs"},
		{cfg: map[string]any{"namenode_host": []any{"nn1", 7}}, err: "fsys: hdfs connection: namenode_host must be a host name or a list of them"},
		{cfg: map[string]any{"namenode_host": "nn", "path_prefix": "/webhdfs/v1"}, err: "fsys: hdfs connection: path_prefix is a WebHDFS setting; this connection speaks HDFS RPC to the NameNode (namenode_port is its RPC port, 8020 by default)"},
		{cfg: map[string]any{}, err: "fsys: hdfs connection: namenodes (or namenode_host) is required"},
		{cfg: map[string]any{"namenodes": "nn"}, err: `fsys: hdfs connection: namenode address "nn" is not host:port`},
		{cfg: map[string]any{"namenodes": []any{1}}, err: "fsys: hdfs connection: namenodes must hold strings, found int"},
		{cfg: map[string]any{"namenodes": "a:1", "namenode_host": "b"}, err: "fsys: hdfs connection: give either namenodes or namenode_host, not both"},
		{cfg: map[string]any{"namenode_host": "nn", "namenode_port": "x"}, err: "fsys: hdfs connection: namenode_port must be a number, found string"},
		{cfg: map[string]any{"namenode_host": "nn", "namenode_port": int64(8021)}, nodes: []string{"nn:8021"}, user: "dfs"},
		{cfg: map[string]any{"namenode_host": "nn", "namenode_port": 80.5}, err: "fsys: hdfs connection: namenode_port 80.5 is not an integer"},
		{cfg: map[string]any{"namenode_host": "nn", "namenode_port": 70000}, err: "fsys: hdfs connection: namenode_port 70000 is out of range"},
		{cfg: map[string]any{"namenodes": "a:1", "user": 3}, err: "fsys: hdfs connection: user must be a string, found int"},
		{cfg: map[string]any{"namenodes": "a:1", "host": "x"}, err: "fsys: hdfs connection: unknown setting(s) host (known: namenodes, namenode_host, namenode_port, user)"},
	} {
		c, err := hdfsfs.ParseConfig(tc.cfg)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%v: error %v, want %q", tc.cfg, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(c.Namenodes, tc.nodes) || c.User != tc.user {
			t.Errorf("%v: %+v, %v", tc.cfg, c, err)
		}
	}
}

// The legacy teraslice form of an HDFS connection names one NameNode host;
// the port defaults to 8020 and the user to "dfs".
func ExampleParseConfig() {
	c, err := hdfsfs.ParseConfig(map[string]any{"namenode_host": "namenode.example"})
	fmt.Println(c.Namenodes, c.User, err)
	// Output: [namenode.example:8020] dfs <nil>
}
