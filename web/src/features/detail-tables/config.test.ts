// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { columnMember, copyFromDefault, dropOwnRows, hasOwnRows, isDirty, newRow, putRow, sortProblems, toBody, toDraft, viewRows } from './config'
import { TYPE_A, TYPE_B, configRows } from './testServer'

describe('detail-table configuration as the page edits it', () => {
  it('sends every row of every order type, as read, with no server-only members', () => {
    const rows = configRows()
    const body = toBody(rows.map(toDraft))
    expect(body.items).toHaveLength(6)
    expect(body.items![0]).toEqual({
      key: 'product',
      shown: true,
      required: true,
      sort: 1,
      columns: [
        { key: 'name', displayWidth: 200 },
        { key: 'count', widget: 'number' },
        { key: 'price', widget: 'number', defaultValue: '0' },
        { key: 'amount', widget: 'number', compute: 'price * count' },
      ],
      actions: { create: ['SalesOrder.Details.Create'], importExcel: [], clear: ['SalesOrder.Details.Clear'], select: [], export: [] },
    })
    expect(body.items![5]).toMatchObject({ key: 'product', orderTypeId: TYPE_A })
    expect(isDirty(rows.map(toDraft), rows)).toBe(false)
  })

  it('shows a type its own rows, else the default ones, else none', () => {
    const draft = configRows().map(toDraft)
    const a = viewRows(draft, TYPE_A)
    expect(a.map((v) => v.source)).toEqual(['own', 'default', 'default', 'default', 'default'])
    expect(a[0].row?.columns).toEqual([{ key: 'name' }])
    expect(viewRows(draft, null).every((v) => v.source === 'own')).toBe(true)
    const noMatter = draft.filter((r) => r.key !== 'matter')
    expect(viewRows(noMatter, null)[1]).toEqual({ key: 'matter', row: null, source: 'none' })
  })

  it('copies the default rows for a type, and drops them again', () => {
    const draft = configRows().map(toDraft)
    expect(hasOwnRows(draft, TYPE_B)).toBe(false)
    const copied = copyFromDefault(draft, TYPE_B)
    const own = copied.filter((r) => r.orderTypeId === TYPE_B)
    expect(own.map((r) => r.key)).toEqual(['product', 'matter', 'standardProduct', 'salesLists', 'examine'])
    expect(own.every((r) => r.id === undefined)).toBe(true)
    // deep copies: changing the copy leaves the default alone
    own[1].columns[0].key = 'changed'
    expect(draft[1].columns[0].key).toBe('length')
    expect(isDirty(copied, configRows())).toBe(true)
    expect(dropOwnRows(copied, TYPE_B)).toHaveLength(6)
  })

  it('adds a row starting from the one that applied, or an empty one', () => {
    const draft = configRows().map(toDraft)
    const r = newRow('matter', TYPE_A, draft[1])
    expect(r).toMatchObject({ key: 'matter', orderTypeId: TYPE_A, sort: 2 })
    expect(r.id).toBeUndefined()
    expect(newRow('examine', null, null)).toMatchObject({ shown: true, required: false, sort: 5, columns: [] })
    expect(putRow(draft, r)).toHaveLength(7)
    expect(putRow(draft, { ...draft[0], sort: 9 })[0].sort).toBe(9)
  })

  it('ties the server refusals to the rows sent and the member inside', () => {
    const sent = configRows().map(toDraft)
    const problems = sortProblems(
      [
        { message: 'Parts: the formula of column "x" is wrong', members: ['items[1].columns[4].compute'] },
        { message: 'Products: sort', members: ['body.items[0].sort'] },
        { message: 'Something else', members: ['items'] },
      ],
      sent,
    )
    expect(problems).toEqual([
      { uid: sent[1].uid, member: 'columns[4].compute', message: 'Parts: the formula of column "x" is wrong' },
      { uid: sent[0].uid, member: 'sort', message: 'Products: sort' },
      { message: 'Something else' },
    ])
    expect(columnMember('columns[4].compute')).toEqual({ index: 4, field: 'compute' })
    expect(columnMember('columns[2]')).toEqual({ index: 2, field: 'key' })
    expect(columnMember('sort')).toBeNull()
  })
})
