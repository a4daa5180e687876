package svggraph

// Node is a box with one or more lines of text; the first line is its title.
type Node struct {
	ID    string
	Lines []string
	Class string            // CSS class, e.g. "selector"
	Group string            // nodes of one group in one layer are drawn in a shared box
	Data  map[string]string // data-* attributes of the node's <g> element
	Tip   string            // tooltip (<title>); the full lines when empty
}

// Edge connects two nodes by ID.
type Edge struct{ From, To string }

// Graph is one graph to draw.
type Graph struct {
	Title string
	Nodes []Node
	Edges []Edge
}

// Text metrics of the renderer (monospace 12px).
const (
	charWidth  = 7.2
	lineHeight = 16.0
	padX       = 8.0
	padY       = 6.0
	layerGap   = 56.0
	nodeGap    = 14.0
	virtualH   = 4.0
	maxChars   = 64
)

// Point is a position in the drawing.
type Point struct{ X, Y float64 }

// Box is a laid-out node: its top-left corner and size.
type Box struct {
	X, Y, W, H float64
	Layer      int
}

// Layout is the result of laying out a graph.
type Layout struct {
	Width, Height float64
	Boxes         map[string]Box
	Routes        [][]Point // one polyline per edge, in Graph.Edges order
	Groups        []Box     // one box around each group's nodes in a layer, in node order
}
