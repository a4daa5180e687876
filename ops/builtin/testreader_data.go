package builtin

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/sluice-dev/sluice/record"
)

// The built-in test data has the reference's shape (10 {start, end} slice
// requests; 187 records with id, name, ip, url and created) and is
// generated deterministically, so every run sees the same records.

func defaultSliceRequests() []any {
	rng := rand.New(rand.NewPCG(10, 1))
	out := make([]any, 10)
	for i := range out {
		o := record.NewObject(2)
		o.Set("start", float64(-rng.Int64N(9e15)))
		o.Set("end", float64(rng.Int64N(9e15)))
		out[i] = o
	}
	return out
}

var (
	firstNames = []string{"Belle", "Phoebe", "Elsie", "Sally", "Logan", "Ida", "Marcus", "Nora", "Owen", "Ruth", "Silas", "Tessa"}
	lastNames  = []string{"Parsons", "Schmidt", "Vargas", "Wade", "Hughes", "Keller", "Moreno", "Quinn", "Reyes", "Stone", "Tran", "Young"}
	hosts      = []string{"http://bijupnag.cv/owi", "http://example.org/a", "https://data.example.net/x/y", "http://test.local/"}
)

func defaultRecords() []any {
	rng := rand.New(rand.NewPCG(187, 2))
	base := time.Date(2046, 5, 16, 1, 37, 21, 0, time.UTC)
	out := make([]any, 187)
	for i := range out {
		o := record.NewObject(5)
		o.Set("id", uuidFrom(rng))
		o.Set("name", firstNames[rng.IntN(len(firstNames))]+" "+lastNames[rng.IntN(len(lastNames))])
		o.Set("ip", fmt.Sprintf("%d.%d.%d.%d", rng.IntN(256), rng.IntN(256), rng.IntN(256), rng.IntN(256)))
		o.Set("url", hosts[rng.IntN(len(hosts))])
		o.Set("created", base.Add(-time.Duration(rng.IntN(1e6))*time.Second).Format("Mon Jan 02 2006 15:04:05 GMT-0700 (MST)"))
		out[i] = o
	}
	return out
}

func uuidFrom(rng *rand.Rand) string {
	a, b := rng.Uint64(), rng.Uint64()
	return fmt.Sprintf("%08x-%04x-5%03x-%04x-%012x", a>>32, (a>>16)&0xffff, a&0xfff, 0x8000|(b>>48)&0x3fff, b&0xffffffffffff)
}
