import { describe, expect, it } from 'vitest'
import { checkColumns, computeError } from './checks'

const t = (k: string, o?: Record<string, unknown>) => (o ? `${k}:${JSON.stringify(o)}` : k)

describe('the page checks of a table columns', () => {
  it('reads formulas with the expression language, messages in the language', () => {
    expect(computeError('price * count', 'en')).toBeNull()
    expect(computeError('', 'en')).toBeNull()
    expect(computeError('price * ', 'en')).toBe('At character 8: the expression is incomplete')
    expect(computeError('price * ', 'zh-Hans')).toBe('第 8 个字符处：表达式不完整')
    expect(computeError('sqrt(price)', 'en')).toBe("At character 1: unknown function 'sqrt'")
  })

  it('wants keys the formulas can name, each once', () => {
    const p = checkColumns(
      [{ key: 'name' }, { key: '' }, { key: '2x' }, { key: 'name' }, { key: 'area', compute: 'length *' }, { key: 'note', widget: 'text', compute: 'price' }, { key: 'ok_1', compute: 'round(price, 2)' }],
      t,
      'en',
    )
    expect(p).toEqual({
      1: { key: 'column.keyRequired' },
      2: { key: 'column.keyInvalid' },
      3: { key: 'column.keyTwice:{"key":"name"}' },
      4: { compute: 'At character 9: the expression is incomplete' },
      5: { widget: 'column.computedNumber' },
    })
  })

  it('keeps formulas and default values off a column holding files', () => {
    const p = checkColumns([{ key: 'drawings', widget: 'file', compute: 'price', defaultValue: 'x' }, { key: 'photos', widget: 'file' }], t, 'en')
    expect(p).toEqual({ 0: { compute: 'column.fileComputed', defaultValue: 'column.fileDefault' } })
  })
})
