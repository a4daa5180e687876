package svggraph

import "math"

// margin around the drawing.
const margin = 12.0

// place assigns coordinates: layers left to right, each node pulled towards
// the centre of its predecessors, then pushed apart to keep the order.
func (l *layouter) place() *Layout {
	xs := l.layerX()
	for _, layer := range l.layers {
		y := margin
		for _, v := range layer {
			v.y = y
			y += v.h + nodeGap
		}
	}
	preds := func(v *vnode) []*vnode { return v.in }
	succs := func(v *vnode) []*vnode { return v.out }
	for k := 1; k < len(l.layers); k++ {
		pull(l.layers[k], preds)
	}
	for k := len(l.layers) - 2; k >= 0; k-- {
		pull(l.layers[k], succs)
	}
	for k := 1; k < len(l.layers); k++ {
		pull(l.layers[k], preds)
	}
	l.normalize()
	height := 0.0
	for _, v := range l.nodes {
		height = max(height, v.y+v.h)
	}
	out := &Layout{Boxes: map[string]Box{}, Height: height + margin}
	for _, v := range l.nodes {
		if v.real >= 0 {
			out.Boxes[v.id] = Box{X: xs[v.layer], Y: v.y, W: v.w, H: v.h, Layer: v.layer}
		}
	}
	out.Width = xs[len(xs)-1] + margin
	for _, c := range l.chains {
		out.Routes = append(out.Routes, route(c, xs))
	}
	out.Groups = l.groupBoxes(out.Boxes)
	return out
}

// layerX returns the left edge of each layer, and one past the last.
func (l *layouter) layerX() []float64 {
	xs := []float64{margin}
	for _, layer := range l.layers {
		w := 0.0
		for _, v := range layer {
			w = max(w, v.w)
		}
		xs = append(xs, xs[len(xs)-1]+w+layerGap)
	}
	xs[len(xs)-1] -= layerGap
	return xs
}

// pull moves the nodes of a layer towards the mean centre of their
// neighbours in the adjacent layer (a node without neighbours wants to stay
// where it is), keeping the layer's order and the gaps between nodes.
func pull(layer []*vnode, neighbours func(*vnode) []*vnode) {
	want := make([]float64, len(layer))
	for i, v := range layer {
		want[i] = v.y
		if ns := neighbours(v); len(ns) > 0 {
			sum := 0.0
			for _, u := range ns {
				sum += u.y + u.h/2
			}
			want[i] = sum/float64(len(ns)) - v.h/2
		}
	}
	arrange(layer, want)
}

// block is a run of touching nodes that move together.
type block struct {
	n      int
	sum, h float64 // sum of the nodes' wanted tops minus their offsets in the block; height
}

func (b block) y() float64 { return b.sum / float64(b.n) }

// arrange places the nodes as close to their wanted tops as it can (least
// squares) without changing their order or closing the gaps: runs of nodes
// that would overlap merge into blocks placed at their mean wish.
func arrange(layer []*vnode, want []float64) {
	var blocks []block
	for i, v := range layer {
		blocks = append(blocks, block{n: 1, sum: want[i], h: v.h})
		for len(blocks) > 1 {
			prev, cur := blocks[len(blocks)-2], blocks[len(blocks)-1]
			if prev.y()+prev.h+nodeGap <= cur.y() {
				break
			}
			off := prev.h + nodeGap
			blocks[len(blocks)-2] = block{n: prev.n + cur.n, sum: prev.sum + cur.sum - float64(cur.n)*off, h: off + cur.h}
			blocks = blocks[:len(blocks)-1]
		}
	}
	i := 0
	for _, b := range blocks {
		y := b.y()
		for k := 0; k < b.n; k++ {
			layer[i].y = y
			y += layer[i].h + nodeGap
			i++
		}
	}
}

// normalize shifts the drawing so that its top node sits at the margin.
func (l *layouter) normalize() {
	top := math.Inf(1)
	for _, v := range l.nodes {
		top = min(top, v.y)
	}
	for _, v := range l.nodes {
		v.y += margin - top
	}
}

// route is the polyline of an edge: out of the right side of its source,
// through its virtual nodes, into the left side of its target.
func route(chain []*vnode, xs []float64) []Point {
	a, b := chain[0], chain[len(chain)-1]
	pts := []Point{{xs[a.layer] + a.w, a.y + a.h/2}}
	for _, v := range chain[1 : len(chain)-1] {
		y := v.y + v.h/2
		pts = append(pts, Point{xs[v.layer], y}, Point{xs[v.layer+1] - layerGap, y})
	}
	return append(pts, Point{xs[b.layer], b.y + b.h/2})
}

// groupPad is the space between a group's box and its nodes.
const groupPad = 5.0

// groupBoxes surrounds the nodes of each group in each layer.
func (l *layouter) groupBoxes(boxes map[string]Box) []Box {
	var out []Box
	index := map[[2]any]int{}
	for _, n := range l.g.Nodes {
		b, ok := boxes[n.ID]
		if !ok || n.Group == "" {
			continue
		}
		k := [2]any{n.Group, b.Layer}
		i, seen := index[k]
		if !seen {
			index[k] = len(out)
			out = append(out, Box{X: b.X - groupPad, Y: b.Y - groupPad, W: b.W + 2*groupPad, H: b.H + 2*groupPad, Layer: b.Layer})
			continue
		}
		out[i] = union(out[i], Box{X: b.X - groupPad, Y: b.Y - groupPad, W: b.W + 2*groupPad, H: b.H + 2*groupPad, Layer: b.Layer})
	}
	return out
}

func union(a, b Box) Box {
	x, y := min(a.X, b.X), min(a.Y, b.Y)
	return Box{X: x, Y: y, W: max(a.X+a.W, b.X+b.W) - x, H: max(a.Y+a.H, b.Y+b.H) - y, Layer: a.Layer}
}
