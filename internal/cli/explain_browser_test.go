package cli

import (
	"bytes"
	"image"
	"image/color"
	_ "image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/sluice-dev/sluice/internal/browsertest"
)

// TestExplainHTMLInBrowser loads rulec explain --format html in headless
// Chromium: every plan element is drawn with a real size, a click on a node
// highlights its rule line and scrolls it into view, a click on a line
// selects its nodes, and a screenshot shows the drawing.
func TestExplainHTMLInBrowser(t *testing.T) {
	ctx := browsertest.Context(t)
	out, errOut, code := rulec(t, "", "explain", "--format", "html", "--types-file", "../../examples/weblog-types.json", "../../examples/weblog-rules.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	page := filepath.Join(t.TempDir(), "plan.html")
	if err := os.WriteFile(page, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	wantNodes := bytes.Count([]byte(out), []byte(`<g class="node `))
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	eval := func(js string) int {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](js))
		must(err)
		return n
	}
	must(chromedp.Do(ctx, chromedp.EmulateViewport(1400, 500), chromedp.Navigate("file://"+page), chromedp.WaitVisible(chromedp.CSS("#graph svg"))))
	drawn := eval(`document.querySelectorAll("#graph .node").length`)
	sized := eval(`Array.from(document.querySelectorAll("#graph .node rect")).filter(r => r.getBBox().width > 20 && r.getBBox().height > 20).length`)
	visible := `(function(){var s=document.getElementById("source").getBoundingClientRect(),l=document.getElementById("f0-L32").getBoundingClientRect();return (l.top>=s.top&&l.bottom<=s.bottom)?1:0})()`
	// the "*" selector's rule is line 32, below the fold of the source pane
	if eval(visible) != 0 {
		t.Error("line 32 is visible before the click: the scroll is not tested")
	}
	must(chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.node.selector[data-line="32"]`)), chromedp.Sleep(200*time.Millisecond)))
	attr, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(`#f0-L32`), "class"))
	must(err)
	lineClass := attr.Value
	lineVisible := eval(visible)
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	must(err)
	must(chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#f0-L17`))))
	selected := eval(`document.querySelectorAll(".node.selected").length`)
	if drawn != wantNodes || wantNodes < 30 || sized != wantNodes {
		t.Errorf("nodes: %d in the page, %d drawn, %d with a real size", wantNodes, drawn, sized)
	}
	if lineClass != "line hl" || lineVisible != 1 {
		t.Errorf("after clicking the node: line 32 class %q, visible %d", lineClass, lineVisible)
	}
	// line 17: the first_name extraction, its selector and its output:false
	if selected != 3 {
		t.Errorf("clicking line 17 selected %d nodes, want 3", selected)
	}
	checkScreenshot(t, shot)
}

// checkScreenshot compares the screenshot loosely: the window's size, a
// drawing that is not blank, the selector fill and the highlighted line.
func checkScreenshot(t *testing.T, png []byte) {
	img, _, err := image.Decode(bytes.NewReader(png))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1400 || b.Dy() != 500 {
		t.Errorf("screenshot %dx%d, want 1400x500", b.Dx(), b.Dy())
	}
	colors := map[color.RGBA]int{}
	for y := 0; y < img.Bounds().Dy(); y += 2 {
		for x := 0; x < img.Bounds().Dx(); x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			colors[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}]++
		}
	}
	white := colors[color.RGBA{255, 255, 255, 255}]
	total := (img.Bounds().Dx() / 2) * (img.Bounds().Dy() / 2)
	if len(colors) < 50 || white > total*95/100 {
		t.Errorf("screenshot looks blank: %d colours, %d of %d pixels white", len(colors), white, total)
	}
	for name, c := range map[string]color.RGBA{"selector fill": {0xe8, 0xf0, 0xfe, 255}, "highlighted line": {0xff, 0xf3, 0xb0, 255}} {
		if colors[c] < 100 {
			t.Errorf("screenshot: %s %v covers %s pixels", name, c, strconv.Itoa(colors[c]))
		}
	}
	if os.Getenv("KEEP_SCREENSHOT") != "" {
		os.WriteFile(os.Getenv("KEEP_SCREENSHOT"), png, 0o644)
	}
}
