import { describe, expect, it } from 'vitest'
import cases from '../../../../internal/platform/expr/testdata/cases.json'
import { ExprError, evalExpr, exprVars, parseExpr, type ExprValues } from './expr'
import { exprErrorText, exprTexts } from './texts'

interface Case {
  name: string
  src: string
  vars?: Record<string, string>
  result?: string
  error?: string
  pos?: number
  varsOf?: string[]
}

// The outcome as the shared table writes it: the digits, or the error key and position.
function run(src: string, vars: ExprValues): { result?: string; error?: string; pos?: number; vars?: string[] } {
  let names: string[] | undefined
  try {
    const e = parseExpr(src)
    names = exprVars(e)
    return { result: evalExpr(e, vars), vars: names }
  } catch (err) {
    if (!(err instanceof ExprError)) throw err
    return { error: err.key, pos: err.pos, vars: names }
  }
}

describe('the shared table of cases (internal/platform/expr/testdata/cases.json)', () => {
  const table = cases as Case[]

  it('holds at least 60 cases', () => {
    expect(table.length).toBeGreaterThanOrEqual(60)
  })

  it.each(table.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const got = run(c.src, c.vars ?? {})
    if (c.result !== undefined) expect({ result: got.result, error: got.error }).toEqual({ result: c.result, error: undefined })
    else expect({ error: got.error, pos: got.pos }).toEqual({ error: c.error, pos: c.pos })
    if (c.varsOf) expect(got.vars).toEqual(c.varsOf)
  })
})

describe('values from the page', () => {
  const e = parseExpr('round(price * count * (1 - discount / 100), 2)')

  it('takes numbers and decimal texts', () => {
    expect(evalExpr(e, { price: 1299.9, count: '3', discount: 15 })).toBe('3314.75')
    expect(evalExpr(parseExpr('a + b'), { a: 0.1, b: 0.2 })).toBe('0.3')
    expect(evalExpr(parseExpr('a * 2'), { a: 1e-7 })).toBe('0.0000002')
  })

  it('refuses empty and non-numeric values by name', () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(run('a + 1', { a: v })).toMatchObject({ error: 'Expr:BadValue', pos: 0 })
    }
  })

  it('tells a missing column from an empty one', () => {
    expect(run('a + b', { a: 1 })).toMatchObject({ error: 'Expr:UnknownVariable', pos: 4 })
  })
})

describe('error texts', () => {
  it('fill in the position and arguments in both languages', () => {
    let err: unknown
    try {
      parseExpr('1 + $')
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(ExprError)
    expect(exprErrorText(err as ExprError, 'en')).toBe("At character 5: the character '$' is not allowed")
    expect(exprErrorText(err as ExprError, 'zh-Hans')).toBe('第 5 个字符处：不能使用字符“$”')
  })

  it('exist for every key an error in the table carries', () => {
    for (const c of cases as Case[]) if (c.error) expect(exprTexts[c.error], c.error).toBeDefined()
  })
})
