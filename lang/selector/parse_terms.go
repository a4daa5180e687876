package selector

import "strconv"

// baseTermExpression transcribes the ten ordered alternatives of the
// reference rule; each fielded alternative re-reads the field prefix.
func (p *parser) baseTermExpression(i int) (*Node, int, bool) {
	if n, j, ok := p.existsExpression(i); ok {
		return n, j, true
	}
	field, v, ok := p.fieldPrefix(i)
	if !ok {
		return nil, i, false
	}
	for _, alt := range []func(int, string, int) (*Node, int, bool){
		p.fieldVariable, p.fieldRange, p.fieldRegexOrQuoted, p.fieldFunction, p.fieldOldGeo,
		p.fieldGroup, p.fieldParensOrWildcard, p.fieldInferred, p.fieldScalar,
	} {
		n, j, ok := alt(i, field, v)
		if p.failed() {
			return nil, i, false
		}
		if ok {
			return n, j, true
		}
	}
	return nil, i, false
}

func (p *parser) existsExpression(i int) (*Node, int, bool) {
	j, ok := p.lit(i, "_exists_")
	if !ok {
		return nil, i, false
	}
	if j, ok = p.lit(p.ws0(j), ":"); !ok {
		return nil, i, false
	}
	j = p.ws0(j)
	k := j
	for k < len(p.s) && isFieldChar(p.s[k]) {
		k++
	}
	if k == j {
		p.expect(j, "field")
		return nil, i, false
	}
	return &Node{Kind: KExists, Field: p.s[j:k], HasField: true, Start: i, End: k}, k, true
}

func (p *parser) withField(n *Node, field string, start int) *Node {
	n.Field, n.HasField, n.Start = field, true, start
	return n
}

func (p *parser) fieldVariable(i int, field string, v int) (*Node, int, bool) {
	n, j, ok := p.variableType(v)
	if !ok {
		return nil, i, false
	}
	n = p.withField(n, field, i)
	n.FieldType = p.fieldType(field)
	p.coerce(n)
	return n, j, true
}

func (p *parser) fieldRange(i int, field string, v int) (*Node, int, bool) {
	n, j, ok := p.rangeExpression(v)
	if !ok {
		return nil, i, false
	}
	n = p.withField(n, field, i)
	p.coerceRange(n)
	return n, j, true
}

func (p *parser) fieldRegexOrQuoted(i int, field string, v int) (*Node, int, bool) {
	n, j, ok := p.regexpType(v)
	if !ok {
		if n, j, ok = p.quotedStringType(v); !ok {
			return nil, i, false
		}
	}
	n = p.withField(n, field, i)
	p.coerce(n)
	return n, j, true
}

// fieldFunction: FieldName ':' RestrictedString ws* '(' ws* FunctionParams? ws* ')'
func (p *parser) fieldFunction(i int, field string, v int) (*Node, int, bool) {
	name, j, ok := p.restricted(v)
	if !ok {
		return nil, i, false
	}
	if j, ok = p.lit(p.ws0(j), "("); !ok {
		return nil, i, false
	}
	params, j := p.functionParams(p.ws0(j))
	if p.failed() {
		return nil, i, false
	}
	if j, ok = p.lit(p.ws0(j), ")"); !ok {
		return nil, i, false
	}
	return &Node{Kind: KFunction, Field: field, HasField: true, Name: name, Params: params, Start: i, End: j}, j, true
}

func (p *parser) fieldGroup(i int, field string, v int) (*Node, int, bool) {
	g, j, ok := p.parensGroup(v)
	if !ok {
		return nil, i, false
	}
	n := &Node{Kind: KFieldGroup, Field: field, HasField: true, FieldType: p.fieldType(field), Flow: g.Flow, Start: i, End: j}
	if g.Kind != KLogicalGroup && g.Kind != KFieldGroup {
		n.Flow = []*Node{{Kind: KConjunction, Nodes: []*Node{g}}}
	}
	p.propagateField(n.Flow, field)
	return n, j, true
}

func (p *parser) fieldParensOrWildcard(i int, field string, v int) (*Node, int, bool) {
	n, j, ok := p.parensStringType(v)
	if !ok {
		if n, j, ok = p.wildcardType(v); !ok {
			return nil, i, false
		}
	}
	n = p.withField(n, field, i)
	p.coerce(n)
	return n, j, true
}

// fieldInferred: a Restricted token on a string-typed field is one string.
func (p *parser) fieldInferred(i int, field string, v int) (*Node, int, bool) {
	if !isStringType(p.fieldType(field)) {
		return nil, i, false
	}
	s, j, ok := p.restricted(v)
	if !ok {
		return nil, i, false
	}
	n := &Node{Kind: KTerm, FieldType: "string", Restricted: true, Value: Value{V: s}, End: j}
	n = p.withField(n, field, i)
	p.coerce(n)
	return n, j, true
}

func isStringType(t string) bool { return t == "string" || t == "~string" }

