package plan

import (
	"fmt"
	"io"
	"strings"
)

// graphNode is one element of the plan graph (selector, extraction, step).
type graphNode struct {
	id, label, shape string
	tags             []string
	follow           string
}

// graphNodes lists the plan's elements and the edges between them: a
// selector feeds its extractions and its pipeline's first step; a step
// follows the elements carrying its tag.
func (p *Plan) graphNodes() ([]graphNode, [][2]string) {
	var nodes []graphNode
	var edges [][2]string
	for i, s := range p.Selectors {
		sid := fmt.Sprintf("s%d", i)
		nodes = append(nodes, graphNode{id: sid, label: s.Query, shape: "selector"})
		for j, e := range s.Extractions {
			id := fmt.Sprintf("s%de%d", i, j)
			nodes = append(nodes, graphNode{id: id, label: e.describe() + "\\n" + e.Rule.Pos(), shape: "extract", tags: e.Tags})
			edges = append(edges, [2]string{sid, id})
		}
		for j, st := range s.Pipeline {
			id := fmt.Sprintf("s%dp%d", i, j)
			nodes = append(nodes, graphNode{id: id, label: st.describe() + "\\n" + st.Rule.Pos(), shape: "post", tags: st.Tags, follow: st.Follow})
		}
	}
	for _, n := range nodes {
		if n.follow == "" {
			continue
		}
		for _, m := range nodes {
			if m.id != n.id && hasTag(m.tags, n.follow) {
				edges = append(edges, [2]string{m.id, n.id})
			}
		}
	}
	return nodes, dedupEdges(edges)
}

func hasTag(tags []string, t string) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}

func dedupEdges(edges [][2]string) [][2]string {
	seen := map[[2]string]bool{}
	out := edges[:0]
	for _, e := range edges {
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	return out
}

// DOT writes the plan as a Graphviz digraph.
func (p *Plan) DOT(w io.Writer) {
	nodes, edges := p.graphNodes()
	fmt.Fprintln(w, "digraph plan {\n  rankdir=LR;\n  node [fontname=\"monospace\", fontsize=10];")
	shapes := map[string]string{"selector": "box, style=rounded", "extract": "box", "post": "box, style=filled, fillcolor=\"#eeeeee\""}
	for _, n := range nodes {
		fmt.Fprintf(w, "  %s [shape=%s, label=\"%s\"];\n", n.id, shapes[n.shape], dotEscape(n.label))
	}
	for _, e := range edges {
		fmt.Fprintf(w, "  %s -> %s;\n", e[0], e[1])
	}
	fmt.Fprintln(w, "}")
}

func dotEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, `"`, `\"`), `\\"`, `\"`)
}

// Mermaid writes the plan as a Mermaid flowchart.
func (p *Plan) Mermaid(w io.Writer) {
	nodes, edges := p.graphNodes()
	fmt.Fprintln(w, "flowchart LR")
	for _, n := range nodes {
		label := strings.ReplaceAll(mermaidEscape(n.label), `\n`, "<br/>")
		switch n.shape {
		case "selector":
			fmt.Fprintf(w, "  %s([\"%s\"])\n", n.id, label)
		default:
			fmt.Fprintf(w, "  %s[\"%s\"]\n", n.id, label)
		}
	}
	for _, e := range edges {
		fmt.Fprintf(w, "  %s --> %s\n", e[0], e[1])
	}
}

func mermaidEscape(s string) string { return strings.ReplaceAll(s, `"`, "#quot;") }
