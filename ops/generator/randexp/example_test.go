package randexp_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/sluice-dev/sluice/ops/generator/randexp"
)

func Example() {
	g, err := randexp.Compile(`(?:[ab])[0-9a-f]{8}`, randexp.Unbounded)
	if err != nil {
		panic(err)
	}
	id := g.String(rand.New(rand.NewPCG(1, 2)))
	fmt.Println(len(id), id[0] == 'a' || id[0] == 'b')
	// Output: 9 true
}
