package svggraph

// margin around the drawing.
const margin = 12.0

// place assigns coordinates: layers left to right, each node pulled towards
// the centre of its predecessors, then pushed apart to keep the order.
func (l *layouter) place() *Layout {
	xs := l.layerX()
	for k, layer := range l.layers {
		y := margin
		for _, v := range layer {
			v.y = y
			y += v.h + nodeGap
		}
		if k > 0 {
			l.pull(layer)
		}
	}
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

// pull moves each node of a layer towards the mean centre of its
// predecessors, keeping the layer's order and the gaps between nodes.
func (l *layouter) pull(layer []*vnode) {
	floor := margin
	for _, v := range layer {
		want := v.y
		if len(v.in) > 0 {
			sum := 0.0
			for _, u := range v.in {
				sum += u.y + u.h/2
			}
			want = sum/float64(len(v.in)) - v.h/2
		}
		v.y = max(want, floor)
		floor = v.y + v.h + nodeGap
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
