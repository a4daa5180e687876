// Package all registers every operation and api of sluice: import it for
// its side effect. `pipeline docs` lists what each package registers.
package all

import (
	_ "github.com/sluice-dev/sluice/ops/builtin"
	_ "github.com/sluice-dev/sluice/ops/transform"
)
