package selector

// rangeExpression: Left ws+ 'TO' ws+ Right / RangeOperator TermType
func (p *parser) rangeExpression(i int) (*Node, int, bool) {
	if n, j, ok := p.bracketRange(i); ok || p.failed() {
		return n, j, ok
	}
	op, j, ok := p.rangeOperator(i)
	if !ok {
		return nil, i, false
	}
	v, k, ok := p.termType(j)
	if !ok {
		return nil, i, false
	}
	left := &Bound{Op: op, Value: v.Value, FieldType: v.FieldType}
	return &Node{Kind: KRange, Left: left, Start: i, End: k}, k, true
}

func (p *parser) rangeOperator(i int) (string, int, bool) {
	for _, op := range []struct{ lit, name string }{{">=", "gte"}, {">", "gt"}, {"<=", "lte"}, {"<", "lt"}} {
		if j, ok := p.lit(i, op.lit); ok {
			return op.name, j, true
		}
	}
	return "", i, false
}

func (p *parser) bracketRange(i int) (*Node, int, bool) {
	var leftOp string
	switch p.at(i) {
	case '[':
		leftOp = "gte"
	case '{':
		leftOp = "gt"
	default:
		p.expect(i, `"["`)
		return nil, i, false
	}
	left, j, ok := p.rangeValue(p.ws0(i+1), -1)
	if !ok {
		return nil, i, false
	}
	if j, ok = p.ws1(j); !ok {
		return nil, i, false
	}
	if j, ok = p.lit(j, "TO"); !ok {
		return nil, i, false
	}
	if j, ok = p.ws1(j); !ok {
		return nil, i, false
	}
	right, j, ok := p.rangeValue(p.ws0(j), 1)
	if !ok {
		return nil, i, false
	}
	var rightOp string
	switch p.at(j) {
	case ']':
		rightOp = "lte"
	case '}':
		rightOp = "lt"
	default:
		p.expect(j, `"]"`)
		return nil, i, false
	}
	left.Op, right.Op = leftOp, rightOp
	return &Node{Kind: KRange, Left: left, Right: right, Start: i, End: j + 1}, j + 1, true
}

// rangeValue: '*' (±Infinity) / Float / Integer / Variable / Quoted / Restricted
func (p *parser) rangeValue(i, sign int) (*Bound, int, bool) {
	if p.at(i) == '*' {
		return &Bound{Value: Value{V: infinity(sign)}, FieldType: "integer"}, i + 1, true
	}
	for _, alt := range []func(int) (*Node, int, bool){p.floatType, p.integerType, p.variableType, p.quotedStringType, p.restrictedStringType} {
		n, j, ok := alt(i)
		if p.failed() {
			return nil, i, false
		}
		if ok {
			return &Bound{Value: n.Value, FieldType: n.FieldType}, j, true
		}
	}
	return nil, i, false
}

// functionParams: (TermList / FunctionTerm) ws* ','* ws* FunctionParams?
func (p *parser) functionParams(i int) ([]*Node, int) {
	var params []*Node
	j := i
	for !p.failed() {
		n, k, ok := p.termListExpression(j)
		if !ok && !p.failed() {
			n, k, ok = p.functionTermExpression(j)
		}
		if !ok {
			break
		}
		params = append(params, n)
		j = p.commas(p.ws0(k))
	}
	return params, j
}

func (p *parser) commas(i int) int {
	for i < len(p.s) && p.s[i] == ',' {
		i++
	}
	return p.ws0(i)
}

func (p *parser) functionTermExpression(i int) (*Node, int, bool) {
	if field, v, ok := p.fieldPrefix(i); ok {
		if n, j, ok := p.fieldVariable(i, field, v); ok || p.failed() {
			return n, j, ok
		}
	}
	return p.termExpression(i)
}

// termListExpression: FieldName ws* ':' ws* '[' ws* TermListItem* ws* ']'
func (p *parser) termListExpression(i int) (*Node, int, bool) {
	field, j, ok := p.fieldPrefix(i)
	if !ok {
		return nil, i, false
	}
	list, j, ok := p.list(j)
	if !ok {
		return nil, i, false
	}
	return &Node{Kind: KTermList, Field: field, HasField: true, Value: Value{V: list}, Start: i, End: j}, j, true
}

