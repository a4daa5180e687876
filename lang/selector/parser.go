package selector

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// parser is a direct transcription of the reference PEG: every rule is a
// method that takes a position and returns the node, the position after it
// and whether it matched. Repetitions are possessive and alternatives are
// ordered, as in PEG. A semantic action that fails (a coercion error, a
// legacy geo query) sets p.fatal and unwinds the whole parse.
type parser struct {
	s     string
	types map[string]string
	now   time.Time
	fatal *ParseError

	farthest int
	expected map[string]bool
	results  map[int]memoResult // by position*numRules + rule
}

// Rule ids for memoisation. Without it nested parentheses make the ordered
// alternatives re-parse the same text exponentially often (the reference
// PEG has this problem; ten levels took seconds), and remembering failures
// only still re-parses every enclosing level once per level: quadratic in
// the depth.
const (
	ruleLogicalGroup = iota
	ruleTermGroup
	ruleNegation
	ruleParensGroup
	ruleTermExpression
	numRules
)

// memoResult is the outcome of one rule at one position. A rule is a pure
// function of the position (PEG), so a remembered result is the result; the
// nodes are shared, and the only later change to them (a field group's
// field) is the same whichever path reaches them.
type memoResult struct {
	n   *Node
	end int
	ok  bool
}

// memo runs a rule unless its result at i is known, and remembers it.
func (p *parser) memo(rule, i int, f func(int) (*Node, int, bool)) (*Node, int, bool) {
	key := i*numRules + rule
	if r, known := p.results[key]; known {
		if !r.ok {
			return nil, i, false
		}
		return r.n, r.end, true
	}
	n, j, ok := f(i)
	if !p.failed() {
		if p.results == nil {
			p.results = map[int]memoResult{}
		}
		p.results[key] = memoResult{n, j, ok}
	}
	return n, j, ok
}

func (p *parser) logicalGroup(i int) (*Node, int, bool) {
	return p.memo(ruleLogicalGroup, i, p.logicalGroupRule)
}
func (p *parser) termGroup(i int) (*Node, int, bool) {
	return p.memo(ruleTermGroup, i, p.termGroupRule)
}
func (p *parser) negation(i int) (*Node, int, bool) { return p.memo(ruleNegation, i, p.negationRule) }
func (p *parser) parensGroup(i int) (*Node, int, bool) {
	return p.memo(ruleParensGroup, i, p.parensGroupRule)
}
func (p *parser) termExpression(i int) (*Node, int, bool) {
	return p.memo(ruleTermExpression, i, p.termExpressionRule)
}

func (p *parser) at(i int) byte {
	if i < len(p.s) {
		return p.s[i]
	}
	return 0
}

func (p *parser) eof(i int) bool { return i >= len(p.s) }

// expect records a failed expectation for the syntax error message.
func (p *parser) expect(i int, what string) {
	if i > p.farthest {
		p.farthest = i
		p.expected = map[string]bool{}
	}
	if i == p.farthest {
		p.expected[what] = true
	}
}

func (p *parser) lit(i int, s string) (int, bool) {
	if strings.HasPrefix(p.s[i:], s) {
		return i + len(s), true
	}
	p.expect(i, strconv.Quote(s))
	return i, false
}

func (p *parser) ws0(i int) int {
	for i < len(p.s) && isWS(p.s[i]) {
		i++
	}
	if i < len(p.s) || i == len(p.s) {
		p.expect(i, "whitespace")
	}
	return i
}

func (p *parser) ws1(i int) (int, bool) {
	j := p.ws0(i)
	return j, j > i
}

func (p *parser) failed() bool { return p.fatal != nil }

// start is the top rule.
func (p *parser) start() (*Node, error) {
	type rule func(int) (*Node, int, bool)
	i0 := p.ws0(0)
	for _, r := range []rule{p.negation, p.logicalGroup, p.termExpression, p.unquotedTermType, p.parensGroup} {
		n, j, ok := r(i0)
		if p.failed() {
			return nil, p.fatal
		}
		if ok {
			if j = p.ws0(j); p.eof(j) {
				return n, nil
			}
			p.expect(j, "end of input")
		}
	}
	if p.eof(i0) {
		return &Node{Kind: KEmpty}, nil
	}
	return nil, p.syntaxError()
}

func (p *parser) syntaxError() *ParseError {
	var exp []string
	for e := range p.expected {
		exp = append(exp, e)
	}
	sort.Strings(exp)
	found := "end of input"
	if p.farthest < len(p.s) {
		found = strconv.Quote(string(p.s[p.farthest]))
	}
	return &ParseError{Kind: "SyntaxError", Pos: p.farthest, End: p.farthest + 1,
		Msg: fmt.Sprintf("Expected %s but %s found.", joinExpected(exp), found)}
}

