package cli

import (
	"os"
	"testing"
)

// TestMain runs the package's tests with reused batch buffers poisoned
// (poisonReused): a record's string kept past its batch would show as
// changed output.
func TestMain(m *testing.M) {
	poisonReused = true
	os.Exit(m.Run())
}
