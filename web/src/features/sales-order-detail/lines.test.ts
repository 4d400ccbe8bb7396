import { describe, expect, it } from 'vitest'
import { computeOrder, effectiveValue, fileIdsOf, filesOf, newLine, recompute, toBatchLine, toDraft, widgetOf, withCell } from './lines'
import type { DetailColumn, Line } from './types'

const columns: DetailColumn[] = [
  { key: 'name', displayName: 'Name' },
  { key: 'length', widget: 'number' },
  { key: 'width', widget: 'number' },
  { key: 'price', widget: 'number' },
  { key: 'count', widget: 'number' },
  // amount reads area, which is computed too: area must be evaluated first
  { key: 'amount', compute: 'round(area * price * count, 2)' },
  { key: 'area', compute: 'round(length * width / 1000000, 3)' },
  { key: 'edgeBanding', widget: 'boolean' },
  { key: 'note' },
]

// values as JSON text: how a server that stores them as text could send them
const line = { id: 'l1', name: 'Door', length: 700, width: 400, price: 100, count: 2, amount: 56, values: '{"area": 0.28, "edgeBanding": true}', concurrencyStamp: 's1' } as unknown as Line

describe('detail line rules', () => {
  it('reads values from the server as an object, whether sent as JSON text or as an object', () => {
    expect(toDraft(line).values).toEqual({ area: 0.28, edgeBanding: true })
    expect(toDraft({ ...line, values: { x: 1 } } as Line).values).toEqual({ x: 1 })
    expect(toDraft({ ...line, values: 'not json' } as unknown as Line).values).toEqual({})
  })

  it('edits with the configured widget, else number for the built-in number fields, else text', () => {
    expect(widgetOf({ key: 'count' })).toBe('number')
    expect(widgetOf({ key: 'note' })).toBe('text')
    expect(widgetOf({ key: 'note', widget: 'boolean' })).toBe('boolean')
  })

  it('counts an empty number widget as 1 and an empty boolean as false (spec 000 §5)', () => {
    expect(effectiveValue({ key: 'count', widget: 'number' }, null)).toBe(1)
    expect(effectiveValue({ key: 'count', widget: 'number' }, '')).toBe(1)
    expect(effectiveValue({ key: 'count', widget: 'number' }, '3.5')).toBe(3.5)
    expect(effectiveValue({ key: 'flag', widget: 'boolean' }, undefined)).toBe(false)
    expect(effectiveValue({ key: 'flag', widget: 'boolean' }, 'true')).toBe(true)
  })

  it('evaluates computed columns in the order they depend on each other', () => {
    expect(computeOrder(columns).map((c) => c.column.key)).toEqual(['area', 'amount'])
    const { line: out, errors } = recompute(withCell(toDraft(line), 'count', 5), columns)
    expect(errors).toEqual({})
    expect(out.values.area).toBe(0.28)
    expect(out.amount).toBe(140) // 0.28 × 100 × 5
  })

  it('recomputes with an emptied count as 1', () => {
    const { line: out } = recompute(withCell(toDraft(line), 'count', null), columns)
    expect(out.amount).toBe(28)
    expect(out.count).toBeNull() // the cell stays empty while the user edits
  })

  it('leaves a computed column empty with its error when a value is not a number', () => {
    const { line: out, errors } = recompute(withCell(toDraft(line), 'price', 'abc'), columns)
    expect(out.amount).toBeNull()
    expect(errors.amount?.key).toBe('Expr:BadValue')
  })

  it('starts a new line with each column default and the computed columns evaluated', () => {
    const cols: DetailColumn[] = [
      { key: 'name' },
      { key: 'price', widget: 'number', defaultValue: '12.5' },
      { key: 'count', widget: 'number' },
      { key: 'amount', compute: 'price * count' },
      { key: 'urgent', widget: 'boolean' },
    ]
    const l = newLine('new:1', 'salesLists', cols)
    expect(l).toMatchObject({ id: 'new:1', name: '', price: 12.5, count: 1, amount: 12.5, values: { urgent: false } })
  })

  it('sends a line with empty widgets as their defaults, only the input fields, and no id when new', () => {
    const edited = withCell(withCell(toDraft(line), 'count', null), 'edgeBanding', null)
    const body = toBatchLine({ ...edited, salesOrderId: 'o1', table: 'product', lineNo: 3 }, columns)
    expect(body).toMatchObject({ id: 'l1', name: 'Door', count: 1, concurrencyStamp: 's1', values: { area: 0.28, edgeBanding: false } })
    expect(body).not.toHaveProperty('salesOrderId')
    expect(body).not.toHaveProperty('lineNo')
    expect(body).not.toHaveProperty('table')
    const fresh = toBatchLine(newLine('new:2', 'product', columns), columns)
    expect(fresh).not.toHaveProperty('id')
    expect(fresh).toMatchObject({ count: 1, price: 1, values: { edgeBanding: false, note: '' } })
  })

  it('keeps a file column as a list of {id, fileName}: none on a new line, never in an expression', () => {
    const withFiles: DetailColumn[] = [...columns, { key: 'attachments', widget: 'file' }]
    expect(widgetOf(withFiles.at(-1)!)).toBe('file')
    const fresh = newLine('new:1', 'product', withFiles)
    expect(fresh.values.attachments).toEqual([])
    expect(recompute(fresh, withFiles).errors).toEqual({})
    expect(filesOf([{ id: 'f1', fileName: 'a.pdf' }, { id: 'f2' }, 'junk', null, { fileName: 'no id' }])).toEqual([
      { id: 'f1', fileName: 'a.pdf' },
      { id: 'f2', fileName: '' },
    ])
    expect(filesOf('a.pdf')).toEqual([])
    const held = withCell(toDraft(line), 'attachments', [{ id: 'f1', fileName: 'a.pdf' }])
    expect([...fileIdsOf(held, withFiles)]).toEqual(['f1'])
    expect(toBatchLine(held, withFiles).values).toMatchObject({ attachments: [{ id: 'f1', fileName: 'a.pdf' }] })
  })
})
