package all

import (
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/postprocess/builtin"
	"github.com/sluice-dev/sluice/postprocess/datamate"
)

// init registers the built-in (core) operations and the validator.js plugin,
// then data-mate: later registrations of a name win, so data-mate's trim
// replaces the core one, as in the reference. The seed's replacement names
// that neither registers (isBefore, isCurrency, ...) come last.
func init() {
	postprocess.Register(builtin.Specs()...)
	postprocess.Register(datamate.Specs()...)
	postprocess.Register(builtin.SeedSpecs()...)
}
