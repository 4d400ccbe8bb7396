// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import { MaterialsPage } from './MaterialsPage'
import type { Board, Material, MaterialWithBoards } from './api'

const AUDITED = { creatorId: null, isDeleted: false, lastModificationTime: null, lastModifierId: null, tenantId: null, creationTime: '2026-01-05T08:00:00Z' }

const material = (code: string, extra: Partial<Material> = {}): Material => ({
  ...AUDITED,
  id: `m-${code}`,
  code,
  name: `${code} 名称`,
  thickness: 18,
  grain: false,
  color: '白',
  edgeAllowance: 1,
  isEnable: true,
  concurrencyStamp: `stamp-${code}`,
  ...extra,
})

const board = (m: Material, code: string, extra: Partial<Board> = {}): Board => ({
  ...AUDITED,
  id: `b-${code}`,
  materialId: m.id,
  materialCode: m.code,
  materialName: m.name,
  thickness: m.thickness,
  code,
  length: 2440,
  width: 1220,
  cost: 138,
  quantity: null,
  isOffcut: false,
  planNo: '',
  binCode: '',
  concurrencyStamp: `stamp-${code}`,
  ...extra,
})

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function world() {
  const rows: Material[] = [material('PB18-WW', { name: '颗粒板18 暖白' }), material('HDF5-W', { thickness: 5, isEnable: false })]
  const boards: Board[] = [board(rows[0], 'PB18-WW-2440x1220'), board(rows[0], 'PB18-WW-2800x2070', { length: 2800, width: 2070, quantity: 40 })]
  const calls = mockApi({
    'GET /api/optimization/materials': (c: ApiCall) => {
      const f = (c.query.get('filterText') ?? '').toLowerCase()
      const en = c.query.get('isEnable')
      return pageOf(
        rows.filter((r) => r.code.toLowerCase().includes(f) && (en === null || String(r.isEnable) === en)),
        c,
      )
    },
    'GET /api/optimization/materials/m-PB18-WW': (): MaterialWithBoards => ({ ...rows.find((r) => r.id === 'm-PB18-WW')!, boards }),
    'POST /api/optimization/materials': (c: ApiCall) => {
      const b = c.body as { code: string; name: string; boards?: Partial<Board>[] }
      if (b.boards?.some((x) => (x.length ?? 0) > 6000))
        return json(400, { error: { message: 'The request is not valid', validationErrors: [{ message: 'Length must be at most 6000', members: ['boards[0].length'] }] } })
      const m = material(b.code, { name: b.name })
      rows.unshift(m)
      return { ...m, boards: [] }
    },
    'PUT /api/optimization/materials/m-PB18-WW': (c: ApiCall) => ({ ...rows.find((r) => r.id === 'm-PB18-WW')!, ...(c.body as object), boards }),
    'DELETE /api/optimization/materials/m-PB18-WW': () =>
      json(400, { error: { message: 'The material "PB18-WW" cannot be deleted: its offcut "OC-1" is in stock (2 sheets)' } }),
    'DELETE /api/optimization/materials/m-HDF5-W': () => {
      rows.splice(
        rows.findIndex((r) => r.id === 'm-HDF5-W'),
        1,
      )
      return undefined
    },
    'POST /api/optimization/materials/import-materials': () =>
      json(400, {
        error: {
          message: 'The request is not valid',
          validationErrors: [{ message: 'Sheet "Boards", row 3, column "Width": Width must be greater than 0', members: ['Boards.row3.width'] }],
        },
      }),
    'GET /api/optimization/boards': (c: ApiCall) => pageOf(boards.filter((b) => b.materialCode.includes(c.query.get('boardsMaterialCode') ?? '')), c),
  })
  return { calls, rows }
}

const ALL = ['Optimization.Materials', 'Optimization.Materials.Create', 'Optimization.Materials.Edit', 'Optimization.Materials.Delete', 'Optimization.Materials.Import'].map(
  (n) => Permissions[n as keyof typeof Permissions],
)
const PATH = '/engineOptimization/materials'
const codes = () => screen.queryAllByTestId('material-code').map((e) => e.textContent)
const actions = (code: string) => screen.getAllByTestId('material-actions').find((e) => e.getAttribute('data-code') === code)!
const lastCall = (calls: ApiCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).at(-1)
const confirmDialog = () => document.querySelector('.ant-modal-confirm') as HTMLElement

