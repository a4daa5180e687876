package record

import (
	"fmt"
	"testing"
)

// A record's nested member is kept as text until read; where the first
// records with that key in that place mostly had it read, later records
// decode it at once. A member no one reads stays text. Either way the
// values are the same.
func TestNestedMembersReadOftenAreDecodedAtOnce(t *testing.T) {
	freshShapeTree() // room for the test's places, whatever ran before
	read, unread := t.Name()+"-read", t.Name()+"-unread"
	var d Decoder
	for i := range 40 {
		line := fmt.Sprintf(`{"n":%d,%q:{"x":%d,"y":[%d]},%q:[1,{"z":2}]}`, i, read, i, i, unread)
		v, err := d.ParseRecord(line)
		if err != nil {
			t.Fatal(err)
		}
		o := v.(*Object)
		wantLazy := i < eagerReads // the 24th read makes the place eager
		if got := isLazy(o.fields[1].val); got != wantLazy {
			t.Fatalf("record %d: %s kept as text %v, want %v", i, read, got, wantLazy)
		}
		if !isLazy(o.fields[2].val) {
			t.Fatalf("record %d: %s was decoded though no record reads it", i, unread)
		}
		got, _ := o.Get(read)
		if want := fmt.Sprintf(`{"x":%d,"y":[%d]}`, i, i); JSON(got) != want {
			t.Fatalf("record %d: %s = %s, want %s", i, read, JSON(got), want)
		}
		if JSON(o) != line {
			t.Fatalf("record %d: %s, want %s", i, JSON(o), line)
		}
	}
}
