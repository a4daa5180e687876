package svggraph

import (
	"fmt"
	"html"
	"io"
	"sort"
	"strings"
	"unicode/utf8"
)

const titleHeight = 28.0

// Style is the default CSS of a drawing; classes name node kinds.
const Style = `
svg.graph { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
svg.graph .title { font-size: 14px; font-weight: bold; fill: #333; }
svg.graph .node rect { fill: #fff; stroke: #555; stroke-width: 1; }
svg.graph .node text { fill: #222; }
svg.graph .node text.head { font-weight: bold; }
svg.graph .node text.sub { fill: #666; }
svg.graph .edge { fill: none; stroke: #888; stroke-width: 1.2; }
svg.graph .group { fill: #f8f9fa; stroke: #c8ccd0; stroke-dasharray: 4 3; }
svg.graph .selector rect { fill: #e8f0fe; stroke: #3367d6; rx: 8; }
svg.graph .extract rect { fill: #fff; }
svg.graph .post rect { fill: #f1f3f4; }
svg.graph .output rect { fill: #fce8e6; stroke: #c5221f; }
svg.graph .reader rect { fill: #e6f4ea; stroke: #137333; rx: 8; }
svg.graph .processor rect { fill: #fff; }
svg.graph .api rect { fill: #fef7e0; stroke: #b06000; }
svg.graph .connection rect { fill: #f3e8fd; stroke: #8430ce; rx: 8; }
svg.graph .node.cold rect { stroke: #c5221f; stroke-width: 2; stroke-dasharray: 5 3; }
svg.graph .node.selected rect { stroke-width: 3; }
`

// Write draws the graphs one under the other as one SVG document.
func Write(w io.Writer, graphs ...Graph) {
	layouts := make([]*Layout, len(graphs))
	width, height := 0.0, 0.0
	for i := range graphs {
		layouts[i] = Lay(&graphs[i])
		width = max(width, layouts[i].Width)
		height += layouts[i].Height + titleHeight
	}
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" class="graph" width="%s" height="%s" viewBox="0 0 %s %s">`+"\n",
		num(width), num(height), num(width), num(height))
	fmt.Fprintf(w, "<style>%s</style>\n", Style)
	fmt.Fprintln(w, `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#888"/></marker></defs>`)
	y := 0.0
	for i := range graphs {
		fmt.Fprintf(w, "<g class=\"graph-part\" transform=\"translate(0 %s)\">\n", num(y))
		fmt.Fprintf(w, "<text class=\"title\" x=\"%s\" y=\"20\">%s</text>\n", num(margin), esc(graphs[i].Title))
		fmt.Fprintf(w, "<g transform=\"translate(0 %s)\">\n", num(titleHeight))
		writeGraph(w, &graphs[i], layouts[i])
		fmt.Fprintln(w, "</g>\n</g>")
		y += layouts[i].Height + titleHeight
	}
	fmt.Fprintln(w, "</svg>")
}

func writeGraph(w io.Writer, g *Graph, l *Layout) {
	for _, b := range l.Groups {
		fmt.Fprintf(w, "<rect class=\"group\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" rx=\"6\"/>\n", num(b.X), num(b.Y), num(b.W), num(b.H))
	}
	for _, r := range l.Routes {
		fmt.Fprintf(w, "<path class=\"edge\" d=\"%s\" marker-end=\"url(#arrow)\"/>\n", curve(r))
	}
	for _, n := range g.Nodes {
		writeNode(w, n, l.Boxes[n.ID])
	}
}

func writeNode(w io.Writer, n Node, b Box) {
	fmt.Fprintf(w, "<g class=\"node %s\" id=\"%s\"%s>\n", esc(n.Class), esc("node-"+n.ID), dataAttrs(n.Data))
	tip := n.Tip
	if tip == "" {
		tip = strings.Join(n.Lines, "\n")
	}
	fmt.Fprintf(w, "<title>%s</title>\n", esc(tip))
	fmt.Fprintf(w, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" rx=\"3\"/>\n", num(b.X), num(b.Y), num(b.W), num(b.H))
	for i, line := range n.Lines {
		class := "head"
		if i > 0 {
			class = "sub"
		}
		fmt.Fprintf(w, "<text class=\"%s\" x=\"%s\" y=\"%s\">%s</text>\n", class, num(b.X+padX), num(b.Y+padY+float64(i)*lineHeight+12), esc(clip(line)))
	}
	fmt.Fprintln(w, "</g>")
}

func dataAttrs(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, " data-%s=\"%s\"", k, esc(m[k]))
	}
	return b.String()
}

// curve joins the points with cubic segments that leave and enter
// horizontally.
func curve(pts []Point) string {
	var b strings.Builder
	fmt.Fprintf(&b, "M %s %s", num(pts[0].X), num(pts[0].Y))
	for i := 1; i < len(pts); i++ {
		a, c := pts[i-1], pts[i]
		dx := (c.X - a.X) / 2
		fmt.Fprintf(&b, " C %s %s %s %s %s %s", num(a.X+dx), num(a.Y), num(c.X-dx), num(c.Y), num(c.X), num(c.Y))
	}
	return b.String()
}

func clip(s string) string {
	if utf8.RuneCountInString(s) <= maxChars {
		return s
	}
	r := []rune(s)
	return string(r[:maxChars-1]) + "…"
}

func esc(s string) string { return html.EscapeString(s) }

// num formats a coordinate with at most one decimal.
func num(f float64) string {
	s := fmt.Sprintf("%.1f", f)
	return strings.TrimSuffix(s, ".0")
}