describe('MaterialsPage', () => {
  it('lists materials with their enabled state, searches on the server and hides what the user may not do', async () => {
    const { calls } = world()
    renderWithApp(<MaterialsPage />, { granted: [Permissions['Optimization.Materials']], path: PATH })
    await waitFor(() => expect(codes()).toEqual(['PB18-WW', 'HDF5-W']))
    expect(screen.getByText('Disabled')).toBeTruthy()
    expect(screen.queryByTestId('material-add')).toBeNull()
    expect(screen.queryByTestId('materials-import')).toBeNull()
    expect(screen.queryByTestId('material-edit')).toBeNull()
    await userEvent.type(within(screen.getByTestId('materials-search')).getAllByRole('textbox')[0], 'hdf{enter}')
    await waitFor(() => expect(codes()).toEqual(['HDF5-W']))
    expect(lastCall(calls, 'GET', '/api/optimization/materials')?.query.get('filterText')).toBe('hdf')
  })

  it('creates a material with two boards (a bad board named on its cell, nothing sent), and saves the edited boards with their ids', async () => {
    const { calls } = world()
    renderWithApp(<MaterialsPage />, { granted: ALL, path: PATH })
    await waitFor(() => expect(codes()).toHaveLength(2))
    await userEvent.click(screen.getByTestId('material-add'))
    const dialog = await screen.findByTestId('material-dialog')
    await userEvent.type(within(dialog).getByTestId('material-form-code'), 'MDF18-W')
    await userEvent.type(within(dialog).getByTestId('material-form-name'), '中纤板18 白色')
    await userEvent.click(within(dialog).getByTestId('material-form-add-board'))
    await userEvent.click(within(dialog).getByTestId('material-form-add-board'))
    const len = within(dialog).getByTestId('board-0-length').querySelector('input') ?? within(dialog).getByTestId('board-0-length')
    fireEvent.change(len, { target: { value: '7000' } })
    await userEvent.type(within(dialog).getByTestId('board-1-code'), 'BIG')
    await userEvent.click(screen.getByTestId('material-dialog-save'))
    // the form's own rule names the length first
    expect(await within(dialog).findByText('Length must be at most 6000')).toBeTruthy()
    expect(lastCall(calls, 'POST', '/api/optimization/materials')).toBeUndefined()
    fireEvent.change(len, { target: { value: '2440' } })
    await userEvent.click(screen.getByTestId('material-dialog-save'))
    await waitFor(() => expect(lastCall(calls, 'POST', '/api/optimization/materials')).toBeTruthy())
    const body = lastCall(calls, 'POST', '/api/optimization/materials')!.body as { code: string; thickness: number; boards: { code: string; length: number; width: number }[] }
    expect(body.code).toBe('MDF18-W')
    expect(body.thickness).toBe(18)
    expect(body.boards.map((b) => [b.code, b.length, b.width])).toEqual([
      ['', 2440, 1220],
      ['BIG', 2440, 1220],
    ])
    await waitFor(() => expect(codes()[0]).toBe('MDF18-W'))

    // edit: the stored boards arrive, one is changed and one removed; the PUT names the kept one by id
    await userEvent.click(within(actions('PB18-WW')).getByTestId('material-edit'))
    const edit = await screen.findByTestId('material-dialog')
    await waitFor(() => expect((within(edit).getByTestId('board-1-code') as HTMLInputElement).value).toBe('PB18-WW-2800x2070'))
    const q = within(edit).getByTestId('board-1-quantity').querySelector('input') ?? within(edit).getByTestId('board-1-quantity')
    fireEvent.change(q, { target: { value: '' } })
    await userEvent.click(within(edit).getByTestId('board-0-remove'))
    await userEvent.click(screen.getByTestId('material-dialog-save'))
    await waitFor(() => expect(lastCall(calls, 'PUT', '/api/optimization/materials/m-PB18-WW')).toBeTruthy())
    const put = lastCall(calls, 'PUT', '/api/optimization/materials/m-PB18-WW')!.body as { concurrencyStamp: string; boards: { id?: string; quantity?: number }[] }
    expect(put.concurrencyStamp).toBe('stamp-PB18-WW')
    expect(put.boards).toHaveLength(1)
    expect(put.boards[0].id).toBe('b-PB18-WW-2800x2070')
    expect(put.boards[0]).not.toHaveProperty('quantity') // blank: unlimited
  })

  it('deletes after 提示/Tips, names a refused material and deletes the rest', async () => {
    const { calls } = world()
    renderWithApp(<MaterialsPage />, { granted: ALL, path: PATH })
    await waitFor(() => expect(codes()).toHaveLength(2))
    const boxes = () => [...screen.getByTestId('materials-table').querySelectorAll('tbody tr[data-row-key] input[type=checkbox]')]
    await userEvent.click(boxes()[0])
    await userEvent.click(boxes()[1])
    await waitFor(() => expect(screen.getByTestId('materials-export').textContent).toBe('Export selected (2)'))
    await userEvent.click(screen.getByTestId('materials-delete-selected'))
    expect(within(confirmDialog()).getAllByText('Tips').length).toBeGreaterThan(0)
    expect(within(confirmDialog()).getByText('Delete the 2 selected materials and all their boards?')).toBeTruthy()
    await userEvent.click(screen.getByTestId('confirm-delete'))
    expect(await screen.findByText('The material "PB18-WW" cannot be deleted: its offcut "OC-1" is in stock (2 sheets)')).toBeTruthy()
    await waitFor(() => expect(codes()).toEqual(['PB18-WW']))
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2)
  })

  it('lists every cell a refused import names', async () => {
    const { calls } = world()
    renderWithApp(<MaterialsPage />, { granted: ALL, path: PATH })
    await waitFor(() => expect(codes()).toHaveLength(2))
    await userEvent.click(screen.getByTestId('materials-import'))
    const dialog = await screen.findByTestId('materials-import-dialog')
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement
    await userEvent.upload(input, new File(['x'], 'materials.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }))
    await userEvent.click(screen.getByTestId('materials-import-confirm'))
    expect(await screen.findByText('Sheet "Boards", row 3, column "Width": Width must be greater than 0')).toBeTruthy()
    expect(lastCall(calls, 'POST', '/api/optimization/materials/import-materials')?.body).toBeInstanceOf(FormData)
  })

  it('queries the boards by material code', async () => {
    const { calls } = world()
    renderWithApp(<MaterialsPage />, { granted: ALL, path: PATH })
    await userEvent.click(await screen.findByText('Boards'))
    await waitFor(() => expect(screen.getAllByTestId('board-code')).toHaveLength(2))
    expect(screen.getByText('Unlimited')).toBeTruthy()
    await userEvent.type(within(screen.getByTestId('boards-search')).getAllByRole('textbox')[0], 'PB18{enter}')
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/optimization/boards')?.query.get('boardsMaterialCode')).toBe('PB18'))
  })
})
