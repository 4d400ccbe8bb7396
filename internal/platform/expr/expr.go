// Package expr is the computed-field language of detail tables (docs/decisions/0011,
// "Expressions"): numbers, column keys, + - * /, unary minus, parentheses, round(x, n),
// ceil(x), floor(x), min(a, b, …), max(a, b, …) and if(a > b, x, y) with > >= < <= == !=.
// The page evaluates the same language with web/src/components/expr; both run the cases
// of testdata/cases.json and must give the same digits and the same error keys.
package expr

import (
	"fmt"
	"sort"
	"unicode/utf8"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/sheetmap"
)

const (
	// MaxLength is the longest source, in characters.
	MaxLength = 500
	// MaxDepth is the deepest nesting of parentheses, calls and unary minus.
	MaxDepth = 32
)

// Error is a parse or evaluation error: Pos is the 0-based character offset in the source,
// Key a message key of Texts and Args its arguments (a position in them is 1-based).
type Error struct {
	Pos  int
	Key  string
	Args []any
}

func (e *Error) Error() string {
	return fmt.Sprintf("expr: %s at %d %v", e.Key, e.Pos, e.Args)
}

// User answers the error as the platform's localised user error.
func (e *Error) User() error { return apperr.User(e.Key, e.Args...) }

func errAt(pos int, key string, args ...any) *Error {
	return &Error{Pos: pos, Key: key, Args: append([]any{pos + 1}, args...)}
}

type op uint8

const (
	opNum op = iota
	opVar
	opNeg
	opAdd
	opSub
	opMul
	opDiv
	opRound
	opCeil
	opFloor
	opMin
	opMax
	opIf
)

type cmp uint8

const (
	cmpGT cmp = iota
	cmpGE
	cmpLT
	cmpLE
	cmpEQ
	cmpNE
)

type node struct {
	op   op
	cmp  cmp // opIf
	pos  int
	num  Decimal
	name string
	args []*node // opIf: lhs, rhs, then, else
}

// Expr is a parsed expression; it is safe for concurrent use.
type Expr struct {
	root *node
	vars []string
}

// Vars answers the column keys the expression reads, sorted, each once.
func (e *Expr) Vars() []string { return append([]string(nil), e.vars...) }

var arity = map[string]int{"round": 2, "ceil": 1, "floor": 1, "min": -2, "max": -2, "if": 3}

// Parse reads src; errors are *Error.
func Parse(src string) (*Expr, error) {
	if utf8.RuneCountInString(src) > MaxLength {
		return nil, &Error{Pos: 0, Key: KeyTooLong, Args: []any{MaxLength}}
	}
	p := &parser{src: src, seen: map[string]bool{}}
	if err := p.next(); err != nil {
		return nil, err
	}
	if p.tok.kind == tEOF {
		return nil, &Error{Pos: 0, Key: KeyEmpty}
	}
	root, err := p.expr()
	if err != nil {
		return nil, err
	}
	if err := p.expect(tEOF, ""); err != nil {
		return nil, err
	}
	vars := make([]string, 0, len(p.seen))
	for v := range p.seen {
		vars = append(vars, v)
	}
	sort.Strings(vars)
	return &Expr{root: root, vars: vars}, nil
}

type tkind uint8

const (
	tEOF tkind = iota
	tNum
	tIdent
	tOp // + - * / ( ) ,
	tCmp
)

type token struct {
	kind tkind
	pos  int
	text string
}

