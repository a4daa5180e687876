package compiler

import (
	"strconv"
	"strings"

	"github.com/sluice-dev/sluice/lang/diag"
)

// graph is graphlib's directed graph as the reference uses it: nodes and
// edges keep insertion order, which the topological order depends on.
type graph struct {
	order   []string
	payload map[string]*Rule
	preds   map[string][]string
	succs   map[string][]string
	edges   map[[2]string]bool
}

// newGraph makes a graph for about n nodes and edges (sized once, not
// grown rule by rule).
func newGraph(n int) *graph {
	return &graph{payload: make(map[string]*Rule, n), preds: make(map[string][]string, n),
		succs: make(map[string][]string, n), edges: make(map[[2]string]bool, n)}
}

func (g *graph) addNode(id string, r *Rule) {
	if _, ok := g.payload[id]; ok {
		return
	}
	g.order = append(g.order, id)
	g.payload[id] = r
}

func (g *graph) has(id string) bool { _, ok := g.payload[id]; return ok }

func (g *graph) addEdge(from, to string) {
	k := [2]string{from, to}
	if g.edges[k] {
		return
	}
	g.edges[k] = true
	g.preds[to] = append(g.preds[to], from)
	g.succs[from] = append(g.succs[from], to)
}

func selectorNode(s string) string { return "selector:" + s }
func ruleNode(r *Rule) string      { return "#" + strconv.Itoa(r.ID) }

// buildTagMap maps each tag to the graph ids of the rules carrying it, in load
// order: "selector:S" for selector-only rules, the rule's own id otherwise.
func buildTagMap(rules []*Rule) map[string][]string {
	m := map[string][]string{}
	for _, r := range rules {
		for _, t := range r.tags {
			id := ruleNode(r)
			if r.class == selectorOnly {
				id = selectorNode(r.str("selector"))
			}
			m[t] = append(m[t], id)
		}
	}
	return m
}

// buildGraph adds nodes and edges in load order (§5.2) and reports follows
// of unknown tags and followed tags that sit on inert rules.
func buildGraph(rules []*Rule, tags map[string][]string, diags *diag.List) *graph {
	g := newGraph(len(rules))
	var follows []string
	byFollow := map[string][]*Rule{}
	for _, r := range rules {
		switch r.class {
		case selectorOnly, primaryExtract:
			sel := selectorNode(r.str("selector"))
			g.addNode(sel, r)
			if r.class == primaryExtract {
				g.addNode(ruleNode(r), r)
				g.addEdge(sel, ruleNode(r))
			}
		case postProcess:
			g.addNode(ruleNode(r), r)
			f := r.str("follow")
			if _, seen := byFollow[f]; !seen {
				follows = append(follows, f)
			}
			byFollow[f] = append(byFollow[f], r)
		}
	}
	for _, f := range follows {
		for _, p := range byFollow[f] {
			addFollowEdges(g, p, f, tags[f], rules, diags)
		}
	}
	return g
}

func addFollowEdges(g *graph, p *Rule, tag string, ids []string, rules []*Rule, diags *diag.List) {
	if len(ids) == 0 {
		d := diag.New(CodeUnknownTag, p.valSpan("follow"), "follow names the tag %q, which no rule has", tag)
		if hint := nearestTag(tag, rules); hint != "" {
			d.WithNote("did you mean %q?", hint)
		}
		diags.Add(d)
		return
	}
	for _, t := range ids {
		if !g.has(t) {
			diags.Add(diag.New(CodeInertFollowed, p.valSpan("follow"),
				"follow names the tag %q, but the rule carrying it neither selects, extracts nor post-processes", tag))
			continue
		}
		g.addEdge(t, ruleNode(p))
	}
}

func nearestTag(tag string, rules []*Rule) string {
	best, bestD := "", 3
	for _, r := range rules {
		for _, t := range r.tags {
			if d := editDistance(strings.ToLower(tag), strings.ToLower(t)); d < bestD {
				best, bestD = t, d
			}
		}
	}
	return best
}

// editDistance is the Levenshtein distance.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// cycles returns the strongly connected components with more than one node
// and the self-loops (Tarjan).
func (g *graph) cycles() [][]string {
	t := tarjan{g: g, index: make(map[string]int, len(g.order))}
	for _, id := range g.order {
		if _, seen := t.index[id]; !seen {
			t.visit(id)
		}
	}
	return t.out
}

// tarjan numbers the nodes in visit order (index); low and on are indexed
// by that number.
type tarjan struct {
	g     *graph
	index map[string]int
	low   []int
	on    []bool
	stack []string
	out   [][]string
}

func (t *tarjan) visit(v string) {
	n := len(t.low)
	t.index[v] = n
	t.low = append(t.low, n)
	t.on = append(t.on, true)
	t.stack = append(t.stack, v)
	for _, w := range t.g.succs[v] {
		if iw, seen := t.index[w]; !seen {
			iw = len(t.low) // the number visit gives w
			t.visit(w)
			t.low[n] = min(t.low[n], t.low[iw])
		} else if t.on[iw] {
			t.low[n] = min(t.low[n], iw)
		}
	}
	if t.low[n] != n {
		return
	}
	var comp []string
	for {
		w := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		t.on[t.index[w]] = false
		comp = append(comp, w)
		if w == v {
			break
		}
	}
	if len(comp) > 1 || t.g.edges[[2]string{v, v}] {
		t.out = append(t.out, comp)
	}
}

// topsort is graphlib's topsort: visit the sinks in node order, each after
// its predecessors in edge order.
func (g *graph) topsort() []string {
	visited := map[string]bool{}
	var out []string
	var visit func(string)
	visit = func(id string) {
		if visited[id] {
			return
		}
		visited[id] = true
		for _, p := range g.preds[id] {
			visit(p)
		}
		out = append(out, id)
	}
	for _, id := range g.order {
		if len(g.succs[id]) == 0 {
			visit(id)
		}
	}
	return out
}
