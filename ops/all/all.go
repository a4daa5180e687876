// Package all registers every operation and api of sluice: import it for
// its side effect. `pipeline docs` lists what each package registers.
package all

import (
	_ "github.com/sluice-dev/sluice/ops/builtin"
	_ "github.com/sluice-dev/sluice/ops/route"  // key_router, hash_router, field_router, date_router, set_key, debug_routes
	_ "github.com/sluice-dev/sluice/ops/sample" // sample_exact, sample_random
	_ "github.com/sluice-dev/sluice/ops/transform"
	_ "github.com/sluice-dev/sluice/ops/window" // window, data_window_to_array
)
