package job

import (
	"fmt"
	"testing"

	"github.com/sluice-dev/sluice/record"
)

func ledgerRecs(jsons ...string) []*record.Record {
	out := make([]*record.Record, len(jsons))
	for i, j := range jsons {
		o, err := record.ParseObject([]byte(j))
		if err != nil {
			panic(err)
		}
		out[i] = record.New(o)
	}
	return out
}

func TestSentLedgerSkipsWhatEarlierAttemptsDelivered(t *testing.T) {
	l := NewSentLedger()
	recs := ledgerRecs(`{"a":1}`, `{"a":1}`, `{"a":2}`, `{"a":"1"}`)
	if got := l.Unsent("s", recs); len(got) != 4 {
		t.Fatalf("first attempt: %d", len(got))
	}
	l.MarkSent("s", recs[:1])
	l.MarkSent("s", recs[2:3])
	again := ledgerRecs(`{"a":1}`, `{"a":1}`, `{"a":2}`, `{"a":"1"}`)
	got := l.Unsent("s", again)
	if fmt.Sprint(recJSON(got)) != `[{"a":1} {"a":"1"}]` {
		t.Errorf("second attempt sends %v", recJSON(got))
	}
	if got := l.Unsent("s", again); len(got) != 2 {
		t.Errorf("Unsent must not use the deliveries up: %v", recJSON(got))
	}
	if got := l.Unsent("other", again); len(got) != 4 || l.Len("s") != 2 {
		t.Errorf("slices are separate: %d, %d", len(got), l.Len("s"))
	}
	l.Forget("s")
	if l.Len("s") != 0 || len(l.Unsent("s", again)) != 4 {
		t.Error("Forget")
	}
}

func TestSentLedgerTellsRoutesAndKeysApart(t *testing.T) {
	l := NewSentLedger()
	a, b, c := ledgerRecs(`{"x":[1,{"y":null}]}`, `{"x":[1,{"y":null}]}`, `{"x":[1,{"y":null}]}`)[0], ledgerRecs(`{"x":[1,{"y":null}]}`)[0], ledgerRecs(`{"x":[1,{"y":null}]}`)[0]
	a.SetMeta("standard:route", "r1")
	b.SetMeta("standard:route", "r2")
	c.SetMeta("standard:route", "r1")
	c.SetMeta("_key", "k")
	l.MarkSent("s", []*record.Record{a})
	if got := l.Unsent("s", []*record.Record{b, c}); len(got) != 2 {
		t.Errorf("route or key ignored: %v", got)
	}
	d := ledgerRecs(`{"x":[1,{"y":null}]}`)[0]
	d.SetMeta("standard:route", "r1")
	if got := l.Unsent("s", []*record.Record{d}); len(got) != 0 {
		t.Error("an equal record is not recognised")
	}
}

func recJSON(recs []*record.Record) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = record.JSON(r.Data)
	}
	return out
}

func TestLazySentLedgerFingerprintsOnDemand(t *testing.T) {
	for _, lazy := range []bool{false, true} {
		l := NewSentLedger()
		l.Lazy = lazy
		l.MarkSent("s", ledgerRecs(`{"a":1}`, `{"a":2}`))
		if got := l.Unsent("s", ledgerRecs(`{"a":1}`, `{"a":3}`)); fmt.Sprint(recJSON(got)) != `[{"a":3}]` || l.Len("s") != 2 {
			t.Errorf("lazy %v: %v, len %d", lazy, recJSON(got), l.Len("s"))
		}
		l.MarkSent("s", ledgerRecs(`{"a":3}`))
		l.Forget("s")
		if l.Len("s") != 0 {
			t.Errorf("lazy %v: Forget", lazy)
		}
	}
}
