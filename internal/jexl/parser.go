package jexl

import (
	"errors"
	"fmt"
	"math"
)

// The parser is jexl 2.3.0's Parser: a state machine that places nodes at a
// cursor, delegating bracketed parts (groups, arguments, array and object
// values, filters, ternary branches) to sub-parsers that stop at the
// tokens their parent's state names.

var precedence = map[string]float64{
	"+": 30, "-": 30, "*": 40, "/": 40, "//": 40, "%": 50, "^": 50,
	"==": 20, "!=": 20, ">": 20, ">=": 20, "<": 20, "<=": 20, "in": 20,
	"&&": 10, "||": 10, "!": math.Inf(1),
}

var errCompleted = errors.New("Cannot add a new token to a completed Parser")

type parser struct {
	state    stateName
	tree     *node
	cursor   *node
	exprStr  string
	relative bool
	stopMap  map[tokenType]stateName

	sub        *parser
	parentStop bool
	objKey     string
	encap      bool // _nextIdentEncapsulate
	relNext    bool // _nextIdentRelative
}

func newParser(prefix string, stop map[tokenType]stateName) *parser {
	return &parser{state: sExpectOperand, exprStr: prefix, stopMap: stop}
}

// parse compiles a token list into a tree (nil for an empty expression).
func parse(tokens []token) (*node, error) {
	p := newParser("", nil)
	for _, t := range tokens {
		if _, err := p.addToken(t); err != nil {
			return nil, err
		}
	}
	return p.complete()
}

// addToken is Parser.addToken; a non-empty state asks the parent parser to
// stop this sub-expression and continue in that state.
func (p *parser) addToken(t token) (stateName, error) {
	if p.state == sComplete {
		return "", errCompleted
	}
	st := states[p.state]
	start := p.exprStr
	p.exprStr += t.raw
	if st.sub != nil {
		return p.addToSub(t, start)
	}
	if tt, ok := st.tokens[t.typ]; ok {
		if err := p.handle(t, tt.handler); err != nil {
			return "", err
		}
		if tt.to != "" {
			p.state = tt.to
		}
		return "", nil
	}
	if stop, ok := p.stopMap[t.typ]; ok {
		return stop, nil
	}
	return "", fmt.Errorf("Token %s (%s) unexpected in expression: %s", t.raw, t.typ, p.exprStr)
}

func (p *parser) addToSub(t token, start string) (stateName, error) {
	if p.sub == nil {
		p.startSub(start)
	}
	stop, err := p.sub.addToken(t)
	if err != nil || stop == "" {
		return "", err
	}
	if err := p.endSub(); err != nil {
		return "", err
	}
	if p.parentStop {
		return stop, nil
	}
	p.state = stop
	return "", nil
}

// handle runs the state's handler for the token, or the token type's
// default handler.
func (p *parser) handle(t token, h handler) error {
	if h == nil {
		h = defaultHandlers[t.typ]
	}
	if h == nil {
		return nil
	}
	return h(p, t)
}

// complete is Parser.complete.
func (p *parser) complete() (*node, error) {
	if p.cursor != nil && !states[p.state].completable {
		return nil, errors.New("Unexpected end of expression: " + p.exprStr)
	}
	if p.sub != nil {
		if err := p.endSub(); err != nil {
			return nil, err
		}
	}
	p.state = sComplete
	if p.cursor == nil {
		return nil, nil
	}
	return p.tree, nil
}

func (p *parser) startSub(prefix string) {
	end := states[p.state].end
	if end == nil {
		p.parentStop = true
		end = p.stopMap
	}
	p.sub = newParser(prefix, end)
}

func (p *parser) endSub() error {
	ast, err := p.sub.complete()
	if err != nil {
		return err
	}
	err = states[p.state].sub(p, ast)
	p.sub = nil
	return err
}

// placeAtCursor is Parser._placeAtCursor.
func (p *parser) placeAtCursor(n *node) error {
	if n == nullNode {
		if p.cursor != nil {
			return errors.New("Object.defineProperty called on non-object")
		}
		p.tree = nullNode
		return nil
	}
	if p.cursor == nil {
		p.tree = n
	} else {
		p.cursor.right = n
		n.parent = p.cursor
	}
	p.cursor = n
	return nil
}

// placeBeforeCursor is Parser._placeBeforeCursor.
func (p *parser) placeBeforeCursor(n *node) error {
	if p.cursor == nil {
		return errReadParent
	}
	p.cursor = p.cursor.parent
	return p.placeAtCursor(n)
}

var errReadParent = errors.New("Cannot read properties of null (reading '_parent')")