func joinExpected(exp []string) string {
	switch len(exp) {
	case 0:
		return "nothing"
	case 1:
		return exp[0]
	}
	return strings.Join(exp[:len(exp)-1], ", ") + ", or " + exp[len(exp)-1]
}

// logicalGroup: !ConjunctionOperator Conjunction+
func (p *parser) logicalGroupRule(i int) (*Node, int, bool) {
	if p.conjunctionOperator(i) {
		return nil, i, false
	}
	var flow []*Node
	j := i
	for !p.failed() {
		conj, k, ok := p.conjunction(j)
		if !ok {
			break
		}
		flow = append(flow, conj...)
		j = k
	}
	if len(flow) == 0 {
		return nil, i, false
	}
	return &Node{Kind: KLogicalGroup, Flow: flow, Start: i, End: j}, j, true
}

func (p *parser) conjunctionOperator(i int) bool {
	for _, op := range []string{"AND", "&&", "OR", "||"} {
		if strings.HasPrefix(p.s[i:], op) {
			return true
		}
	}
	return false
}

// conjunction: AndConjunctionStart+ / OrConjunction+
func (p *parser) conjunction(i int) ([]*Node, int, bool) {
	var nodes []*Node
	j := i
	for !p.failed() {
		ns, k, ok := p.andConjunctionStart(j)
		if !ok {
			break
		}
		nodes = append(nodes, ns...)
		j = k
	}
	if len(nodes) > 0 {
		return []*Node{{Kind: KConjunction, Nodes: nodes, Start: i, End: j}}, j, true
	}
	var out []*Node
	j = i
	for !p.failed() {
		groups, k, ok := p.orConjunction(j)
		if !ok {
			break
		}
		for _, g := range groups {
			out = append(out, &Node{Kind: KConjunction, Nodes: g, Start: g[0].Start, End: g[len(g)-1].End})
		}
		j = k
	}
	return out, j, len(out) > 0
}

// andConjunctionStart: TermGroup ws+ AndConjunction
func (p *parser) andConjunctionStart(i int) ([]*Node, int, bool) {
	left, j, ok := p.termGroup(i)
	if !ok {
		return nil, i, false
	}
	if j, ok = p.ws1(j); !ok {
		return nil, i, false
	}
	nodes, j, ok := p.andConjunction(j)
	if !ok {
		return nil, i, false
	}
	return append([]*Node{left}, nodes...), j, true
}

// andConjunction: ws* &'NOT' ws* TermGroup AndConjunction? / ws* AndOp ws+ TermGroup AndConjunction?
// The right recursion is a loop: a chain of n terms is one slice, not n
// nested copies of its tail (quadratic), and no recursion n deep.
func (p *parser) andConjunction(i int) ([]*Node, int, bool) {
	var nodes []*Node
	j := i
	for !p.failed() {
		n, k, ok := p.andStep(j)
		if !ok {
			break
		}
		nodes = append(nodes, n)
		j = k
	}
	return nodes, j, len(nodes) > 0
}

// andStep is one operand of andConjunction.
func (p *parser) andStep(i int) (*Node, int, bool) {
	j := p.ws0(i)
	if strings.HasPrefix(p.s[j:], "NOT") {
		if n, k, ok := p.termGroup(p.ws0(j)); ok {
			return n, k, true
		}
	} else {
		p.expect(j, `"NOT"`)
	}
	if p.failed() {
		return nil, i, false
	}
	k, ok := p.andOperator(j)
	if !ok {
		return nil, i, false
	}
	if k, ok = p.ws1(k); !ok {
		return nil, i, false
	}
	if n, k, ok := p.termGroup(k); ok {
		return n, k, true
	}
	return nil, i, false
}

func (p *parser) andOperator(i int) (int, bool) {
	if j, ok := p.lit(i, "AND"); ok {
		return j, true
	}
	return p.lit(i, "&&")
}

func (p *parser) orOperator(i int) (int, bool) {
	if j, ok := p.lit(i, "OR"); ok {
		return j, true
	}
	return p.lit(i, "||")
}

// andTail: TermGroup AndConjunction?
func (p *parser) andTail(i int) ([]*Node, int, bool) {
	right, j, ok := p.termGroup(i)
	if !ok {
		return nil, i, false
	}
	nodes := []*Node{right}
	if more, k, ok := p.andConjunction(j); ok {
		nodes = append(nodes, more...)
		j = k
	}
	return nodes, j, true
}

