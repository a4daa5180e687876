package selector

func (b *builder) geoFunction(n *Node) (pred, error) {
	return nil, b.errAt(n, "geo functions: not built yet")
}
