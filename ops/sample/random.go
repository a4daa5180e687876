package sample

import (
	"math/rand/v2"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	job.Register(&job.Spec{
		Name:    "sample_random",
		Kind:    job.KindProcessor,
		Summary: "Keeps each record with probability `probability_to_keep` %, in input order.",
		Doc:     "For each record an integer is drawn uniformly from 1 to 100; the record is kept when it is at most `probability_to_keep`.",
		Params: []*job.Param{
			{Name: "probability_to_keep", Type: "number", Default: 100.0, Check: percentCheck("probability must be a number between 0 and 100."), Doc: "Chance in percent that a record is kept, 0 to 100."},
		},
		NewProcessor: func(_ *job.OpContext, c *job.Config) (job.Processor, error) {
			return NewRandom(c.Float("probability_to_keep"), newRand()), nil
		},
		Examples: []job.Example{{
			Title:  "Keep every record (the default)",
			Config: `{"_op": "sample_random"}`,
			Input:  `[{"id": 1}, {"id": 2}, {"id": 3}]`,
			Output: `[{"id": 1}, {"id": 2}, {"id": 3}]`,
		}, {
			Title:  "Keep about half",
			Config: `{"_op": "sample_random", "probability_to_keep": 50}`,
			Input:  `[{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}, {"id": 5}]`,
			Check:  exampleCheck(0, 5),
		}},
	})
}

// Random is sample_random.
type Random struct {
	p   float64
	rng *rand.Rand
}

// NewRandom keeps each record with probability p %, drawing with rng.
func NewRandom(p float64, rng *rand.Rand) *Random { return &Random{p: p, rng: rng} }

// Process keeps the records whose draw in [1, 100] is at most p.
func (s *Random) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	out := make([]*record.Record, 0, len(in))
	for _, r := range in {
		if float64(1+s.rng.IntN(100)) <= s.p {
			out = append(out, r)
		}
	}
	return out, nil
}
