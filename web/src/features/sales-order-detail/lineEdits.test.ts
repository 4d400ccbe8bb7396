import { describe, expect, it } from 'vitest'
import {
  addLine,
  addLineFiles,
  allUploads,
  batchBody,
  cancelEdit,
  dropTable,
  editCell,
  emptyEdits,
  isDirty,
  pageRows,
  removeLine,
  removeLineFile,
  setEditing,
  uploadedOf,
} from './lineEdits'
import type { DetailColumn, Line } from './types'

const columns: DetailColumn[] = [
  { key: 'name' },
  { key: 'price', widget: 'number' },
  { key: 'count', widget: 'number' },
  { key: 'amount', compute: 'price * count' },
]
const cols = () => columns
const a = { id: 'a', name: 'Cabinet', price: 10, count: 1, amount: 10, values: {}, concurrencyStamp: 'sa' } as unknown as Line
const b = { id: 'b', name: 'Door', price: 5, count: 2, amount: 10, values: {}, concurrencyStamp: 'sb' } as unknown as Line

describe('line edits of the order screen', () => {
  it('sends nothing while nothing changed', () => {
    const s = setEditing(emptyEdits(), 'a', true)
    expect(isDirty(s)).toBe(false)
    expect(batchBody(s, 'o1', 'st', cols)).toBeNull()
  })

  it('keeps an edited line whole, recomputed, and shows it in place of the server row', () => {
    const s = editCell(emptyEdits(), 'product', a, 'count', 3, columns)
    const rows = pageRows(s, 'product', [a, b], true)
    expect(rows.map((r) => [r.id, r.count, r.amount])).toEqual([
      ['a', 3, 30],
      ['b', 2, 10],
    ])
    // a second edit builds on the first
    const s2 = editCell(s, 'product', a, 'price', 2.5, columns)
    expect(pageRows(s2, 'product', [a], true)[0]).toMatchObject({ price: 2.5, count: 3, amount: 7.5 })
  })

  it('puts new lines on top of the first page only, in edit mode, and sends them without id', () => {
    let s = addLine(emptyEdits(), 'salesLists', columns)
    s = addLine(s, 'salesLists', columns)
    const [first, second] = s.added.salesLists!
    expect(first.id).toBe('new:2')
    expect(s.editing).toEqual(['new:1', 'new:2'])
    s = editCell(s, 'salesLists', second, 'name', 'Installation', columns)
    expect(pageRows(s, 'salesLists', [b], true).map((r) => r.id)).toEqual(['new:2', 'new:1', 'b'])
    expect(pageRows(s, 'salesLists', [b], false).map((r) => r.id)).toEqual(['b'])
    const body = batchBody(s, 'o1', 'st', cols)!
    // oldest first, as the user added them
    expect(body.tables!.salesLists!.map((l) => [l.id, l.name])).toEqual([
      [undefined, 'Installation'],
      [undefined, ''],
    ])
  })

  it('deletes a server line with the batch update, and simply drops a new one', () => {
    let s = editCell(emptyEdits(), 'product', a, 'count', 4, columns)
    s = removeLine(s, 'product', 'a')
    expect(pageRows(s, 'product', [a, b], true).map((r) => r.id)).toEqual(['b'])
    s = addLine(s, 'product', columns)
    s = removeLine(s, 'product', 'new:1')
    const body = batchBody(s, 'o1', 'st', cols)!
    expect(body.tables!.product).toBeUndefined()
    expect(body.deleted).toEqual({ product: ['a'] })
  })

  it('sends every table with changes in one body with the order stamp and the files left to delete', () => {
    let s = editCell(emptyEdits(), 'product', a, 'count', null, columns)
    s = editCell(s, 'matter', b, 'name', 'Hinge', columns)
    s = { ...s, removedFileIds: ['f1'] }
    expect(batchBody(s, 'o1', 'stamp-1', cols)).toEqual({
      salesOrderId: 'o1',
      concurrencyStamp: 'stamp-1',
      tables: {
        product: [{ id: 'a', name: 'Cabinet', price: 10, count: 1, amount: 10, values: {}, concurrencyStamp: 'sa' }],
        matter: [{ id: 'b', name: 'Hinge', price: 5, count: 2, amount: 10, values: {}, concurrencyStamp: 'sb' }],
      },
      deleted: {},
      removedFileIds: ['f1'],
    })
  })

  it('forgets a cleared table', () => {
    let s = editCell(emptyEdits(), 'product', a, 'count', 4, columns)
    s = addLine(s, 'product', columns)
    s = removeLine(s, 'product', 'b')
    s = dropTable(s, 'product')
    expect(isDirty(s)).toBe(false)
    expect(s.editing).toEqual([])
  })

  describe('files on a line', () => {
    const withFiles: DetailColumn[] = [...columns, { key: 'attachments', widget: 'file' }]
    const fileCols = () => withFiles
    const saved = { id: 'f-saved', fileName: 'plan.pdf' }
    const c = { ...a, values: { attachments: [saved] } } as unknown as Line
    const files = (s: ReturnType<typeof emptyEdits>, table: 'product' | 'salesLists', id: string) =>
      (pageRows(s, table, [c], true).find((r) => r.id === id)?.values.attachments as { id: string }[]).map((f) => f.id)

    it('sends a file uploaded and then removed during the edit as removed, and keeps the others on the line', () => {
      let s = setEditing(emptyEdits(), 'a', true)
      s = addLineFiles(s, 'product', c, 'attachments', [{ id: 'f-1', fileName: 'door.dwg' }, { id: 'f-2', fileName: 'handle.png' }], withFiles)
      expect(files(s, 'product', 'a')).toEqual(['f-saved', 'f-1', 'f-2'])
      expect(isDirty(s)).toBe(true)
      s = removeLineFile(s, 'product', c, 'attachments', 'f-1', withFiles)
      // a file the line had before the edit is only taken off it
      s = removeLineFile(s, 'product', c, 'attachments', 'f-saved', withFiles)
      expect(files(s, 'product', 'a')).toEqual(['f-2'])
      const body = batchBody(s, 'o1', 'st', fileCols)!
      expect(body.removedFileIds).toEqual(['f-1'])
      expect(body.tables!.product![0].values).toEqual({ attachments: [{ id: 'f-2', fileName: 'handle.png' }] })
    })

    it('answers every file of a cancelled edit and forgets the edit', () => {
      let s = addLineFiles(setEditing(emptyEdits(), 'a', true), 'product', c, 'attachments', [{ id: 'f-1', fileName: 'door.dwg' }], withFiles)
      s = addLineFiles(s, 'product', c, 'attachments', [{ id: 'f-2', fileName: 'handle.png' }], withFiles)
      s = removeLineFile(s, 'product', c, 'attachments', 'f-2', withFiles)
      expect(uploadedOf(s, 'a')).toEqual(['f-1', 'f-2'])
      s = cancelEdit(s, 'product', 'a')
      expect(s.editing).toEqual([])
      expect(isDirty(s)).toBe(false)
      expect(files(s, 'product', 'a')).toEqual(['f-saved'])
      expect(uploadedOf(s, 'a')).toEqual([])
    })

    it('sends the uploads of a line deleted during its edit, new or saved', () => {
      let s = addLine(emptyEdits(), 'salesLists', withFiles)
      const fresh = s.added.salesLists![0]
      s = addLineFiles(s, 'salesLists', fresh, 'attachments', [{ id: 'f-new', fileName: 'a.pdf' }], withFiles)
      s = removeLine(s, 'salesLists', fresh.id)
      s = addLineFiles(s, 'product', c, 'attachments', [{ id: 'f-old', fileName: 'b.pdf' }], withFiles)
      s = removeLine(s, 'product', 'a')
      expect(isDirty(s)).toBe(true)
      const body = batchBody(s, 'o1', 'st', fileCols)!
      expect(body.removedFileIds).toEqual(['f-new', 'f-old'])
      expect(body.deleted).toEqual({ product: ['a'] })
      expect(allUploads(s)).toEqual(['f-new', 'f-old'])
    })
  })
})
