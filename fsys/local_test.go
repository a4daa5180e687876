package fsys_test

import (
	"os"
	"testing"

	"github.com/sluice-dev/sluice/fsys"
	"github.com/sluice-dev/sluice/fsys/fsystest"
)

func localHarness() fsystest.Harness {
	return fsystest.Harness{
		New: func(t *testing.T) (fsys.FS, string) { return fsys.Local{}, t.TempDir() },
		Symlink: func(t *testing.T, target, link string) {
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
		},
	}
}

func TestLocalConformance(t *testing.T) { fsystest.Run(t, localHarness()) }

func BenchmarkLocalWrite(b *testing.B) { fsystest.BenchWrite(b, fsys.Local{}, b.TempDir(), 64<<20) }

func BenchmarkLocalRead(b *testing.B) { fsystest.BenchRead(b, fsys.Local{}, b.TempDir(), 64<<20) }
