package jexl

// The parser's states (jexl's parser/states.js) and handlers
// (parser/handlers.js).

type stateName string

const (
	sExpectOperand   stateName = "expectOperand"
	sExpectBinOp     stateName = "expectBinOp"
	sExpectTransform stateName = "expectTransform"
	sExpectObjKey    stateName = "expectObjKey"
	sExpectKeyValSep stateName = "expectKeyValSep"
	sPostTransform   stateName = "postTransform"
	sPostArgs        stateName = "postArgs"
	sIdentifier      stateName = "identifier"
	sTraverse        stateName = "traverse"
	sFilter          stateName = "filter"
	sSubExpression   stateName = "subExpression"
	sArgVal          stateName = "argVal"
	sObjVal          stateName = "objVal"
	sArrayVal        stateName = "arrayVal"
	sTernaryMid      stateName = "ternaryMid"
	sTernaryEnd      stateName = "ternaryEnd"
	sComplete        stateName = "complete"
)

type (
	handler    = func(p *parser, t token) error
	subHandler = func(p *parser, ast *node) error
)

// transition is what a state does with a token type: an optional handler
// replacing the type's default one, and the next state ("" = stay).
type transition struct {
	to      stateName
	handler handler
}

type state struct {
	tokens      map[tokenType]transition
	sub         subHandler              // the state hands tokens to a sub-parser
	end         map[tokenType]stateName // the sub-parser stops at these
	completable bool
}

var states map[stateName]*state

func init() {
	states = map[stateName]*state{
		sExpectOperand: {tokens: map[tokenType]transition{
			tLiteral: {to: sExpectBinOp}, tIdentifier: {to: sIdentifier}, tUnaryOp: {},
			tOpenParen: {to: sSubExpression}, tOpenCurl: {to: sExpectObjKey, handler: objStart},
			tDot: {to: sTraverse}, tOpenBracket: {to: sArrayVal, handler: arrayStart}}},
		sExpectBinOp: {completable: true, tokens: map[tokenType]transition{
			tBinaryOp: {to: sExpectOperand}, tPipe: {to: sExpectTransform}, tDot: {to: sTraverse},
			tQuestion: {to: sTernaryMid, handler: ternaryStart}}},
		sExpectTransform: {tokens: map[tokenType]transition{tIdentifier: {to: sPostTransform, handler: transformHandler}}},
		sExpectObjKey: {tokens: map[tokenType]transition{
			tIdentifier: {to: sExpectKeyValSep, handler: objKey}, tCloseCurl: {to: sExpectBinOp}}},
		sExpectKeyValSep: {tokens: map[tokenType]transition{tColon: {to: sObjVal}}},
		sPostTransform:   {completable: true, tokens: postTokens(transition{to: sArgVal})},
		sPostArgs:        {completable: true, tokens: postTokens()},
		sIdentifier: {completable: true, tokens: map[tokenType]transition{
			tBinaryOp: {to: sExpectOperand}, tDot: {to: sTraverse}, tOpenBracket: {to: sFilter},
			tOpenParen: {to: sArgVal, handler: functionCall}, tPipe: {to: sExpectTransform},
			tQuestion: {to: sTernaryMid, handler: ternaryStart}}},
		sTraverse:      {tokens: map[tokenType]transition{tIdentifier: {to: sIdentifier}}},
		sFilter:        {sub: filterEnd, end: map[tokenType]stateName{tCloseBracket: sIdentifier}},
		sSubExpression: {sub: subExpression, end: map[tokenType]stateName{tCloseParen: sExpectBinOp}},
		sArgVal:        {sub: argVal, end: map[tokenType]stateName{tComma: sArgVal, tCloseParen: sPostArgs}},
		sObjVal:        {sub: objVal, end: map[tokenType]stateName{tComma: sExpectObjKey, tCloseCurl: sExpectBinOp}},
		sArrayVal:      {sub: arrayVal, end: map[tokenType]stateName{tComma: sArrayVal, tCloseBracket: sExpectBinOp}},
		sTernaryMid:    {sub: ternaryMid, end: map[tokenType]stateName{tColon: sTernaryEnd}},
		sTernaryEnd:    {sub: ternaryEnd, completable: true},
	}
}

