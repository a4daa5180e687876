package postprocess

// WithoutDirectSet is op writing every result through its destination
// path (Path.Set), as before NewOp took a one-key destination directly:
// the slow path the direct one is tested against.
func WithoutDirectSet(op *Op) *Op {
	c := *op
	c.destKey = ""
	return &c
}
