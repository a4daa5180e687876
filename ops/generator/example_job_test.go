package generator_test

import (
	"bytes"
	"context"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

// The example job in examples/jobs validates (its schema file resolves
// next to it) and prints 20 people, numbered 1 to 20.
func TestExampleJob(t *testing.T) {
	j, l := job.Load("../../examples/jobs/generate-people.json", job.Options{})
	if j == nil {
		t.Fatal(l.Error())
	}
	var out bytes.Buffer
	sum, err := job.Run(context.Background(), j, job.RunOptions{Stdout: &out})
	if err != nil || sum.SlicesDone != 1 {
		t.Fatalf("run: %v, %d slices", err, sum.SlicesDone)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var members []int
	id := regexp.MustCompile(`^[0-9a-f]{8}$`)
	for _, line := range lines {
		v, err := record.ParseJSONString(line)
		if err != nil {
			t.Fatal(err)
		}
		o := v.(*record.Object)
		if k := strings.Join(o.Keys(), ","); k != "name,email,age,address,plan,tags,member,joined,id" {
			t.Fatalf("keys %s", k)
		}
		m, _ := o.Get("member")
		members = append(members, int(m.(float64)))
		if s, _ := o.Get("id"); !id.MatchString(s.(string)) {
			t.Errorf("id %v", s)
		}
		if s, _ := o.Get("joined"); !strings.HasPrefix(s.(string), "2020-") {
			t.Errorf("joined %v", s)
		}
	}
	sort.Ints(members)
	for i, m := range members {
		if m != i+1 {
			t.Fatalf("members %v, want 1..20 once each", members)
		}
	}
	if len(members) != 20 {
		t.Fatalf("%d records", len(members))
	}
}