func (p *parser) fieldScalar(i int, field string, v int) (*Node, int, bool) {
	for _, alt := range []func(int) (*Node, int, bool){p.booleanType, p.floatType, p.integerType, p.restrictedStringType} {
		if n, j, ok := alt(v); ok {
			n = p.withField(n, field, i)
			p.coerce(n)
			return n, j, true
		}
	}
	return nil, i, false
}

// termType: Variable / Regexp / Quoted / ParensString / Wildcard / Boolean / Float / Integer / Restricted
func (p *parser) termType(i int) (*Node, int, bool) {
	for _, alt := range []func(int) (*Node, int, bool){
		p.variableType, p.regexpType, p.quotedStringType, p.parensStringType, p.wildcardType,
		p.booleanType, p.floatType, p.integerType, p.restrictedStringType,
	} {
		n, j, ok := alt(i)
		if p.failed() {
			return nil, i, false
		}
		if ok {
			return n, j, true
		}
	}
	return nil, i, false
}

// variableType: '$' VarChar+ / '@' ScopedVarChar+
func (p *parser) variableType(i int) (*Node, int, bool) {
	switch p.at(i) {
	case '$':
		j := i + 1
		for j < len(p.s) && p.s[j] == '\\' {
			j++
		}
		if p.at(j) == '@' {
			p.fatal = &ParseError{Kind: "Error", Pos: i, End: j + 1, Msg: `Cannot have a variable char next to a "@"`}
			return nil, i, false
		}
		j = i + 1
		for j < len(p.s) && isVarChar(p.s[j]) {
			j++
		}
		if j == i+1 {
			p.expect(j, "[_a-zA-Z0-9]")
			return nil, i, false
		}
		return &Node{Kind: KTerm, Value: Value{Var: p.s[i+1 : j]}, Start: i, End: j}, j, true
	case '@':
		return p.scopedVariable(i)
	}
	p.expect(i, `"$"`)
	p.expect(i, `"@"`)
	return nil, i, false
}

func (p *parser) scopedVariable(i int) (*Node, int, bool) {
	j := i + 1
	for j < len(p.s) && (isVarChar(p.s[j]) || p.s[j] == '.') {
		j++
	}
	if j == i+1 {
		p.expect(j, "[_a-zA-Z0-9.]")
		return nil, i, false
	}
	name := p.s[i:j]
	for k := i + 1; k+1 < j; k++ {
		if p.s[k] == '.' && p.s[k+1] == '.' {
			p.fatal = &ParseError{Kind: "Error", Pos: i, End: j,
				Msg: `Invalid scoped variable "` + name + `", char "." cannot be next to another "." char`}
			return nil, i, false
		}
	}
	return &Node{Kind: KTerm, Value: Value{Var: name, Scoped: true}, Start: i, End: j}, j, true
}

// numEnd is the NumReservedChar lookahead: " ", "]", "}", ")" or end.
func (p *parser) numEnd(i int) bool {
	if p.eof(i) {
		return true
	}
	switch p.s[i] {
	case ' ', ']', '}', ')':
		return true
	}
	p.expect(i, `" "`)
	return false
}

func (p *parser) integerType(i int) (*Node, int, bool) {
	j := i
	switch {
	case p.at(i) == '0':
		j = i + 1
	case p.at(i) >= '1' && p.at(i) <= '9':
		for j < len(p.s) && isDigitByte(p.s[j]) {
			j++
		}
	default:
		p.expect(i, "a character between 0-9")
		return nil, i, false
	}
	if !p.numEnd(j) {
		return nil, i, false
	}
	f, _ := strconv.ParseFloat(p.s[i:j], 64)
	return &Node{Kind: KTerm, FieldType: "integer", Value: Value{V: f}, Start: i, End: j}, j, true
}

func (p *parser) floatType(i int) (*Node, int, bool) {
	j := i
	for j < len(p.s) && isDigitByte(p.s[j]) {
		j++
	}
	if p.at(j) != '.' {
		p.expect(j, `"."`)
		return nil, i, false
	}
	k := j + 1
	for k < len(p.s) && isDigitByte(p.s[k]) {
		k++
	}
	if k == j+1 || !p.numEnd(k) {
		return nil, i, false
	}
	f, _ := strconv.ParseFloat(p.s[i:k], 64)
	return &Node{Kind: KTerm, FieldType: "float", Value: Value{V: f}, Start: i, End: k}, k, true
}

func (p *parser) booleanType(i int) (*Node, int, bool) {
	var v bool
	j, ok := p.lit(i, "true")
	if ok {
		v = true
	} else if j, ok = p.lit(i, "false"); !ok {
		return nil, i, false
	}
	if !(p.eof(j) || isWS(p.at(j)) || p.at(j) == ')' || p.at(j) == ']') {
		return nil, i, false
	}
	return &Node{Kind: KTerm, FieldType: "boolean", Value: Value{V: v}, Start: i, End: j}, j, true
}