type parser struct {
	src   string
	i     int
	tok   token
	depth int
	seen  map[string]bool
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

func (p *parser) next() error {
	s := p.src
	for p.i < len(s) && (s[p.i] == ' ' || s[p.i] == '\t' || s[p.i] == '\n' || s[p.i] == '\r') {
		p.i++
	}
	start := p.i
	if start == len(s) {
		p.tok = token{tEOF, start, ""}
		return nil
	}
	c := s[start]
	switch {
	case isDigit(c):
		for p.i < len(s) && isDigit(s[p.i]) {
			p.i++
		}
		if p.i < len(s) && s[p.i] == '.' {
			p.i++
			frac := p.i
			for p.i < len(s) && isDigit(s[p.i]) {
				p.i++
			}
			if p.i == frac {
				return errAt(start, KeyBadNumber, s[start:p.i])
			}
		}
		p.tok = token{tNum, start, s[start:p.i]}
	case isLetter(c):
		for p.i < len(s) && (isLetter(s[p.i]) || isDigit(s[p.i])) {
			p.i++
		}
		p.tok = token{tIdent, start, s[start:p.i]}
	case c == '+' || c == '-' || c == '*' || c == '/' || c == '(' || c == ')' || c == ',':
		p.i++
		p.tok = token{tOp, start, s[start:p.i]}
	case c == '>' || c == '<' || c == '=' || c == '!':
		p.i++
		if p.i < len(s) && s[p.i] == '=' {
			p.i++
		} else if c == '=' || c == '!' {
			return errAt(start, KeyUnexpectedChar, string(c))
		}
		p.tok = token{tCmp, start, s[start:p.i]}
	default:
		r, _ := utf8.DecodeRuneInString(s[start:])
		return errAt(start, KeyUnexpectedChar, string(r))
	}
	return nil
}

// unexpected is the error for the current token where it does not belong.
func (p *parser) unexpected() error {
	switch p.tok.kind {
	case tEOF:
		return errAt(p.tok.pos, KeyUnexpectedEnd)
	case tCmp:
		return errAt(p.tok.pos, KeyComparisonOutsideIf)
	}
	return errAt(p.tok.pos, KeyUnexpectedToken, p.tok.text)
}

func (p *parser) is(k tkind, text string) bool { return p.tok.kind == k && p.tok.text == text }

func (p *parser) expect(k tkind, text string) error {
	if !p.is(k, text) {
		return p.unexpected()
	}
	return p.next()
}

func (p *parser) enter(pos int) error {
	p.depth++
	if p.depth > MaxDepth {
		return errAt(pos, KeyTooDeep, MaxDepth)
	}
	return nil
}

func (p *parser) expr() (*node, error) {
	l, err := p.term()
	if err != nil {
		return nil, err
	}
	for p.is(tOp, "+") || p.is(tOp, "-") {
		o := opAdd
		if p.tok.text == "-" {
			o = opSub
		}
		pos := p.tok.pos
		if err := p.next(); err != nil {
			return nil, err
		}
		r, err := p.term()
		if err != nil {
			return nil, err
		}
		l = &node{op: o, pos: pos, args: []*node{l, r}}
	}
	return l, nil
}

func (p *parser) term() (*node, error) {
	l, err := p.unary()
	if err != nil {
		return nil, err
	}
	for p.is(tOp, "*") || p.is(tOp, "/") {
		o := opMul
		if p.tok.text == "/" {
			o = opDiv
		}
		pos := p.tok.pos
		if err := p.next(); err != nil {
			return nil, err
		}
		r, err := p.unary()
		if err != nil {
			return nil, err
		}
		l = &node{op: o, pos: pos, args: []*node{l, r}}
	}
	return l, nil
}

func (p *parser) unary() (*node, error) {
	if !p.is(tOp, "-") {
		return p.primary()
	}
	pos := p.tok.pos
	if err := p.enter(pos); err != nil {
		return nil, err
	}
	if err := p.next(); err != nil {
		return nil, err
	}
	x, err := p.unary()
	if err != nil {
		return nil, err
	}
	p.depth--
	return &node{op: opNeg, pos: pos, args: []*node{x}}, nil
}

func (p *parser) primary() (*node, error) {
	t := p.tok
	switch {
	case t.kind == tNum:
		d, ok := parseNumber(t.text)
		if !ok {
			return nil, errAt(t.pos, KeyBadNumber, t.text)
		}
		if err := p.next(); err != nil {
			return nil, err
		}
		return &node{op: opNum, pos: t.pos, num: d}, nil
	case t.kind == tIdent:
		if err := p.next(); err != nil {
			return nil, err
		}
		if p.is(tOp, "(") {
			return p.call(t)
		}
		p.seen[t.text] = true
		return &node{op: opVar, pos: t.pos, name: t.text}, nil
	case p.is(tOp, "("):
		if err := p.enter(t.pos); err != nil {
			return nil, err
		}
		if err := p.next(); err != nil {
			return nil, err
		}
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		if err := p.expect(tOp, ")"); err != nil {
			return nil, err
		}
		p.depth--
		return x, nil
	}
	return nil, p.unexpected()
}

// call reads name(args…); the current token is the "(".
func (p *parser) call(name token) (*node, error) {
	n, known := arity[name.text]
	if !known {
		return nil, errAt(name.pos, KeyUnknownFunction, name.text)
	}
	if err := p.enter(p.tok.pos); err != nil {
		return nil, err
	}
	if err := p.next(); err != nil {
		return nil, err
	}
	var args []*node
	var c cmp
	if !p.is(tOp, ")") {
		for {
			if name.text == "if" && len(args) == 0 {
				l, r, cc, err := p.condition()
				if err != nil {
					return nil, err
				}
				args, c = append(args, l, r), cc
			} else {
				x, err := p.expr()
				if err != nil {
					return nil, err
				}
				args = append(args, x)
			}
			if !p.is(tOp, ",") {
				break
			}
			if err := p.next(); err != nil {
				return nil, err
			}
		}
	}
	if !p.is(tOp, ")") {
		return nil, p.unexpected()
	}
	count := len(args)
	if name.text == "if" && count > 0 {
		count-- // the condition is two nodes
	}
	switch {
	case n > 0 && count != n:
		return nil, errAt(name.pos, KeyArgCount, name.text, n)
	case n < 0 && count < -n:
		return nil, errAt(name.pos, KeyArgCountMin, name.text, -n)
	}
	if err := p.next(); err != nil {
		return nil, err
	}
	p.depth--
	o := map[string]op{"round": opRound, "ceil": opCeil, "floor": opFloor, "min": opMin, "max": opMax, "if": opIf}[name.text]
	return &node{op: o, cmp: c, pos: name.pos, name: name.text, args: args}, nil
}

func (p *parser) condition() (*node, *node, cmp, error) {
	l, err := p.expr()
	if err != nil {
		return nil, nil, 0, err
	}
	if p.tok.kind != tCmp {
		if p.tok.kind == tEOF {
			return nil, nil, 0, errAt(p.tok.pos, KeyUnexpectedEnd)
		}
		return nil, nil, 0, errAt(p.tok.pos, KeyConditionExpected)
	}
	c := map[string]cmp{">": cmpGT, ">=": cmpGE, "<": cmpLT, "<=": cmpLE, "==": cmpEQ, "!=": cmpNE}[p.tok.text]
	if err := p.next(); err != nil {
		return nil, nil, 0, err
	}
	r, err := p.expr()
	if err != nil {
		return nil, nil, 0, err
	}
	return l, r, c, nil
}

// parseNumber reads digits[.digits] with at most 18 significant digits and 18 places.
func parseNumber(s string) (Decimal, bool) {
	var coef int64
	var scale int32
	sig, point := 0, false
	// Trailing fractional zeros do not count.
	end := len(s)
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			for end > i+1 && s[end-1] == '0' {
				end--
			}
			break
		}
	}
	for i := 0; i < end; i++ {
		c := s[i]
		if c == '.' {
			point = true
			continue
		}
		if point {
			scale++
		}
		if sig == 0 && c == '0' {
			continue
		}
		sig++
		coef = coef*10 + int64(c-'0')
	}
	if sig > 18 || scale > maxScale {
		return Decimal{}, false
	}
	return sheetmap.NewDec(coef, scale), true
}

