package cli

import (
	_ "embed"
	"fmt"
	"html"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/sluice-dev/sluice/internal/svggraph"
	"github.com/sluice-dev/sluice/plan"
)

// PlanGraph maps a compiled plan to a drawable graph; node IDs get prefix
// (to keep several plans apart on one page) and each node carries the file
// and line of its rule.
func PlanGraph(p *plan.Plan, title, prefix string, files []string) svggraph.Graph {
	nodes, edges := p.Graph()
	g := svggraph.Graph{Title: title}
	for _, n := range nodes {
		lines := []string{n.Title, n.Rule.Pos()}
		if extra := tagLine(n); extra != "" {
			lines = append(lines, extra)
		}
		node := svggraph.Node{ID: prefix + n.ID, Lines: lines, Class: n.Kind,
			Data: map[string]string{"file": strconv.Itoa(slices.Index(files, n.Rule.File)), "line": strconv.Itoa(n.Rule.Line)}}
		if n.Kind == "extract" {
			node.Group = prefix + "extractions of s" + strconv.Itoa(n.Selector)
		}
		g.Nodes = append(g.Nodes, node)
	}
	for _, e := range edges {
		g.Edges = append(g.Edges, svggraph.Edge{From: prefix + e[0], To: prefix + e[1]})
	}
	return g
}

func tagLine(n plan.GraphNode) string {
	var parts []string
	if n.Follow != "" {
		parts = append(parts, "follows "+n.Follow)
	}
	if len(n.Tags) > 0 {
		parts = append(parts, "tags "+strings.Join(n.Tags, ","))
	}
	return strings.Join(parts, "; ")
}

//go:embed explain.js
var explainJS string

//go:embed explain.css
var explainCSS string

// WriteHTML writes one self-contained page: the graphs beside the rule
// sources with numbered lines; clicking a node highlights and scrolls to
// its rule line, clicking a line selects its nodes.
func WriteHTML(w io.Writer, title string, graphs []svggraph.Graph, files []string) error {
	fmt.Fprintf(w, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n",
		html.EscapeString(title), explainCSS)
	fmt.Fprintf(w, "<header><h1>%s</h1><p>Click a node to see its rule; click a rule line to find its nodes.</p></header>\n<main>\n<div id=\"graph\">\n", html.EscapeString(title))
	svggraph.Write(w, graphs...)
	fmt.Fprintln(w, "</div>\n<div id=\"source\">")
	for i, name := range files {
		if err := writeSource(w, i, name); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "</div>\n</main>\n<script>%s</script>\n</body>\n</html>\n", explainJS)
	return nil
}

func writeSource(w io.Writer, i int, name string) error {
	b, err := os.ReadFile(name)
	if err != nil {
		return UsageErr("cannot read %s: %v", name, err)
	}
	fmt.Fprintf(w, "<section class=\"file\" data-file=\"%d\">\n<h2>%s</h2>\n<pre>", i, html.EscapeString(name))
	for n, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		fmt.Fprintf(w, "<span class=\"line\" id=\"f%d-L%d\" data-file=\"%d\" data-line=\"%d\"><span class=\"ln\">%d</span>%s</span>",
			i, n+1, i, n+1, n+1, html.EscapeString(strings.TrimRight(line, "\r")))
	}
	fmt.Fprintln(w, "</pre>\n</section>")
	return nil
}
