package plan

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// GraphNode is one element of the plan graph: a selector, an extraction,
// a post-process step ("post") or an output-pass rule ("output").
type GraphNode struct {
	ID     string
	Kind   string // selector, extract, post, output
	Title  string // as rulec explain shows the element
	Rule   RuleRef
	Tags   []string
	Follow string
	// Selector is the index of the selector the element belongs to (-1 for
	// the output pass).
	Selector int
}

// Graph lists the plan's elements and the edges between them: a selector
// feeds its extractions; a step follows the elements carrying its tag; an
// output-pass rule (output:false, other_match_required) hangs off the
// elements of the rule that declared it.
func (p *Plan) Graph() ([]GraphNode, [][2]string) {
	return p.outputNodes(p.elementGraph())
}

// elementGraph is Graph without the output pass.
func (p *Plan) elementGraph() ([]GraphNode, [][2]string) {
	nodes, edges := p.elementNodes()
	for _, n := range nodes {
		if n.Follow == "" {
			continue
		}
		for _, m := range nodes {
			if m.ID != n.ID && hasTag(m.Tags, n.Follow) {
				edges = append(edges, [2]string{m.ID, n.ID})
			}
		}
	}
	return nodes, dedupEdges(edges)
}

// The IDs Graph gives the plan's elements: selector i, its extraction and
// pipeline step j, output:false entry i and other_match_required entry i
// (s0, s0e1, s0p2, o0, q0). Tools that annotate the graph (rulec coverage)
// name elements with them.
func SelectorNodeID(i int) string      { return "s" + strconv.Itoa(i) }
func ExtractionNodeID(i, j int) string { return SelectorNodeID(i) + "e" + strconv.Itoa(j) }
func StepNodeID(i, j int) string       { return SelectorNodeID(i) + "p" + strconv.Itoa(j) }
func RestrictNodeID(i int) string      { return "o" + strconv.Itoa(i) }
func RequireNodeID(i int) string       { return "q" + strconv.Itoa(i) }

func (p *Plan) elementNodes() ([]GraphNode, [][2]string) {
	var nodes []GraphNode
	var edges [][2]string
	for i, s := range p.Selectors {
		sid := SelectorNodeID(i)
		nodes = append(nodes, GraphNode{ID: sid, Kind: "selector", Title: s.Query, Rule: s.Rule, Selector: i})
		for j, e := range s.Extractions {
			id := ExtractionNodeID(i, j)
			nodes = append(nodes, GraphNode{ID: id, Kind: "extract", Title: e.describe(), Rule: e.Rule, Tags: e.Tags, Selector: i})
			edges = append(edges, [2]string{sid, id})
		}
		for j, st := range s.Pipeline {
			id := StepNodeID(i, j)
			nodes = append(nodes, GraphNode{ID: id, Kind: "post", Title: st.describe(), Rule: st.Rule, Tags: st.Tags, Follow: st.Follow, Selector: i})
		}
	}
	return nodes, edges
}

func (p *Plan) outputNodes(nodes []GraphNode, edges [][2]string) ([]GraphNode, [][2]string) {
	elements := len(nodes)
	add := func(id, title string, rule RuleRef) {
		nodes = append(nodes, GraphNode{ID: id, Kind: "output", Title: title, Rule: rule, Selector: -1})
		for _, n := range nodes[:elements] {
			if n.Rule.ID == rule.ID && n.Kind != "selector" {
				edges = append(edges, [2]string{n.ID, id})
			}
		}
	}
	for i, x := range p.Restrict {
		add(RestrictNodeID(i), "remove "+x.Path.String()+" (output:false)", x.Rule)
	}
	for i, q := range p.Require {
		add(RequireNodeID(i), q.Field+" only with another field", q.Rule)
	}
	return nodes, edges
}

// graphNode is one element of the DOT and Mermaid graphs.
type graphNode struct {
	id, label, shape string
}

// graphNodes is Graph without the output pass, labelled for DOT and Mermaid.
func (p *Plan) graphNodes() ([]graphNode, [][2]string) {
	all, edges := p.elementGraph()
	var nodes []graphNode
	for _, n := range all {
		switch n.Kind {
		case "selector":
			nodes = append(nodes, graphNode{id: n.ID, label: n.Title, shape: n.Kind})
		default:
			nodes = append(nodes, graphNode{id: n.ID, label: n.Title + "\\n" + n.Rule.Pos(), shape: n.Kind})
		}
	}
	return nodes, edges
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
