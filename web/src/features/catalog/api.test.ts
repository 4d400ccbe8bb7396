import { describe, expect, it } from 'vitest'
import { HttpError } from '../../components'
import { importErrors, moveBodies, toItemBody, toStandardProductBody } from './api'
import type { Product } from '../../components/catalog-pickers'

const t = (k: string) => k

const product: Product = {
  id: 'p1',
  catalogId: 'c1',
  name: ' Base unit 600 ',
  code: 'DG600',
  erpCode: '',
  stockCode: '',
  workshopCode: '',
  factoryCode: '',
  length: 600,
  width: 560,
  height: 0,
  price: null,
  describe: '',
  isEnable: false,
  unit: '件',
  color: '',
  images: '',
  concurrencyStamp: 's1',
  moduleName: 'product',
  creationTime: '2026-01-01T00:00:00Z',
  creatorId: null,
  isDeleted: false,
  lastModificationTime: null,
  lastModifierId: null,
  tenantId: null,
}

describe('toItemBody', () => {
  it('sends the whole row with empty-string fields dropped', () => {
    expect(toItemBody('product', product)).toEqual({
      name: 'Base unit 600',
      code: 'DG600',
      unit: '件',
      length: 600,
      width: 560,
      height: 0,
      price: null,
      isEnable: false,
      catalogId: 'c1',
      concurrencyStamp: 's1',
      moduleName: 'product',
    })
  })

  it('adds count and size for parts, not moduleName', () => {
    const body = toItemBody('matter', { name: 'Board', count: 3, size: '' })
    expect(body).toMatchObject({ name: 'Board', count: 3, isEnable: true })
    expect(body).not.toHaveProperty('size')
    expect(body).not.toHaveProperty('moduleName')
  })

  it('turns number text into numbers and junk into null', () => {
    expect(toItemBody('product', { name: 'x', length: '12' as unknown as number, width: 'abc' as unknown as number })).toMatchObject({
      length: 12,
      width: null,
    })
  })
})

describe('moveBodies', () => {
  it('sets the new catalogId on every selected row and keeps its id', () => {
    const out = moveBodies('product', [product, { ...product, id: 'p2', catalogId: 'c9' }], 'c2')
    expect(out.map((b) => [b.id, b.catalogId])).toEqual([
      ['p1', 'c2'],
      ['p2', 'c2'],
    ])
    expect(out[0].name).toBe('Base unit 600')
  })
})

describe('toStandardProductBody', () => {
  it('drops empty strings and keeps numbers', () => {
    expect(toStandardProductBody({ productName: 'Wardrobe', productCode: '', productWidth: 1800, info3: 'x' })).toEqual({
      productName: 'Wardrobe',
      productWidth: 1800,
      productHeight: null,
      productDepth: null,
      batchSize: null,
      info3: 'x',
      isEnable: true,
    })
  })
})

describe('importErrors', () => {
  it('lists every row problem the server sent', () => {
    const e = new HttpError('bad', {
      status: 400,
      data: {
        error: {
          message: 'The import has errors',
          validationErrors: [
            { message: 'Row 3: Name is required', members: ['row3.name'] },
            { message: 'Row 4: Unit is too long', members: ['row4.unit'] },
          ],
        },
      },
    })
    expect(importErrors(e, t)).toEqual(['Row 3: Name is required', 'Row 4: Unit is too long'])
  })

  it('falls back to the error message', () => {
    const e = new HttpError('bad', { status: 400, data: { error: { message: 'Only .xlsx files' } } })
    expect(importErrors(e, t)).toEqual(['Only .xlsx files'])
  })
})
