// Package all registers every operation in the reference's order: the
// built-in (core) operations, the validator.js plugin, then data-mate —
// later registrations of a name win, so data-mate's trim replaces the core
// one. Import it for its side effect.
package all

import (
	"github.com/sluice-dev/sluice/postprocess"
	"github.com/sluice-dev/sluice/postprocess/builtin"
	"github.com/sluice-dev/sluice/postprocess/datamate"
)

func init() {
	postprocess.Register(builtin.Specs()...)
	postprocess.Register(datamate.Specs()...)
}
