package testservers

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/colinmarc/hdfs/v2"
	"github.com/twmb/franz-go/pkg/kgo"
)

// The tests below prove that each server scripts/servers starts answers its
// protocol; under CI=true a server that is missing fails them.

func TestSearchServerAnswers(t *testing.T) {
	es := Elasticsearch(t)
	req, _ := http.NewRequest(http.MethodGet, es.URL+"/", nil)
	req.SetBasicAuth(es.Username, es.Password)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var info struct {
		Version struct{ Number string } `json:"version"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&info); err != nil || resp.StatusCode != 200 || info.Version.Number == "" {
		t.Fatalf("GET / answered %d, version %q, %v", resp.StatusCode, info.Version.Number, err)
	}
	if got := resp.Header.Get("X-Elastic-Product"); got != "Elasticsearch" {
		t.Fatalf("X-Elastic-Product %q: the Elasticsearch client would refuse this server", got)
	}
}

func TestObjectStoreAnswers(t *testing.T) {
	s := ObjectStore(t)
	resp, err := http.Get(s.Endpoint + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	// An unsigned request is refused with an S3 error document.
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(resp.Header.Get("Content-Type"), "xml") {
		t.Fatalf("unsigned GET / answered %d %s, want an S3 403 error document", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

func TestKafkaBrokerAnswers(t *testing.T) {
	brokers := Kafka(t)
	cl, err := kgo.NewClient(kgo.SeedBrokers(brokers...))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := cl.Ping(ctx); err != nil {
		t.Fatalf("ping %v: %v", brokers, err)
	}
}

func TestNATSServerAnswers(t *testing.T) {
	u := NATS(t)
	c, err := net.DialTimeout("tcp", strings.TrimPrefix(u, "nats://"), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "INFO {") || !strings.Contains(line, `"jetstream":true`) {
		t.Fatalf("NATS greeting %q (%v), want INFO with jetstream", line, err)
	}
}

func TestHDFSServerAnswers(t *testing.T) {
	cl, err := hdfs.NewClient(hdfs.ClientOptions{Addresses: []string{HDFS(t)}, User: "sluice"})
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	fi, err := cl.Stat("/")
	if err != nil || !fi.IsDir() {
		t.Fatalf("stat /: %v %v", fi, err)
	}
}
