// Package all registers every operation and api of sluice: import it for
// its side effect.
package all

import (
	_ "github.com/sluice-dev/sluice/ops/builtin" // test-reader, noop, delay, stdout, dead_letter_file
	_ "github.com/sluice-dev/sluice/ops/fileout" // file_sender_api
	_ "github.com/sluice-dev/sluice/ops/routed"  // routed_sender
)
