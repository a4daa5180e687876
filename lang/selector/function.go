package selector

// function builds a function node (geo functions, knn).
func (b *builder) function(n *Node) (node, error) {
	switch n.Name {
	case "geoDistance", "geoBox", "geoPolygon", "geoContainsPoint":
		if !n.HasField || n.Field == "" || n.Field == "*" {
			return nil, b.errAt(n, `Field for `+n.Name+` cannot be empty or "*"`)
		}
		p, err := b.geoFunction(n)
		if err != nil {
			return nil, err
		}
		return b.access(n, p)
	case "knn":
		return b.knn(n)
	}
	return nil, b.errAt(n, `Unknown xLucene function "`+n.Name+`"`)
}

// params indexes function parameters by name.
func params(n *Node) map[string]*Node {
	m := make(map[string]*Node, len(n.Params))
	for _, p := range n.Params {
		if p.HasField {
			m[p.Field] = p
		}
	}
	return m
}

// knn is a build error: the reference builds it but throws on every match,
// failing the whole batch (docs/compat.md).
func (b *builder) knn(n *Node) (node, error) {
	ps := params(n)
	if k, ok := ps["k"]; ok {
		if f, isNum := k.Value.V.(float64); !isNum || f != float64(int64(f)) {
			return nil, b.errAt(n, `Invalid knn query, the "k" parameter must be an integer`)
		}
	}
	return nil, b.errAt(n, "knn vector searching does not support matching")
}