// list: '[' ws* TermListItem* ws* ']'
func (p *parser) list(i int) ([]any, int, bool) {
	j, ok := p.lit(i, "[")
	if !ok {
		return nil, i, false
	}
	j = p.ws0(j)
	items := []any{}
	for !p.failed() {
		v, k, ok := p.listItem(j)
		if !ok {
			break
		}
		items = append(items, v)
		j = k
	}
	if j, ok = p.lit(p.ws0(j), "]"); !ok {
		return nil, i, false
	}
	return items, j, true
}

// listItem: ws* ','* ws* (Variable / ListTerm) ws* ','* ws* / ws* ','* List ws* ','* ws*
func (p *parser) listItem(i int) (any, int, bool) {
	j := p.commas(p.ws0(i))
	for _, alt := range []func(int) (*Node, int, bool){p.variableType, p.regexpType, p.quotedStringType, p.booleanType, p.floatType, p.integerType, p.restrictedStringType} {
		if n, k, ok := alt(j); ok {
			if n.Value.IsVar() {
				return n.Value, p.commas(p.ws0(k)), true
			}
			return n.Value.V, p.commas(p.ws0(k)), true
		}
		if p.failed() {
			return nil, i, false
		}
	}
	j = p.ws0(i)
	for j < len(p.s) && p.s[j] == ',' {
		j++
	}
	if sub, k, ok := p.list(j); ok {
		return sub, p.commas(p.ws0(k)), true
	}
	return nil, i, false
}

// fieldOldGeo: FieldName ':' '(' ws* OldGeoTermType ws* ')' — always an error.
func (p *parser) fieldOldGeo(i int, field string, v int) (*Node, int, bool) {
	j, ok := p.lit(v, "(")
	if !ok {
		return nil, i, false
	}
	j = p.ws0(j)
	pairs := map[string]string{}
	for n := 0; n < 2; n++ {
		key, val, k, ok := p.oldGeoPair(j)
		if !ok {
			return nil, i, false
		}
		pairs[key] = val
		j = p.ws0(k)
	}
	if _, ok = p.lit(j, ")"); !ok {
		return nil, i, false
	}
	msg := oldGeoMessage(field, pairs)
	if msg == "" {
		return nil, i, false
	}
	p.fatal = &ParseError{Kind: "Error", Pos: i, End: j + 1, Msg: msg}
	return nil, i, false
}

var oldGeoKeys = []string{"_geo_point_", "_geo_distance_", "_geo_box_top_left_", "_geo_box_bottom_right_"}

func (p *parser) oldGeoPair(i int) (string, string, int, bool) {
	for _, key := range oldGeoKeys {
		j, ok := p.lit(i, key)
		if !ok {
			continue
		}
		if j, ok = p.lit(p.ws0(j), ":"); !ok {
			return "", "", i, false
		}
		j = p.ws0(j)
		if s, k, ok := p.quoted(j); ok {
			return key, `"` + s + `"`, k, true
		}
		if key == "_geo_distance_" {
			if s, k, ok := p.restricted(j); ok {
				return key, s, k, true
			}
		}
		return "", "", i, false
	}
	return "", "", i, false
}

func oldGeoMessage(field string, pairs map[string]string) string {
	if pt, ok := pairs["_geo_point_"]; ok {
		if d, ok := pairs["_geo_distance_"]; ok {
			return `Invalid geo distance syntax, please use "` + field + `:geoDistance(point:` + pt + `, distance:` + trimQuotes(d) + `)" syntax instead`
		}
	}
	if tl, ok := pairs["_geo_box_top_left_"]; ok {
		if br, ok := pairs["_geo_box_bottom_right_"]; ok {
			return `Invalid geo bounding box syntax, please use "` + field + `:geoBox(top_left:` + tl + `, bottom_right:` + br + `)" syntax instead`
		}
	}
	return ""
}

func trimQuotes(s string) string {
	if len(s) >= 2 && s[0] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}
