// The computed-field language of detail tables (docs/decisions/0011, "Expressions"), the
// page's copy of internal/platform/expr: the same grammar, the same exact decimal rules and
// the same error keys and positions. Both run internal/platform/expr/testdata/cases.json.
//
// Decimals are BigInt coefficients with a scale of 0..18, kept normalised: + - * are exact,
// a product beyond 18 places is rounded half away from zero to 18, a quotient to 10 places,
// and a coefficient beyond ±(2^63-1) is an overflow error (the server holds an int64).

export const MAX_LENGTH = 500
export const MAX_DEPTH = 32
const MAX_SCALE = 18
const DIV_SCALE = 10
const MAX_ROUND = 10
const INT64_MAX = (1n << 63n) - 1n

/** A parse or evaluation error: pos is the 0-based character offset, args[0] the 1-based one. */
export class ExprError extends Error {
  readonly pos: number
  readonly key: string
  readonly args: readonly (string | number)[]
  constructor(pos: number, key: string, args: readonly (string | number)[]) {
    super(`expr: ${key} at ${pos}`)
    this.name = 'ExprError'
    this.pos = pos
    this.key = key
    this.args = args
  }
}

function errAt(pos: number, key: string, ...args: (string | number)[]): ExprError {
  return new ExprError(pos, key, [pos + 1, ...args])
}

/** An exact decimal: c × 10^-s, normalised (no trailing fractional zeros). */
export interface Decimal {
  readonly c: bigint
  readonly s: number
}

const pow10 = (n: number): bigint => 10n ** BigInt(n)

function norm(c: bigint, s: number): Decimal {
  while (s > 0 && c % 10n === 0n) {
    c /= 10n
    s--
  }
  return { c, s: c === 0n ? 0 : s }
}

/** n / d rounded half away from zero (d ≠ 0). */
function divRound(n: bigint, d: bigint): bigint {
  let q = n / d
  const r = n % d
  if (r === 0n) return q
  const ar = r < 0n ? -r : r
  const ad = d < 0n ? -d : d
  if (2n * ar >= ad) q += n < 0n !== d < 0n ? -1n : 1n
  return q
}

/** The exact c × 10^-s as a Decimal, or null when it does not fit. */
function finish(c: bigint, s: number): Decimal | null {
  if (s > MAX_SCALE) {
    c = divRound(c, pow10(s - MAX_SCALE))
    s = MAX_SCALE
  }
  const d = norm(c, s)
  return d.c > INT64_MAX || d.c < -INT64_MAX ? null : d
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const s = Math.max(a.s, b.s)
  return [a.c * pow10(s - a.s), b.c * pow10(s - b.s), s]
}

