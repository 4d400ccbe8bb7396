import { describe, expect, it } from 'vitest'
import { isXlsx } from './ImportDialog'
import { moveOptions } from './MoveDialog'
import { checkImageFile } from './ImageField'
import { freshFirst } from './ItemPane'
import { EMPTY_GUID, ROOT_KEY, type Catalog } from '../../../components/catalog-pickers'

describe('import file check', () => {
  it('accepts only .xlsx spreadsheets', () => {
    expect(isXlsx('products.xlsx')).toBe(true)
    expect(isXlsx('PRODUCTS.XLSX')).toBe(true)
    expect(isXlsx('products.xls')).toBe(false)
    expect(isXlsx('products.csv')).toBe(false)
    expect(isXlsx('products.xlsx.exe')).toBe(false)
  })
})

/** A directory as the server sends it. */
const dir = (id: string, parentId: string, name: string): Catalog => ({
  id,
  parentId,
  displayName: name,
  catalogName: name,
  moduleName: 'product',
  code: id,
  concurrencyStamp: '',
  creationTime: '2026-01-01T00:00:00Z',
  creatorId: null,
  isDeleted: false,
  isEnable: true,
  lastModificationTime: null,
  lastModifierId: null,
  tenantId: null,
})

describe('move options', () => {
  it('list a root option above the directory tree', () => {
    const opts = moveOptions(
      [
        dir('a', EMPTY_GUID, 'A'),
        dir('b', 'a', 'B'),
      ],
      'All',
    )
    expect(opts).toHaveLength(1)
    expect(opts[0]).toMatchObject({ value: ROOT_KEY, title: 'All', disabled: true })
    expect(opts[0].children?.[0]).toMatchObject({ value: 'a', title: 'A' })
    expect(opts[0].children?.[0].children?.[0]).toMatchObject({ value: 'b' })
  })
})

describe('image check', () => {
  it('takes images up to 50 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 1000, name: 'a.png' })).toBe('ok')
    expect(checkImageFile({ type: 'application/pdf', size: 1000, name: 'a.pdf' })).toBe('type')
    expect(checkImageFile({ type: 'image/jpeg', size: 52_428_801, name: 'a.jpg' })).toBe('size')
    expect(checkImageFile({ type: '', size: 10, name: 'a.webp' })).toBe('ok')
  })
})

describe('freshFirst', () => {
  it('puts rows created on this screen first, newest first', () => {
    const rows = [{ id: '1' }, { id: '2' }, { id: '3' }]
    expect(freshFirst(rows, ['3', '2']).map((r) => r.id)).toEqual(['3', '2', '1'])
    expect(freshFirst(rows, []).map((r) => r.id)).toEqual(['1', '2', '3'])
  })
})
