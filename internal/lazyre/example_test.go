package lazyre_test

import (
	"fmt"

	"github.com/sluice-dev/sluice/internal/lazyre"
)

var zip = lazyre.New(`^\d{5}(-\d{4})?$`)

func Example() {
	fmt.Println(zip().MatchString("12345-6789"), zip().MatchString("1234"))
	// Output: true false
}