func (p *parser) regexpType(i int) (*Node, int, bool) {
	if p.at(i) != '/' {
		p.expect(i, `"/"`)
		return nil, i, false
	}
	j := i + 1
	for j < len(p.s) && p.s[j] != '/' {
		if p.s[j] == '\\' {
			if !isReservedChar(p.at(j + 1)) {
				p.expect(j+1, "reserved character")
				return nil, i, false
			}
			j++
		}
		j++
	}
	if p.eof(j) {
		p.expect(j, `"/"`)
		return nil, i, false
	}
	return &Node{Kind: KRegexp, FieldType: "string", Value: Value{V: p.s[i+1 : j]}, Start: i, End: j + 1}, j + 1, true
}

func (p *parser) wildcardType(i int) (*Node, int, bool) {
	j := i
	for {
		k, ok := p.wildcardSet(j)
		if !ok {
			break
		}
		j = k
	}
	if j == i {
		p.expect(i, "wildcard")
		return nil, i, false
	}
	return &Node{Kind: KWildcard, FieldType: "string", Value: Value{V: p.s[i:j]}, Start: i, End: j}, j, true
}

// wildcardSet: [^?*( ]* ('?' / '*')+ [^?*) ]*
func (p *parser) wildcardSet(i int) (int, bool) {
	j := i
	for j < len(p.s) && !isOneOf(p.s[j], "?*( ") {
		j++
	}
	k := j
	for k < len(p.s) && (p.s[k] == '?' || p.s[k] == '*') {
		k++
	}
	if k == j {
		return i, false
	}
	for k < len(p.s) && !isOneOf(p.s[k], "?*) ") {
		k++
	}
	return k, true
}

func isOneOf(c byte, set string) bool {
	for i := 0; i < len(set); i++ {
		if set[i] == c {
			return true
		}
	}
	return false
}

func (p *parser) quotedStringType(i int) (*Node, int, bool) {
	s, j, ok := p.quoted(i)
	if !ok {
		return nil, i, false
	}
	return &Node{Kind: KTerm, FieldType: "string", Quoted: true, Value: Value{V: s}, Start: i, End: j}, j, true
}

// quoted: '"' DQChar* '"' / "'" SQChar* "'"
func (p *parser) quoted(i int) (string, int, bool) {
	q := p.at(i)
	if q != '"' && q != '\'' {
		p.expect(i, `"\""`)
		return "", i, false
	}
	var b []byte
	for j := i + 1; j < len(p.s); j++ {
		c := p.s[j]
		switch {
		case c == q:
			return string(b), j + 1, true
		case c == '\\':
			e, ok := quotedEscape(p.at(j + 1))
			if !ok {
				p.expect(j+1, "escape sequence")
				return "", i, false
			}
			b = append(b, e)
			j++
		default:
			b = append(b, c)
		}
	}
	p.expect(len(p.s), strconv.Quote(string(q)))
	return "", i, false
}

func quotedEscape(c byte) (byte, bool) {
	switch c {
	case '\'', '"', '\\':
		return c, true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'v':
		return '\v', true
	}
	return 0, false
}

// parensStringType: '(' ws* (Quoted / Unquoted) ws* ')'
func (p *parser) parensStringType(i int) (*Node, int, bool) {
	j, ok := p.lit(i, "(")
	if !ok {
		return nil, i, false
	}
	j = p.ws0(j)
	n, k, ok := p.quotedStringType(j)
	if !ok {
		if n, k, ok = p.unquotedTermType(j); !ok {
			return nil, i, false
		}
		n.Quoted = false
	}
	if k, ok = p.lit(p.ws0(k), ")"); !ok {
		return nil, i, false
	}
	n.Start, n.End = i, k
	return n, k, true
}

func (p *parser) restrictedStringType(i int) (*Node, int, bool) {
	s, j, ok := p.restricted(i)
	if !ok {
		return nil, i, false
	}
	return &Node{Kind: KTerm, FieldType: "string", Restricted: true, Value: Value{V: s}, Start: i, End: j}, j, true
}

// restricted: RestrictedTermChar+ (escapes kept verbatim)
func (p *parser) restricted(i int) (string, int, bool) {
	j := i
	for j < len(p.s) {
		if p.s[j] == '\\' && isReservedChar(p.at(j+1)) {
			j += 2
			continue
		}
		if p.s[j] == '.' || isCharWithoutWS(p.s[j]) {
			j++
			continue
		}
		break
	}
	if j == i {
		p.expect(i, "term")
		return "", i, false
	}
	return p.s[i:j], j, true
}

// unquoted: TermChar+ (white space allowed)
func (p *parser) unquoted(i int) (string, int, bool) {
	j := i
	for j < len(p.s) {
		if p.s[j] == '\\' && isReservedChar(p.at(j+1)) {
			j += 2
			continue
		}
		if isCharWithWS(p.s[j]) {
			j++
			continue
		}
		break
	}
	if j == i {
		p.expect(i, "term")
		return "", i, false
	}
	return p.s[i:j], j, true
}
