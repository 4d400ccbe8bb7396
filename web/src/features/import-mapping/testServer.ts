// Test support of the import mapping pages (not part of the app): a stand-in server with the
// module types, the dictionaries and the page configuration the pages read.
import { mockApi, pageOf, type ApiCall, type ApiHandler } from '../../test/render'
import type { DictionaryWithDetails, ModuleType } from './types'

export const MODULE_TYPES: ModuleType[] = [
  {
    moduleType: 1,
    name: 'salesOrderProducts',
    displayName: 'Sales-order products',
    fields: [
      { name: 'name', displayName: 'Product name', valueType: 0, required: true },
      { name: 'width', displayName: 'Width', valueType: 2, required: false },
      { name: 'color', displayName: 'Colour', valueType: 0, required: false },
      { name: 'isUrgent', displayName: 'Urgent', valueType: 3, required: false },
    ],
  },
  {
    moduleType: 4,
    name: 'catalogProducts',
    displayName: 'Catalogue products',
    fields: [
      { name: 'name', displayName: 'Product name', valueType: 0, required: true },
      { name: 'code', displayName: 'Code', valueType: 0, required: false },
    ],
  },
]

export const DICTIONARIES: DictionaryWithDetails[] = [
  {
    id: 'd1',
    code: 'Colors',
    displayName: 'Colours',
    details: [
      { id: 'i1', code: 'W', label: 'White', value: 'white' },
      { id: 'i2', code: 'O', label: 'Oak', value: 'oak' },
    ],
  },
]

/** Answers the calls every mapping page makes, plus the page's own list and `extra`. */
export function serveMappings<T extends { id: string }>(listPath: string, rows: () => T[], extra: Record<string, ApiHandler> = {}): ApiCall[] {
  return mockApi({
    'GET /api/basic-setup/import-rule-mappings/module-types': () => ({ items: MODULE_TYPES }),
    'GET /api/dataDictionary/all': () => ({ items: DICTIONARIES }),
    'GET /api/app/salesorder/issystemadmin': () => false,
    [`GET /api/pageconfiguration/config/${'zzz'}`]: () => ({ routeKey: 'zzz', config: '', source: 'none', allowed: true, hiddenFields: [] }),
    [`GET ${listPath}`]: (c) => pageOf(rows(), c),
    ...extra,
  })
}

/** An audited row's fields, as the server answers them. */
export const audited = (id: string) => ({
  id,
  tenantId: null,
  concurrencyStamp: `stamp-${id}`,
  creationTime: '2026-01-05T08:30:00Z',
  creatorId: null,
  lastModificationTime: null,
  lastModifierId: null,
  isDeleted: false,
})

/** A 400 answer in the ABP shape. */
export function invalid(message: string, validationErrors: { message: string; members: string[] }[]) {
  return new Response(JSON.stringify({ error: { code: 'Validation', message, validationErrors } }), { status: 400, headers: { 'content-type': 'application/json' } })
}