// Eval computes the expression; vars answers a column's value (false: no such column).
// Errors are *Error.
func (e *Expr) Eval(vars func(name string) (Decimal, bool)) (Decimal, error) {
	return eval(e.root, vars)
}

func overflow(n *node) error { return errAt(n.pos, KeyOverflow) }

func eval(n *node, vars func(string) (Decimal, bool)) (Decimal, error) {
	switch n.op {
	case opNum:
		return n.num, nil
	case opVar:
		v, ok := vars(n.name)
		if !ok {
			return Decimal{}, errAt(n.pos, KeyUnknownVariable, n.name)
		}
		return v, nil
	case opIf:
		l, err := eval(n.args[0], vars)
		if err != nil {
			return Decimal{}, err
		}
		r, err := eval(n.args[1], vars)
		if err != nil {
			return Decimal{}, err
		}
		c := decCmp(l, r)
		var t bool
		switch n.cmp {
		case cmpGT:
			t = c > 0
		case cmpGE:
			t = c >= 0
		case cmpLT:
			t = c < 0
		case cmpLE:
			t = c <= 0
		case cmpEQ:
			t = c == 0
		case cmpNE:
			t = c != 0
		}
		if t {
			return eval(n.args[2], vars)
		}
		return eval(n.args[3], vars)
	}
	a, err := eval(n.args[0], vars)
	if err != nil {
		return Decimal{}, err
	}
	switch n.op {
	case opNeg:
		v, ok := decNeg(a)
		if !ok {
			return Decimal{}, overflow(n)
		}
		return v, nil
	case opCeil:
		return decCeil(a), nil
	case opFloor:
		return decFloor(a), nil
	case opMin, opMax:
		for _, x := range n.args[1:] {
			b, err := eval(x, vars)
			if err != nil {
				return Decimal{}, err
			}
			if c := decCmp(b, a); (n.op == opMin && c < 0) || (n.op == opMax && c > 0) {
				a = b
			}
		}
		return a, nil
	}
	b, err := eval(n.args[1], vars)
	if err != nil {
		return Decimal{}, err
	}
	var v Decimal
	ok := true
	switch n.op {
	case opAdd:
		v, ok = decAdd(a, b)
	case opSub:
		v, ok = decSub(a, b)
	case opMul:
		v, ok = decMul(a, b)
	case opDiv:
		if b.IsZero() {
			return Decimal{}, errAt(n.pos, KeyDivisionByZero)
		}
		v, ok = decDiv(a, b)
	case opRound:
		k, isInt := b.Int64()
		if !isInt || k < 0 || k > maxRound {
			return Decimal{}, errAt(n.pos, KeyBadRoundDigits, maxRound)
		}
		v = decRound(a, int32(k))
	}
	if !ok {
		return Decimal{}, overflow(n)
	}
	return v, nil
}
