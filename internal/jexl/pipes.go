package jexl

// rewritePipes turns jexl transforms into calls: `X|name` becomes
// `name(X)` and `X|name(a, b)` becomes `name(X, a, b)`, where X is the
// operand just before the pipe (an identifier or literal with its member,
// index and call chain, a bracketed group, a string, or an earlier
// transform). String literals are copied untouched; `||` stays an operator.
// A pipe without a recognisable operand or name is left for expr to reject.
func rewritePipes(src string) string {
	w := rewriter{pairs: map[int]int{}, strs: map[int]int{}}
	for i := 0; i < len(src); {
		i = w.step(src, i)
	}
	return string(w.out)
}

type rewriter struct {
	out   []byte
	opens []int       // output positions of unclosed ( [ {
	pairs map[int]int // closing bracket position -> opening position
	strs  map[int]int // closing quote position -> opening quote position
}

func (w *rewriter) step(src string, i int) int {
	c := src[i]
	switch {
	case c == '"' || c == '\'':
		end := skipString(src, i)
		start := len(w.out)
		w.out = append(w.out, src[i:end]...)
		if end-i >= 2 && src[end-1] == c {
			w.strs[len(w.out)-1] = start
		}
		return end
	case c == '|' && i+1 < len(src) && src[i+1] == '|':
		w.out = append(w.out, "||"...)
		return i + 2
	case c == '|':
		return w.pipe(src, i)
	case c == '(' || c == '[' || c == '{':
		w.opens = append(w.opens, len(w.out))
	case c == ')' || c == ']' || c == '}':
		w.close()
	}
	w.out = append(w.out, c)
	return i + 1
}

// close pairs the bracket about to be written with the last open one.
func (w *rewriter) close() {
	if n := len(w.opens); n > 0 {
		w.pairs[len(w.out)] = w.opens[n-1]
		w.opens = w.opens[:n-1]
	}
}

func (w *rewriter) pipe(src string, i int) int {
	nameStart, nameEnd := identAfter(src, i+1)
	start := w.operandStart()
	if nameEnd == nameStart || start < 0 {
		w.out = append(w.out, '|')
		return i + 1
	}
	name := src[nameStart:nameEnd]
	end := len(w.out)
	for end > start && isSpace(w.out[end-1]) {
		end--
	}
	operand := append([]byte(nil), w.out[start:end]...)
	w.shift(start, len(name)+1)
	w.out = append(append(w.out[:start], name...), '(')
	w.opens = append(w.opens, start+len(name))
	w.out = append(w.out, operand...)
	j := skipSpaces(src, nameEnd)
	if j < len(src) && src[j] == '(' {
		if k := skipSpaces(src, j+1); k < len(src) && src[k] != ')' {
			w.out = append(w.out, ", "...)
		}
		return j + 1 // the arguments and the closing parenthesis follow
	}
	w.close()
	w.out = append(w.out, ')')
	return nameEnd
}

// shift moves recorded positions at or after start by delta (the operand
// is about to be moved behind `name(`).
func (w *rewriter) shift(start, delta int) {
	for _, m := range []map[int]int{w.pairs, w.strs} {
		moved := map[int]int{}
		for k, v := range m {
			if k >= start {
				delete(m, k)
				if v >= start {
					v += delta
				}
				moved[k+delta] = v
			}
		}
		for k, v := range moved {
			m[k] = v
		}
	}
}

// operandStart finds where the operand before a pipe begins in the output,
// or -1.
func (w *rewriter) operandStart() int {
	p := len(w.out)
	for p > 0 && isSpace(w.out[p-1]) {
		p--
	}
	found := false
	for p > 0 {
		c := w.out[p-1]
		switch {
		case c == ')' || c == ']' || c == '}':
			open, ok := w.pairs[p-1]
			if !ok {
				return -1
			}
			p, found = open, true
			if c != '}' && p > 0 && chains(w.out[p-1]) {
				continue // a call or an index: include its subject
			}
		case c == '"' || c == '\'':
			s, ok := w.strs[p-1]
			if !ok {
				return -1
			}
			p, found = s, true
		case isIdentByte(c) || c == '.':
			for p > 0 && (isIdentByte(w.out[p-1]) || w.out[p-1] == '.') {
				p--
			}
			found = true
			if p > 0 && (w.out[p-1] == ']' || w.out[p-1] == ')') {
				continue // a member of an index or call result
			}
		}
		break
	}
	if !found {
		return -1
	}
	return p
}

// chains reports whether a bracket after c continues c's operand.
func chains(c byte) bool { return isIdentByte(c) || c == ')' || c == ']' }

// skipString returns the index after the string literal starting at i.
func skipString(src string, i int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case q:
			return j + 1
		}
	}
	return len(src)
}

// identAfter skips white space after a pipe and returns the bounds of the
// identifier that follows (empty when there is none).
func identAfter(src string, i int) (int, int) {
	i = skipSpaces(src, i)
	start := i
	for i < len(src) && isIdentByte(src[i]) {
		i++
	}
	return start, i
}

func skipSpaces(src string, i int) int {
	for i < len(src) && isSpace(src[i]) {
		i++
	}
	return i
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