// postTokens is the transition table after a transform or its arguments;
// after the transform name an opening parenthesis starts its arguments.
func postTokens(openParen ...transition) map[tokenType]transition {
	m := map[tokenType]transition{tBinaryOp: {to: sExpectOperand}, tDot: {to: sTraverse},
		tOpenBracket: {to: sFilter}, tPipe: {to: sExpectTransform}}
	if len(openParen) > 0 {
		m[tOpenParen] = openParen[0]
	}
	return m
}

// defaultHandlers are handlers.js's handlers by token type.
var defaultHandlers = map[tokenType]handler{
	tLiteral: literal, tIdentifier: identifier, tBinaryOp: binaryOp, tUnaryOp: unaryOp, tDot: dot,
}

func literal(p *parser, t token) error {
	return p.placeAtCursor(&node{kind: nLiteral, value: t.value})
}

func unaryOp(p *parser, t token) error {
	return p.placeAtCursor(&node{kind: nUnary, name: t.value.(string)})
}

// binaryOp climbs over operators of higher or equal precedence, then puts
// the new operation in their place with them as its left side.
func binaryOp(p *parser, t token) error {
	if p.cursor == nil {
		return errReadParent
	}
	op := t.value.(string)
	prec := precedence[op]
	parent := p.cursor.parent
	for parent != nil {
		pp, isOp := parent.operator()
		if !isOp || pp < prec {
			break
		}
		p.cursor, parent = parent, parent.parent
	}
	n := &node{kind: nBinary, name: op, left: p.cursor}
	p.cursor.parent = n
	p.cursor = parent
	return p.placeAtCursor(n)
}

// dot decides whether the coming identifier reads from the current operand
// or is relative (a filter element's property).
func dot(p *parser, _ token) error {
	c := p.cursor
	p.encap = c != nil && c.kind != nUnary && (c.kind != nBinary || c.right != nil)
	p.relNext = c == nil || !p.encap
	if p.relNext {
		p.relative = true
	}
	return nil
}

func identifier(p *parser, t token) error {
	n := &node{kind: nIdentifier, name: t.value.(string)}
	if p.encap {
		n.from = p.cursor
		p.encap = false
		return p.placeBeforeCursor(n)
	}
	if p.relNext {
		n.relative, p.relNext = true, false
	}
	return p.placeAtCursor(n)
}

func objStart(p *parser, _ token) error { return p.placeAtCursor(&node{kind: nObject}) }

func objKey(p *parser, t token) error {
	p.objKey = t.value.(string)
	return nil
}

func arrayStart(p *parser, _ token) error { return p.placeAtCursor(&node{kind: nArray}) }

func functionCall(p *parser, _ token) error {
	c := p.cursor
	n := &node{kind: nCall, name: c.name, noName: c.kind != nIdentifier}
	return p.placeBeforeCursor(n)
}

func transformHandler(p *parser, t token) error {
	return p.placeBeforeCursor(&node{kind: nCall, name: t.value.(string), transform: true, args: []*node{p.cursor}})
}

// ternaryStart makes everything parsed so far the condition.
func ternaryStart(p *parser, _ token) error {
	p.tree = &node{kind: nConditional, test: p.tree}
	p.cursor = p.tree
	return nil
}

func orNull(ast *node) *node {
	if ast == nil {
		return nullNode
	}
	return ast
}

func filterEnd(p *parser, ast *node) error {
	return p.placeBeforeCursor(&node{kind: nFilter, expr: orNull(ast), relative: p.sub.relative, subject: p.cursor})
}

func subExpression(p *parser, ast *node) error { return p.placeAtCursor(orNull(ast)) }

func argVal(p *parser, ast *node) error {
	if ast != nil {
		p.cursor.args = append(p.cursor.args, ast)
	}
	return nil
}

func arrayVal(p *parser, ast *node) error {
	if ast != nil {
		p.cursor.elems = append(p.cursor.elems, ast)
	}
	return nil
}

func objVal(p *parser, ast *node) error {
	p.cursor.setKey(p.objKey, orNull(ast))
	return nil
}

func ternaryMid(p *parser, ast *node) error {
	p.cursor.consequent = orNull(ast)
	return nil
}

func ternaryEnd(p *parser, ast *node) error {
	p.cursor.alternate = orNull(ast)
	return nil
}
