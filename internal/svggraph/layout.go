package svggraph

import (
	"sort"
	"unicode/utf8"
)

// vnode is a real or virtual node during layout.
type vnode struct {
	id      string
	group   string
	real    int // index in Graph.Nodes, -1 for a virtual node
	layer   int
	order   float64
	w, h, y float64
	in, out []*vnode
}

type layouter struct {
	g      *Graph
	nodes  []*vnode
	byID   map[string]*vnode
	layers [][]*vnode
	chains [][]*vnode // per edge: source, virtual nodes..., target
}

// Lay lays out g.
func Lay(g *Graph) *Layout {
	l := &layouter{g: g, byID: map[string]*vnode{}}
	l.addNodes()
	l.assignLayers()
	l.addChains()
	l.order()
	return l.place()
}

func (l *layouter) addNodes() {
	for i, n := range l.g.Nodes {
		w, h := nodeSize(n)
		v := &vnode{id: n.ID, group: n.Group, real: i, w: w, h: h}
		l.nodes = append(l.nodes, v)
		l.byID[n.ID] = v
	}
}

func nodeSize(n Node) (float64, float64) {
	width := 0
	for _, s := range n.Lines {
		width = max(width, min(utf8.RuneCountInString(s), maxChars))
	}
	return float64(width)*charWidth + 2*padX, float64(len(n.Lines))*lineHeight + 2*padY
}

// edges returns the graph's edges between known nodes, without self loops.
func (l *layouter) edges() [][2]*vnode {
	var out [][2]*vnode
	for _, e := range l.g.Edges {
		a, b := l.byID[e.From], l.byID[e.To]
		if a != nil && b != nil && a != b {
			out = append(out, [2]*vnode{a, b})
		}
	}
	return out
}

// assignLayers puts each node one layer after its furthest predecessor;
// edges that would close a cycle (found by DFS in input order) are ignored.
func (l *layouter) assignLayers() {
	succ := map[*vnode][]*vnode{}
	for _, e := range l.edges() {
		succ[e[0]] = append(succ[e[0]], e[1])
	}
	state := map[*vnode]int{} // 0 new, 1 on stack, 2 done
	var topo []*vnode
	var visit func(v *vnode)
	visit = func(v *vnode) {
		state[v] = 1
		for _, w := range succ[v] {
			if state[w] == 0 {
				visit(w)
			}
		}
		state[v] = 2
		topo = append(topo, v)
	}
	for _, v := range l.nodes {
		if state[v] == 0 {
			visit(v)
		}
	}
	pos := map[*vnode]int{}
	for i := range topo {
		pos[topo[i]] = len(topo) - 1 - i
	}
	for i := len(topo) - 1; i >= 0; i-- {
		v := topo[i]
		for _, w := range succ[v] {
			if pos[w] > pos[v] && w.layer < v.layer+1 {
				w.layer = v.layer + 1
			}
		}
	}
}

// addChains links every edge through virtual nodes in the layers it skips.
func (l *layouter) addChains() {
	for _, e := range l.edges() {
		a, b := e[0], e[1]
		if b.layer <= a.layer { // a back edge: drawn, not layered
			l.chains = append(l.chains, []*vnode{a, b})
			continue
		}
		chain := []*vnode{a}
		prev := a
		for k := a.layer + 1; k < b.layer; k++ {
			v := &vnode{id: a.id + "->" + b.id, real: -1, layer: k, h: virtualH}
			l.nodes = append(l.nodes, v)
			link(prev, v)
			chain = append(chain, v)
			prev = v
		}
		link(prev, b)
		l.chains = append(l.chains, append(chain, b))
	}
}

func link(a, b *vnode) {
	a.out = append(a.out, b)
	b.in = append(b.in, a)
}

// order groups nodes by layer and reduces crossings with barycenter sweeps.
func (l *layouter) order() {
	for _, v := range l.nodes {
		for len(l.layers) <= v.layer {
			l.layers = append(l.layers, nil)
		}
		v.order = float64(len(l.layers[v.layer]))
		l.layers[v.layer] = append(l.layers[v.layer], v)
	}
	for sweep := 0; sweep < 4; sweep++ {
		for k := 1; k < len(l.layers); k++ {
			sortByBarycenter(l.layers[k], func(v *vnode) []*vnode { return v.in })
		}
		for k := len(l.layers) - 2; k >= 0; k-- {
			sortByBarycenter(l.layers[k], func(v *vnode) []*vnode { return v.out })
		}
	}
}

func sortByBarycenter(layer []*vnode, neighbours func(*vnode) []*vnode) {
	key := make(map[*vnode]float64, len(layer))
	for _, v := range layer {
		key[v] = v.order
		if ns := neighbours(v); len(ns) > 0 {
			sum := 0.0
			for _, n := range ns {
				sum += n.order
			}
			key[v] = sum / float64(len(ns))
		}
	}
	gkey := groupKeys(layer, key)
	sort.SliceStable(layer, func(i, j int) bool {
		a, b := layer[i], layer[j]
		if ga, gb := gkey(a), gkey(b); ga != gb {
			return ga < gb
		}
		return key[a] < key[b]
	})
	for i, v := range layer {
		v.order = float64(i)
	}
}

// groupKeys keeps the members of a group together: a grouped node sorts by
// the mean key of its group, a lone node by its own.
func groupKeys(layer []*vnode, key map[*vnode]float64) func(*vnode) float64 {
	sum, n := map[string]float64{}, map[string]int{}
	for _, v := range layer {
		if v.group != "" {
			sum[v.group] += key[v]
			n[v.group]++
		}
	}
	return func(v *vnode) float64 {
		if v.group == "" {
			return key[v]
		}
		return sum[v.group] / float64(n[v.group])
	}
}
