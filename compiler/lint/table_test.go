package lint

import (
	"testing"

	"github.com/sluice-dev/sluice/postprocess"
	_ "github.com/sluice-dev/sluice/postprocess/all"
)

// TestAlwaysValidNames: the constant-validation table names registered
// operations of the right kinds.
func TestAlwaysValidNames(t *testing.T) {
	for transform, checks := range alwaysValid {
		if _, ok := postprocess.Lookup(transform); !ok {
			t.Errorf("%s is not a registered operation", transform)
		}
		for _, c := range checks {
			if _, ok := postprocess.Lookup(c); !ok {
				t.Errorf("%s is not a registered operation", c)
			}
		}
	}
}
