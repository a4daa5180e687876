// Package browsertest gives tests a headless Chromium (chromedp) to load
// the HTML pages the explain commands write.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromiumPath finds a headless-capable Chromium: under CI=true a missing
// browser fails the test (scripts/test installs Debian's chromium), else
// the test is skipped.
func chromiumPath(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium not found: install it (apt-get install chromium)")
	}
	t.Skip("chromium not found; install it (apt-get install chromium) to run the browser test")
	return ""
}

// Context starts a headless Chromium for the test (a 1400×700 window, 90 s
// in all) and returns its chromedp context; it stops with the test.
func Context(t testing.TB) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath(t)), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1400, 700))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })
	return ctx
}