// orConjunction returns OR operands; each operand is a list of AND-ed nodes.
func (p *parser) orConjunction(i int) ([][]*Node, int, bool) {
	if left, j, ok := p.termGroup(i); ok {
		if right, k, ok := p.orRight(j); ok {
			return append([][]*Node{{left}}, right), k, true
		}
		if p.failed() {
			return nil, i, false
		}
	}
	if right, k, ok := p.orRight(i); ok {
		return [][]*Node{right}, k, true
	}
	if p.failed() {
		return nil, i, false
	}
	// implicit OR: TermGroup ws+ TermGroup
	left, j, ok := p.termGroup(i)
	if !ok {
		return nil, i, false
	}
	if j, ok = p.ws1(j); !ok {
		return nil, i, false
	}
	right, k, ok := p.termGroup(j)
	if !ok {
		return nil, i, false
	}
	return [][]*Node{{left}, {right}}, k, true
}

// orRight: ws+ OrOp ws+ TermGroup AndConjunction?
func (p *parser) orRight(i int) ([]*Node, int, bool) {
	j, ok := p.ws1(i)
	if !ok {
		return nil, i, false
	}
	if j, ok = p.orOperator(j); !ok {
		return nil, i, false
	}
	if j, ok = p.ws1(j); !ok {
		return nil, i, false
	}
	return p.andTail(j)
}

// termGroup: Negation / ParensGroup / VariableType / TermExpression
func (p *parser) termGroupRule(i int) (*Node, int, bool) {
	if n, j, ok := p.negation(i); ok || p.failed() {
		return n, j, ok
	}
	if n, j, ok := p.parensGroup(i); ok || p.failed() {
		return n, j, ok
	}
	if n, j, ok := p.variableType(i); ok || p.failed() {
		if ok {
			n.HasField = false
		}
		return n, j, ok
	}
	return p.termExpression(i)
}

// negation: 'NOT' ws+ Negated / '!' ws* Negated / '(' ws* Negation ws* ')'
func (p *parser) negationRule(i int) (*Node, int, bool) {
	if j, ok := p.lit(i, "NOT"); ok {
		if j, ok = p.ws1(j); ok {
			if child, k, ok := p.negatedTermGroup(j); ok {
				return &Node{Kind: KNegation, Child: child, Start: i, End: k}, k, true
			}
		}
	}
	if p.failed() {
		return nil, i, false
	}
	if j, ok := p.lit(i, "!"); ok {
		if child, k, ok := p.negatedTermGroup(p.ws0(j)); ok {
			return &Node{Kind: KNegation, Child: child, Start: i, End: k}, k, true
		}
	}
	if p.failed() {
		return nil, i, false
	}
	return p.parens(i, p.negation)
}

// parens: '(' ws* rule ws* ')'
func (p *parser) parens(i int, rule func(int) (*Node, int, bool)) (*Node, int, bool) {
	j, ok := p.lit(i, "(")
	if !ok {
		return nil, i, false
	}
	n, j, ok := rule(p.ws0(j))
	if !ok {
		return nil, i, false
	}
	if j, ok = p.lit(p.ws0(j), ")"); !ok {
		return nil, i, false
	}
	return n, j, true
}

func (p *parser) negatedTermGroup(i int) (*Node, int, bool) {
	if n, j, ok := p.parensGroup(i); ok || p.failed() {
		return n, j, ok
	}
	return p.termExpression(i)
}

// parensGroup: '(' ws* ParensGroup ws* ')' / '(' ws* LogicalGroup ws* ')'
func (p *parser) parensGroupRule(i int) (*Node, int, bool) {
	if n, j, ok := p.parens(i, p.parensGroup); ok || p.failed() {
		return n, j, ok
	}
	return p.parens(i, p.logicalGroup)
}

// unquotedTermType: a field-less Unquoted string term.
func (p *parser) unquotedTermType(i int) (*Node, int, bool) {
	s, j, ok := p.unquoted(i)
	if !ok {
		return nil, i, false
	}
	return &Node{Kind: KTerm, FieldType: "string", Value: Value{V: s}, Start: i, End: j}, j, true
}

// termExpression: BaseTermExpression / RangeExpression / TermType / '(' ws* TermExpression ws* ')'
func (p *parser) termExpressionRule(i int) (*Node, int, bool) {
	if n, j, ok := p.baseTermExpression(i); ok || p.failed() {
		return n, j, ok
	}
	if n, j, ok := p.rangeExpression(i); ok || p.failed() {
		return n, j, ok
	}
	if n, j, ok := p.termType(i); ok || p.failed() {
		return n, j, ok
	}
	return p.parens(i, p.termExpression)
}

// fieldPrefix: FieldName ws* ':' ws*
func (p *parser) fieldPrefix(i int) (string, int, bool) {
	j := i
	for j < len(p.s) && isFieldChar(p.s[j]) {
		j++
	}
	if j == i {
		p.expect(i, "field")
		return "", i, false
	}
	field := p.s[i:j]
	k, ok := p.lit(p.ws0(j), ":")
	if !ok {
		return "", i, false
	}
	return field, p.ws0(k), true
}

func infinity(sign int) float64 { return math.Inf(sign) }
