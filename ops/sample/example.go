package sample

import (
	"fmt"

	"github.com/sluice-dev/sluice/record"
)

// exampleCheck checks a random sample of the example input ids 1..n: k
// records (any number when k is 0), each a distinct input record.
func exampleCheck(k, n int) func(out []*record.Record) error {
	return func(out []*record.Record) error {
		if k > 0 && len(out) != k {
			return fmt.Errorf("kept %d records, want %d", len(out), k)
		}
		seen := map[float64]bool{}
		for _, r := range out {
			id, _ := r.Data.Get("id")
			f, ok := id.(float64)
			if !ok || f < 1 || f > float64(n) || seen[f] {
				return fmt.Errorf("unexpected or repeated record %s", record.JSON(r.Data))
			}
			seen[f] = true
		}
		return nil
	}
}
