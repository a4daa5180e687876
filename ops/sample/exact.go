package sample

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"strconv"

	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/record"
)

func init() {
	job.Register(&job.Spec{
		Name:    "sample_exact",
		Kind:    job.KindProcessor,
		Summary: "Keeps exactly floor(n × percent_kept / 100) records of each slice of n, chosen at random, in random order.",
		Doc: "The share is computed exactly from the decimal `percent_kept` as written (29 % of 100 records keeps 29); the " +
			"records are a uniformly random subset in random order (a Fisher–Yates shuffle).",
		Params: []*job.Param{
			{Name: "percent_kept", Type: "number", Default: 100.0, Check: percentCheck("Percentage must be a number between 0 and 100."), Doc: "Percentage of each slice to keep, 0 to 100."},
		},
		NewProcessor: func(_ *job.OpContext, c *job.Config) (job.Processor, error) {
			return NewExact(c.Float("percent_kept"), newRand()), nil
		},
		Examples: []job.Example{{
			Title:  "Keep half of each slice",
			Config: `{"_op": "sample_exact", "percent_kept": 50}`,
			Input:  `[{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}, {"id": 5}]`,
			Check:  exampleCheck(2, 5),
		}},
	})
}

// percentCheck accepts numbers from 0 to 100.
func percentCheck(msg string) job.Check {
	return func(v any) (any, error) {
		if f, ok := v.(float64); ok && f >= 0 && f <= 100 {
			return v, nil
		}
		return v, errors.New(msg)
	}
}

// newRand makes a generator for a processor instance; tests replace it.
var newRand = func() *rand.Rand { return rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())) }

// Exact is sample_exact.
type Exact struct {
	num, den *big.Int // percent / 100 as an exact fraction
	rng      *rand.Rand
}

// NewExact keeps percent % of each slice, choosing with rng.
func NewExact(percent float64, rng *rand.Rand) *Exact {
	r, _ := new(big.Rat).SetString(strconv.FormatFloat(percent, 'f', -1, 64))
	r.Quo(r, big.NewRat(100, 1))
	return &Exact{num: r.Num(), den: r.Denom(), rng: rng}
}

// Keep is how many of n records are kept: floor(n × percent / 100), exact.
func (e *Exact) Keep(n int) int {
	x := new(big.Int).Mul(big.NewInt(int64(n)), e.num)
	return int(x.Quo(x, e.den).Int64())
}

// Process returns a random subset of the slice. The input is not modified.
func (e *Exact) Process(_ *job.Slice, in []*record.Record) ([]*record.Record, error) {
	return e.Sample(in), nil
}

// Sample picks Keep(len(in)) records: the first k steps of a Fisher–Yates
// shuffle of a copy of in.
func (e *Exact) Sample(in []*record.Record) []*record.Record {
	k := e.Keep(len(in))
	if k == 0 {
		return []*record.Record{}
	}
	a := append([]*record.Record(nil), in...)
	for i := 0; i < k; i++ {
		j := i + e.rng.IntN(len(a)-i)
		a[i], a[j] = a[j], a[i]
	}
	return a[:k:k]
}