function cmp(a: Decimal, b: Decimal): number {
  const [x, y] = align(a, b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** The digits of d in plain notation ("-12.5", "0.003"), as the server writes them. */
export function decimalToString(d: Decimal): string {
  const neg = d.c < 0n
  let t = (neg ? -d.c : d.c).toString()
  if (d.s > 0) {
    if (t.length <= d.s) t = '0'.repeat(d.s - t.length + 1) + t
    t = `${t.slice(0, t.length - d.s)}.${t.slice(t.length - d.s)}`
  }
  return neg ? `-${t}` : t
}

/**
 * Reads a column's value: a decimal text (optional sign, digits, optional fraction and
 * exponent, as String(number) writes it) or a finite number. Null when it is not one or
 * does not fit.
 */
export function toDecimal(v: number | string): Decimal | null {
  const t = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim()
  const m = /^([+-]?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(t) ?? /^([+-]?)()\.(\d+)(?:[eE]([+-]?\d+))?$/.exec(t)
  if (!m) return null
  const frac = m[3] ?? ''
  const exp = m[4] ? Number(m[4]) : 0
  if (Math.abs(exp) > 40) return null
  let c = BigInt((m[2] || '0') + frac)
  let s = frac.length - exp
  if (m[1] === '-') c = -c
  if (s < 0) {
    c *= pow10(-s)
    s = 0
  }
  const d = norm(c, s)
  return d.s > MAX_SCALE || d.c > INT64_MAX || d.c < -INT64_MAX ? null : d
}

type Cmp = '>' | '>=' | '<' | '<=' | '==' | '!='
type Fn = 'round' | 'ceil' | 'floor' | 'min' | 'max' | 'if'
type Node =
  | { op: 'num'; pos: number; num: Decimal }
  | { op: 'var'; pos: number; name: string }
  | { op: 'neg'; pos: number; x: Node }
  | { op: '+' | '-' | '*' | '/'; pos: number; l: Node; r: Node }
  | { op: 'if'; pos: number; cmp: Cmp; l: Node; r: Node; then: Node; else: Node }
  | { op: 'round' | 'ceil' | 'floor' | 'min' | 'max'; pos: number; args: Node[] }

/** A parsed expression. */
export interface Expr {
  readonly root: Node
  readonly vars: readonly string[]
}

const arity: Record<Fn, number> = { round: 2, ceil: 1, floor: 1, min: -2, max: -2, if: 3 }

type TokKind = 'eof' | 'num' | 'ident' | 'op' | 'cmp'
interface Token {
  kind: TokKind
  pos: number
  text: string
}

const isLetter = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_'
const isDigit = (c: string) => c >= '0' && c <= '9'

class Parser {
  i = 0
  tok: Token = { kind: 'eof', pos: 0, text: '' }
  depth = 0
  readonly seen = new Set<string>()
  constructor(readonly src: string) {}

  next(): void {
    const s = this.src
    while (this.i < s.length && ' \t\n\r'.includes(s[this.i])) this.i++
    const start = this.i
    if (start === s.length) {
      this.tok = { kind: 'eof', pos: start, text: '' }
      return
    }
    const c = s[start]
    if (isDigit(c)) {
      while (this.i < s.length && isDigit(s[this.i])) this.i++
      if (this.i < s.length && s[this.i] === '.') {
        this.i++
        const frac = this.i
        while (this.i < s.length && isDigit(s[this.i])) this.i++
        if (this.i === frac) throw errAt(start, 'Expr:BadNumber', s.slice(start, this.i))
      }
      this.tok = { kind: 'num', pos: start, text: s.slice(start, this.i) }
    } else if (isLetter(c)) {
      while (this.i < s.length && (isLetter(s[this.i]) || isDigit(s[this.i]))) this.i++
      this.tok = { kind: 'ident', pos: start, text: s.slice(start, this.i) }
    } else if ('+-*/(),'.includes(c)) {
      this.i++
      this.tok = { kind: 'op', pos: start, text: c }
    } else if ('><=!'.includes(c)) {
      this.i++
      if (this.i < s.length && s[this.i] === '=') this.i++
      else if (c === '=' || c === '!') throw errAt(start, 'Expr:UnexpectedChar', c)
      this.tok = { kind: 'cmp', pos: start, text: s.slice(start, this.i) }
    } else {
      throw errAt(start, 'Expr:UnexpectedChar', String.fromCodePoint(s.codePointAt(start) ?? 0))
    }
  }

  unexpected(): ExprError {
    if (this.tok.kind === 'eof') return errAt(this.tok.pos, 'Expr:UnexpectedEnd')
    if (this.tok.kind === 'cmp') return errAt(this.tok.pos, 'Expr:ComparisonOutsideIf')
    return errAt(this.tok.pos, 'Expr:UnexpectedToken', this.tok.text)
  }

  is(kind: TokKind, text: string): boolean {
    return this.tok.kind === kind && this.tok.text === text
  }

  expect(kind: TokKind, text: string): void {
    if (!this.is(kind, text)) throw this.unexpected()
    this.next()
  }

  enter(pos: number): void {
    this.depth++
    if (this.depth > MAX_DEPTH) throw errAt(pos, 'Expr:TooDeep', MAX_DEPTH)
  }

  expr(): Node {
    let l = this.term()
    while (this.is('op', '+') || this.is('op', '-')) {
      const { pos, text } = this.tok
      this.next()
      l = { op: text as '+' | '-', pos, l, r: this.term() }
    }
    return l
  }

  term(): Node {
    let l = this.unary()
    while (this.is('op', '*') || this.is('op', '/')) {
      const { pos, text } = this.tok
      this.next()
      l = { op: text as '*' | '/', pos, l, r: this.unary() }
    }
    return l
  }

  unary(): Node {
    if (!this.is('op', '-')) return this.primary()
    const pos = this.tok.pos
    this.enter(pos)
    this.next()
    const x = this.unary()
    this.depth--
    return { op: 'neg', pos, x }
  }

  primary(): Node {
    const t = this.tok
    if (t.kind === 'num') {
      const num = parseNumber(t.text)
      if (!num) throw errAt(t.pos, 'Expr:BadNumber', t.text)
      this.next()
      return { op: 'num', pos: t.pos, num }
    }
    if (t.kind === 'ident') {
      this.next()
      if (this.is('op', '(')) return this.call(t)
      this.seen.add(t.text)
      return { op: 'var', pos: t.pos, name: t.text }
    }
    if (this.is('op', '(')) {
      this.enter(t.pos)
      this.next()
      const x = this.expr()
      this.expect('op', ')')
      this.depth--
      return x
    }
    throw this.unexpected()
  }

  call(name: Token): Node {
    if (!Object.prototype.hasOwnProperty.call(arity, name.text)) {
      throw errAt(name.pos, 'Expr:UnknownFunction', name.text)
    }
    const fn = name.text as Fn
    const n = arity[fn]
    this.enter(this.tok.pos)
    this.next()
    const args: Node[] = []
    let cond: { l: Node; r: Node; cmp: Cmp } | undefined
    if (!this.is('op', ')')) {
      for (;;) {
        if (fn === 'if' && !cond) cond = this.condition()
        else args.push(this.expr())
        if (!this.is('op', ',')) break
        this.next()
      }
    }
    if (!this.is('op', ')')) throw this.unexpected()
    const count = args.length + (cond ? 1 : 0)
    if (n > 0 && count !== n) throw errAt(name.pos, 'Expr:ArgCount', fn, n)
    if (n < 0 && count < -n) throw errAt(name.pos, 'Expr:ArgCountMin', fn, -n)
    this.next()
    this.depth--
    if (fn === 'if' && cond) return { op: 'if', pos: name.pos, ...cond, then: args[0], else: args[1] }
    return { op: fn as 'round' | 'ceil' | 'floor' | 'min' | 'max', pos: name.pos, args }
  }

  condition(): { l: Node; r: Node; cmp: Cmp } {
    const l = this.expr()
    if (this.tok.kind !== 'cmp') {
      if (this.tok.kind === 'eof') throw errAt(this.tok.pos, 'Expr:UnexpectedEnd')
      throw errAt(this.tok.pos, 'Expr:ConditionExpected')
    }
    const c = this.tok.text as Cmp
    this.next()
    return { l, r: this.expr(), cmp: c }
  }
}

/** digits[.digits]: at most 18 significant digits and 18 places (trailing zeros aside). */
function parseNumber(t: string): Decimal | null {
  let [int, frac = ''] = t.split('.')
  frac = frac.replace(/0+$/, '')
  const sig = (int + frac).replace(/^0+/, '')
  if (sig.length > 18 || frac.length > MAX_SCALE) return null
  return norm(BigInt(int + frac), frac.length)
}

/** Reads src; throws ExprError. */
export function parseExpr(src: string): Expr {
  if ([...src].length > MAX_LENGTH) throw new ExprError(0, 'Expr:TooLong', [MAX_LENGTH])
  const p = new Parser(src)
  p.next()
  if (p.tok.kind === 'eof') throw new ExprError(0, 'Expr:Empty', [])
  const root = p.expr()
  p.expect('eof', '')
  return { root, vars: [...p.seen].sort() }
}

/** The column keys the expression reads, sorted, each once. */
export function exprVars(expr: Expr): string[] {
  return [...expr.vars]
}

export type ExprValues = Record<string, number | string | null | undefined>

/**
 * Computes the expression and answers its digits ("3314.75"); throws ExprError. A key
 * missing from vars is an unknown column; null, undefined, '' or text that is not a number
 * is Expr:BadValue (the caller applies a widget's default first: an empty number is 1).
 */
export function evalExpr(expr: Expr, vars: ExprValues): string {
  return decimalToString(evalDecimal(expr, vars))
}

/** evalExpr's result as a Decimal. */
export function evalDecimal(expr: Expr, vars: ExprValues): Decimal {
  return ev(expr.root, vars)
}

function fit(d: Decimal | null, pos: number): Decimal {
  if (!d) throw errAt(pos, 'Expr:Overflow')
  return d
}

function ev(n: Node, vars: ExprValues): Decimal {
  switch (n.op) {
    case 'num':
      return n.num
    case 'var': {
      if (!Object.prototype.hasOwnProperty.call(vars, n.name)) throw errAt(n.pos, 'Expr:UnknownVariable', n.name)
      const v = vars[n.name]
      const d = v === null || v === undefined || v === '' ? null : toDecimal(v)
      if (!d) throw errAt(n.pos, 'Expr:BadValue', n.name)
      return d
    }
    case 'neg': {
      const x = ev(n.x, vars)
      return fit(finish(-x.c, x.s), n.pos)
    }
    case 'if': {
      const c = cmp(ev(n.l, vars), ev(n.r, vars))
      const t =
        n.cmp === '>' ? c > 0 : n.cmp === '>=' ? c >= 0 : n.cmp === '<' ? c < 0 : n.cmp === '<=' ? c <= 0 : n.cmp === '==' ? c === 0 : c !== 0
      return ev(t ? n.then : n.else, vars)
    }
    case 'ceil':
    case 'floor': {
      const x = ev(n.args[0], vars)
      if (x.s === 0) return x
      const d = pow10(x.s)
      let q = x.c / d
      const r = x.c % d
      if (n.op === 'ceil' && r > 0n) q++
      if (n.op === 'floor' && r < 0n) q--
      return norm(q, 0)
    }
    case 'min':
    case 'max': {
      let a = ev(n.args[0], vars)
      for (const x of n.args.slice(1)) {
        const b = ev(x, vars)
        const c = cmp(b, a)
        if ((n.op === 'min' && c < 0) || (n.op === 'max' && c > 0)) a = b
      }
      return a
    }
    case 'round': {
      const x = ev(n.args[0], vars)
      const k = ev(n.args[1], vars)
      if (k.s !== 0 || k.c < 0n || k.c > BigInt(MAX_ROUND)) throw errAt(n.pos, 'Expr:BadRoundDigits', MAX_ROUND)
      const places = Number(k.c)
      if (x.s <= places) return x
      return norm(divRound(x.c, pow10(x.s - places)), places)
    }
  }
  const a = ev(n.l, vars)
  const b = ev(n.r, vars)
  switch (n.op) {
    case '+': {
      const [x, y, s] = align(a, b)
      return fit(finish(x + y, s), n.pos)
    }
    case '-': {
      const [x, y, s] = align(a, b)
      return fit(finish(x - y, s), n.pos)
    }
    case '*':
      return fit(finish(a.c * b.c, a.s + b.s), n.pos)
    case '/': {
      if (b.c === 0n) throw errAt(n.pos, 'Expr:DivisionByZero')
      const k = DIV_SCALE + b.s - a.s
      const q = k >= 0 ? divRound(a.c * pow10(k), b.c) : divRound(a.c, b.c * pow10(-k))
      return fit(finish(q, DIV_SCALE), n.pos)
    }
  }
}
