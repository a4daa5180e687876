package svggraph

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sluice-dev/sluice/internal/goldenfile"
)

func diamond() *Graph {
	return &Graph{Title: "diamond", Nodes: []Node{
		{ID: "a", Lines: []string{"a"}}, {ID: "b", Lines: []string{"b", "second line"}},
		{ID: "c", Lines: []string{"c"}}, {ID: "d", Lines: []string{"d"}}, {ID: "e", Lines: []string{"e"}},
	}, Edges: []Edge{{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}, {"a", "d"}, {"d", "e"}, {"a", "e"}}}
}

// TestLayers: a node sits one layer after its furthest predecessor, and
// every edge of a DAG runs left to right.
func TestLayers(t *testing.T) {
	l := Lay(diamond())
	want := map[string]int{"a": 0, "b": 1, "c": 1, "d": 2, "e": 3}
	for id, layer := range want {
		if got := l.Boxes[id].Layer; got != layer {
			t.Errorf("%s in layer %d, want %d", id, got, layer)
		}
	}
	for i, r := range l.Routes {
		for j := 1; j < len(r); j++ {
			if r[j].X < r[j-1].X {
				t.Errorf("edge %d runs backwards: %v", i, r)
			}
		}
	}
	// a -> e skips two layers: it is routed through two virtual nodes
	if got := len(l.Routes[6]); got != 6 {
		t.Errorf("a->e has %d points, want 6 (2 per virtual node + ends)", got)
	}
}

// TestNoOverlap: boxes never overlap and lie inside the drawing.
func TestNoOverlap(t *testing.T) {
	g := diamond()
	for i := 0; i < 30; i++ { // a wide layer
		id := string(rune('A' + i))
		g.Nodes = append(g.Nodes, Node{ID: id, Lines: []string{strings.Repeat("x", i%7+1)}})
		g.Edges = append(g.Edges, Edge{"a", id})
	}
	l := Lay(g)
	var boxes []Box
	for _, b := range l.Boxes {
		if b.X < 0 || b.Y < 0 || b.X+b.W > l.Width || b.Y+b.H > l.Height {
			t.Errorf("box %+v outside %vx%v", b, l.Width, l.Height)
		}
		boxes = append(boxes, b)
	}
	for i := range boxes {
		for j := i + 1; j < len(boxes); j++ {
			a, b := boxes[i], boxes[j]
			if a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H {
				t.Errorf("boxes overlap: %+v %+v", a, b)
			}
		}
	}
}

// TestCrossings: barycenter ordering untangles two crossed pairs.
func TestCrossings(t *testing.T) {
	g := &Graph{Nodes: []Node{
		{ID: "a1", Lines: []string{"a1"}}, {ID: "a2", Lines: []string{"a2"}},
		{ID: "b2", Lines: []string{"b2"}}, {ID: "b1", Lines: []string{"b1"}},
	}, Edges: []Edge{{"a1", "b1"}, {"a2", "b2"}}}
	l := Lay(g)
	if l.Boxes["b1"].Y > l.Boxes["b2"].Y {
		t.Errorf("b1 below b2: the edges cross (%+v, %+v)", l.Boxes["b1"], l.Boxes["b2"])
	}
}

// TestCycleSafe: a cycle does not hang the layout; every node is placed.
func TestCycleSafe(t *testing.T) {
	g := &Graph{Nodes: []Node{{ID: "x", Lines: []string{"x"}}, {ID: "y", Lines: []string{"y"}}},
		Edges: []Edge{{"x", "y"}, {"y", "x"}, {"x", "x"}, {"x", "missing"}}}
	l := Lay(g)
	if len(l.Boxes) != 2 || len(l.Routes) != 2 {
		t.Errorf("boxes %v, routes %v", l.Boxes, l.Routes)
	}
}

// TestSVGGolden pins the exact SVG (UPDATE=1 rewrites) and escaping.
func TestSVGGolden(t *testing.T) {
	g := diamond()
	g.Nodes[0].Class = "selector"
	g.Nodes[0].Data = map[string]string{"line": "3", "file": "r<1>.txt"}
	g.Nodes[1].Lines[1] = `quote " & <tag>` + strings.Repeat("-", 80)
	var b bytes.Buffer
	Write(&b, *g, Graph{Title: "second", Nodes: []Node{{ID: "z", Lines: []string{"z"}}}})
	goldenfile.Check(t, filepath.Join("testdata", "diamond.svg"), b.String())
	for _, s := range []string{`data-file="r&lt;1&gt;.txt"`, `quote &#34; &amp; &lt;tag&gt;`, "…</text>"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("missing %q", s)
		}
	}
}

// TestCentred: a node sits level with the middle of its children, and
// children that all want the same place spread evenly around it.
func TestCentred(t *testing.T) {
	g := &Graph{Nodes: []Node{{ID: "q", Lines: []string{"q"}}, {ID: "p", Lines: []string{"p"}},
		{ID: "a", Lines: []string{"a"}}, {ID: "b", Lines: []string{"b"}}, {ID: "c", Lines: []string{"c"}}},
		Edges: []Edge{{"p", "a"}, {"p", "b"}, {"p", "c"}}}
	l := Lay(g)
	centre := func(id string) float64 { b := l.Boxes[id]; return b.Y + b.H/2 }
	if d := centre("p") - centre("b"); d < -1 || d > 1 {
		t.Errorf("p centre %.1f, middle child %.1f", centre("p"), centre("b"))
	}
	if gapAB, gapBC := l.Boxes["b"].Y-l.Boxes["a"].Y, l.Boxes["c"].Y-l.Boxes["b"].Y; gapAB != gapBC {
		t.Errorf("children unevenly spaced: %.1f vs %.1f", gapAB, gapBC)
	}
	top := 1e9
	for _, b := range l.Boxes {
		top = min(top, b.Y)
	}
	if top != margin {
		t.Errorf("drawing starts at %.1f, want the margin %.1f", top, margin)
	}
}

// TestGroups: the nodes of a group stay together in their layer even when
// their neighbours would interleave them with others, and the group's box
// holds its nodes and no other.
func TestGroups(t *testing.T) {
	g := &Graph{Nodes: []Node{{ID: "s1", Lines: []string{"s1"}}, {ID: "s2", Lines: []string{"s2"}},
		{ID: "a", Lines: []string{"a"}, Group: "g"}, {ID: "x", Lines: []string{"x"}}, {ID: "b", Lines: []string{"b"}, Group: "g"}},
		Edges: []Edge{{"s1", "a"}, {"s1", "x"}, {"s2", "b"}}}
	l := Lay(g)
	if len(l.Groups) != 1 {
		t.Fatalf("groups %v", l.Groups)
	}
	box := l.Groups[0]
	inside := func(id string) bool {
		b := l.Boxes[id]
		return b.X >= box.X && b.Y >= box.Y && b.X+b.W <= box.X+box.W && b.Y+b.H <= box.Y+box.H
	}
	if !inside("a") || !inside("b") {
		t.Errorf("group box %+v does not hold a %+v and b %+v", box, l.Boxes["a"], l.Boxes["b"])
	}
	if x := l.Boxes["x"]; x.Y < box.Y+box.H && box.Y < x.Y+x.H {
		t.Errorf("x %+v lies within the group's rows %+v", x, box)
	}
}
