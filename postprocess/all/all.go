package all

import (
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/postprocess/builtin"
	"github.com/sluice-dev/sluice/postprocess/datamate"
)

// init registers the built-in (core) operations and the validator.js plugin,
// then data-mate: later registrations of a name win, so data-mate's trim
// replaces the core one, as in the reference.
func init() {
	postprocess.Register(builtin.Specs()...)
	postprocess.Register(datamate.Specs()...)
}
