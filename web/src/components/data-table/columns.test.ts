import { describe, expect, it } from 'vitest'
import { defaultSettings, filterParams, mergeSettings, parseConfig, routeKeyOf, shownKeys, toConfigJson, visibleColumns, type ColumnDef } from './columns'
import { moveSetting } from './ColumnChooser'
import zh from '../../i18n/locales/zh-Hans.json'
import en from '../../i18n/locales/en.json'

const cols: ColumnDef<object>[] = [
  { key: 'code', title: 'Order id', filter: 'text', alwaysShown: true },
  { key: 'qty', title: 'Quantity', filter: 'number' },
  { key: 'due', title: 'Due', filter: 'dateRange' },
  { key: 'urgent', title: 'Urgent', filter: 'boolean' },
  { key: 'note', title: 'Note', hidden: true },
]

describe('filterParams', () => {
  it('sends each kind under its names', () => {
    expect(filterParams({ code: '  SO-1 ', qty: [2, 4], due: ['2025-03-01', '2025-03-31'], urgent: false }, cols)).toEqual({
      code: 'SO-1',
      qtyMin: 2,
      qtyMax: 4,
      dueFrom: '2025-03-01',
      dueTo: '2025-03-31',
      urgent: false,
    })
  })

  it('leaves out blanks, open ends, and filters of columns without that filter', () => {
    expect(filterParams({ code: '   ', qty: [null, 4], due: [null, '2025-03-31'], note: 'x', missing: 'y' }, cols)).toEqual({ qtyMax: 4, dueTo: '2025-03-31' })
    expect(filterParams({ due: ['03/01/2025', null] }, cols)).toEqual({})
  })
})

describe('routeKeyOf', () => {
  it('replaces every slash by zzz', () => {
    expect(routeKeyOf('/basic-setup/data-dictionary')).toBe('zzzbasic-setupzzzdata-dictionary')
    expect(routeKeyOf('/basic-setup/data-dictionary/?x=1')).toBe('zzzbasic-setupzzzdata-dictionary')
    expect(routeKeyOf('/')).toBe('zzz')
  })
})

describe('page configuration settings', () => {
  it('reads a saved config, and refuses what is not one', () => {
    expect(parseConfig('[{"key":"qty","title":"Q","isShow":false,"order":1,"width":90}]')).toEqual([{ key: 'qty', title: 'Q', isShow: false, order: 1, width: 90 }])
    for (const bad of ['', 'null', '{"key":"a"}', '[{"title":"no key"}]', '[{"key":"a"},{"key":"a"}]', '[1]', '[{"key": "a"'])
      expect(parseConfig(bad), bad).toBeNull()
  })

  it('merges a saved config over the declared columns: unknown keys dropped, new columns appended, the order id kept', () => {
    const merged = mergeSettings(cols, parseConfig('[{"key":"gone","isShow":true,"order":0},{"key":"due","isShow":true,"order":1},{"key":"code","isShow":false,"order":2}]'))
    expect(merged?.map((s) => `${s.order}:${s.key}:${s.isShow}`)).toEqual(['0:due:true', '1:code:true', '2:qty:true', '3:urgent:true', '4:note:false'])
    expect(merged?.find((s) => s.key === 'due')?.title).toBe('Due')
  })

  it('removes hidden fields, and has nothing to offer when nothing is shown', () => {
    expect(mergeSettings(cols, null, ['qty', 'note'])?.map((s) => s.key)).toEqual(['code', 'due', 'urgent'])
    const plain = cols.map((c) => ({ ...c, alwaysShown: false }))
    expect(mergeSettings(plain, defaultSettings(plain).map((s) => ({ ...s, isShow: false })))).toBeNull()
  })

  it('writes the config the server keeps', () => {
    expect(JSON.parse(toConfigJson([{ key: 'qty', title: 'Quantity', isShow: true, order: 7, width: 80 }, { key: 'code', title: 'Order id', isShow: false, order: 3 }]))).toEqual([
      { key: 'qty', title: 'Quantity', isShow: true, order: 0, width: 80 },
      { key: 'code', title: 'Order id', isShow: false, order: 1 },
    ])
  })

  it('shows at most 18 columns, always-shown ones first served', () => {
    const many: ColumnDef<object>[] = [...Array.from({ length: 20 }, (_, i) => ({ key: `c${i}`, title: `C${i}` })), { key: 'id', title: 'Id', alwaysShown: true }]
    const { shown, cut } = shownKeys(defaultSettings(many), many)
    expect(shown).toHaveLength(18)
    expect(shown.at(-1)).toBe('id')
    expect(cut).toEqual(['c17', 'c18', 'c19'])
    expect(visibleColumns(many, defaultSettings(many)).map((c) => c.key)).toEqual(shown)
  })

  it('moves a column to another one\u2019s place', () => {
    const s = defaultSettings(cols)
    expect(moveSetting(s, 'urgent', 'code').map((x) => `${x.order}:${x.key}`)).toEqual(['0:urgent', '1:code', '2:qty', '3:due', '4:note'])
  })
})

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('shared texts', () => {
  it('have the same keys in zh-Hans and en, with the spec\u2019s at-least-one warning', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
    expect(zh.columns.atLeastOne).toBe('请至少选择一列')
  })
})
