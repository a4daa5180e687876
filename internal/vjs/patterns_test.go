package vjs

import (
	"testing"

	"github.com/sluice-dev/sluice/internal/lazyre"
	_ "github.com/sluice-dev/sluice/internal/vjs/l10n"
)

// The validators' patterns compile on first use (not at start); every one
// of them must compile.
func TestPatternsCompile(t *testing.T) {
	if n := lazyre.CompileAll(); n < 60 {
		t.Errorf("%d patterns registered; vjs and l10n have more than 60", n)
	}
}
