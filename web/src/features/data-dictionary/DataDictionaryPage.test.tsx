// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import { DataDictionaryPage } from './DataDictionaryPage'
import type { Detail, Dictionary } from './api'

const AUDITED = { creatorId: null, isDeleted: false, lastModificationTime: null, lastModifierId: null, tenantId: null }

const dict = (code: string, extra: Partial<Dictionary> = {}): Dictionary => ({
  ...AUDITED,
  id: `d-${code}`,
  code,
  displayName: `${code} 名称`,
  description: '',
  isStatic: false,
  creationTime: '2026-01-05T08:00:00Z',
  concurrencyStamp: `stamp-${code}`,
  ...extra,
})

const item = (dictionaryId: string, code: string, label: string, extra: Partial<Detail> = {}): Detail => ({
  ...AUDITED,
  id: `i-${code}`,
  dataDictionaryId: dictionaryId,
  code,
  label,
  value: code.toLowerCase(),
  order: 0,
  isEnable: true,
  isDefault: false,
  description: '',
  creationTime: '2026-01-05T08:00:00Z',
  concurrencyStamp: `stamp-${code}`,
  ...extra,
})

const invalid = (message: string, member: string) =>
  new Response(JSON.stringify({ error: { message: 'The request is not valid', validationErrors: [{ message, members: [member] }] } }), {
    status: 400,
    headers: { 'content-type': 'application/json' },
  })

function world() {
  const rows: Dictionary[] = [
    dict('SalesOrderKuJiaLeQuotationType', { displayName: '酷家乐报价类型', isStatic: true }),
    dict('SeparatePallet', { displayName: '分托方式', isStatic: true }),
    ...Array.from({ length: 31 }, (_, i) => dict(`Extra${String(i).padStart(2, '0')}`)),
  ]
  const items: Detail[] = [
    item('d-SeparatePallet', 'None', '不分托', { isDefault: true, order: 1 }),
    item('d-SeparatePallet', 'ByRoom', '按空间分托', { order: 2 }),
  ]
  const calls = mockApi({
    'GET /api/dataDictionary': (c: ApiCall) => {
      const code = (c.query.get('code') ?? '').toLowerCase()
      const name = c.query.get('displayName') ?? ''
      const shown = rows.filter((r) => r.code.toLowerCase().includes(code) && r.displayName.includes(name))
      if (c.query.get('Sorting') === 'code desc') shown.reverse()
      return pageOf(shown, c)
    },
    'POST /api/dataDictionary': (c: ApiCall) => {
      const b = c.body as { code: string; displayName: string; details?: Partial<Detail>[] }
      if (rows.some((r) => r.code.toLowerCase() === b.code.toLowerCase())) return invalid(`The data dictionary code "${b.code}" is already taken`, 'code')
      const d = dict(b.code, { displayName: b.displayName })
      rows.unshift(d)
      return { ...d, details: (b.details ?? []).map((x) => item(d.id, x.code ?? '', x.label ?? '', x)) }
    },
    'PUT /api/dataDictionary/d-SeparatePallet': (c: ApiCall) => {
      Object.assign(rows[1], c.body as object)
      return rows[1]
    },
    'DELETE /api/dataDictionary/d-Extra00': () => {
      rows.splice(
        rows.findIndex((r) => r.id === 'd-Extra00'),
        1,
      )
      return undefined
    },
    'GET /api/dataDictionaryDetail': (c: ApiCall) => pageOf(items.filter((i) => i.dataDictionaryId === c.query.get('dataDictionaryId')), c),
    'GET /api/datadictionary/details/SeparatePallet': () => ({ items: items.filter((i) => i.isEnable) }),
    'POST /api/dataDictionary/d-SeparatePallet/items': (c: ApiCall) => {
      const b = c.body as Partial<Detail>
      const d = item('d-SeparatePallet', b.code ?? '', b.label ?? '', b)
      items.push(d)
      return d
    },
    'PUT /api/dataDictionary/d-SeparatePallet/items/i-ByRoom': (c: ApiCall) => {
      Object.assign(items[1], c.body as object)
      return items[1]
    },
    'DELETE /api/dataDictionary/d-SeparatePallet/items/i-ByRoom': () => {
      items.splice(1, 1)
      return undefined
    },
  })
  return { calls, rows, items }
}

const ALL = ['BasicSetup.DataDictionary', 'BasicSetup.DataDictionary.Create', 'BasicSetup.DataDictionary.Update', 'BasicSetup.DataDictionary.Delete'].map(
  (n) => Permissions[n as keyof typeof Permissions],
)
const PATH = '/basic-setup/data-dictionary'
const codes = () => screen.queryAllByTestId('dictionary-code').map((e) => e.textContent)
const actions = (code: string) => screen.getAllByTestId('dictionary-actions').find((e) => e.getAttribute('data-code') === code)!
const lastCall = (calls: ApiCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).at(-1)
const codeHeader = () =>
  [...screen.getByTestId('dictionaries-table').querySelectorAll('th.ant-table-column-has-sorters')].find((th) => th.textContent === 'Code') as HTMLElement
const confirmDialog = () => document.querySelector('.ant-modal-confirm') as HTMLElement

describe('DataDictionaryPage', () => {
  it('lists 30 dictionaries a page, searches by code and name, sorts on the server; built-in ones cannot be deleted', async () => {
    const { calls } = world()
    renderWithApp(<DataDictionaryPage />, { granted: ALL, path: PATH })
    await waitFor(() => expect(codes()).toHaveLength(30))
    expect(screen.getByText('33 in all')).toBeTruthy()
    expect(codes().slice(0, 2)).toEqual(['SalesOrderKuJiaLeQuotationType', 'SeparatePallet'])
    expect(screen.getByTestId('dictionaries-table').querySelectorAll('.ant-tag')).toHaveLength(2)
    expect(screen.getByTestId('dictionaries-table').querySelector('.ant-tag')?.textContent).toBe('Built-in')
    const staticDelete = within(actions('SeparatePallet')).getByTestId('dictionary-delete')
    expect((staticDelete as HTMLButtonElement).disabled).toBe(true)
    expect((within(actions('Extra00')).getByTestId('dictionary-delete') as HTMLButtonElement).disabled).toBe(false)

    await userEvent.type(screen.getByTestId('dictionary-search-code'), '  pallet ')
    await userEvent.click(screen.getByTestId('dictionary-search-submit'))
    await waitFor(() => expect(codes()).toEqual(['SeparatePallet']))
    expect(lastCall(calls, 'GET', '/api/dataDictionary')?.query.get('code')).toBe('pallet')

    await userEvent.click(screen.getByTestId('dictionary-search-reset'))
    await waitFor(() => expect(codes()).toHaveLength(30))
    await userEvent.type(screen.getByTestId('dictionary-search-displayName'), '分托{Enter}')
    await waitFor(() => expect(codes()).toEqual(['SeparatePallet']))
    expect(lastCall(calls, 'GET', '/api/dataDictionary')?.query.get('displayName')).toBe('分托')

    await userEvent.click(screen.getByTestId('dictionary-search-reset'))
    await waitFor(() => expect(codes()).toHaveLength(30))
    await userEvent.click(codeHeader())
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/dataDictionary')?.query.get('Sorting')).toBe('code'))
    await userEvent.click(codeHeader())
    await waitFor(() => expect(codes()[0]).toBe('Extra30'))
    expect(lastCall(calls, 'GET', '/api/dataDictionary')?.query.get('Sorting')).toBe('code desc')
    expect(lastCall(calls, 'GET', '/api/dataDictionary')?.query.get('MaxResultCount')).toBe('30')
  })

  it('creates a dictionary with its items in one call, and shows a taken code on the code field', async () => {
    const { calls } = world()
    renderWithApp(<DataDictionaryPage />, { granted: ALL, path: PATH })
    await waitFor(() => expect(codes()).toHaveLength(30))
    await userEvent.click(screen.getByTestId('dictionary-add'))
    const dialog = await screen.findByTestId('dictionary-dialog')
    await userEvent.type(within(dialog).getByTestId('dictionary-form-code'), 'separatepallet')
    await userEvent.type(within(dialog).getByTestId('dictionary-form-displayName'), '颜色')
    await userEvent.click(screen.getByTestId('dictionary-dialog-save'))
    expect(await within(dialog).findByText('The data dictionary code "separatepallet" is already taken')).toBeTruthy()

    await userEvent.clear(within(dialog).getByTestId('dictionary-form-code'))
    await userEvent.type(within(dialog).getByTestId('dictionary-form-code'), 'Colour')
    await userEvent.click(within(dialog).getByTestId('dictionary-form-add-detail'))
    await userEvent.click(within(dialog).getByTestId('dictionary-form-add-detail'))
    await userEvent.type(within(dialog).getByTestId('dictionary-form-detail-0-code'), 'W')
    await userEvent.type(within(dialog).getByTestId('dictionary-form-detail-0-label'), '白色')
    await userEvent.type(within(dialog).getByTestId('dictionary-form-detail-0-value'), 'white')
    await userEvent.type(within(dialog).getByTestId('dictionary-form-detail-1-code'), 'w')
    await userEvent.type(within(dialog).getByTestId('dictionary-form-detail-1-label'), '黑色')
    await userEvent.type(within(dialog).getByTestId('dictionary-form-detail-1-value'), 'black')
    await userEvent.click(within(dialog).getByTestId('dictionary-form-detail-0-isDefault'))
    // A code repeated among the items is refused before anything is sent.
    await userEvent.click(screen.getByTestId('dictionary-dialog-save'))
    expect(await within(dialog).findByText('This code is already used by an item above')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
    await userEvent.clear(within(dialog).getByTestId('dictionary-form-detail-1-code'))
    await userEvent.type(within(dialog).getByTestId('dictionary-form-detail-1-code'), 'K{Enter}') // Enter saves
    expect(await screen.findByText('Created')).toBeTruthy()
    const post = lastCall(calls, 'POST', '/api/dataDictionary')
    expect(post?.body).toEqual({
      code: 'Colour',
      displayName: '颜色',
      description: '',
      details: [
        { code: 'W', label: '白色', value: 'white', order: 1, isEnable: true, isDefault: true, description: '' },
        { code: 'K', label: '黑色', value: 'black', order: 2, isEnable: true, isDefault: false, description: '' },
      ],
    })
    await waitFor(() => expect(codes()).toContain('Colour'))
  })

  it('edits a built-in dictionary with its code locked', async () => {
    const { calls } = world()
    renderWithApp(<DataDictionaryPage />, { granted: ALL, path: PATH })
    await waitFor(() => expect(codes()).toHaveLength(30))
    await userEvent.click(within(actions('SeparatePallet')).getByTestId('dictionary-edit'))
    const dialog = await screen.findByTestId('dictionary-dialog')
    const code = within(dialog).getByTestId('dictionary-form-code') as HTMLInputElement
    await waitFor(() => expect(code.value).toBe('SeparatePallet'))
    expect(code.disabled).toBe(true)
    expect(within(dialog).queryByTestId('dictionary-form-add-detail')).toBeNull() // items are edited in the drawer
    const name = within(dialog).getByTestId('dictionary-form-displayName')
    await userEvent.clear(name)
    await userEvent.type(name, '托盘{Enter}')
    expect(await screen.findByText('Updated')).toBeTruthy()
    expect(lastCall(calls, 'PUT', '/api/dataDictionary/d-SeparatePallet')?.body).toEqual({
      code: 'SeparatePallet',
      displayName: '托盘',
      description: '',
      concurrencyStamp: 'stamp-SeparatePallet',
    })
  })

  it('deletes a dictionary after a confirmation that names it', async () => {
    const { calls } = world()
    renderWithApp(<DataDictionaryPage />, { granted: ALL, path: PATH })
    await waitFor(() => expect(codes()).toHaveLength(30))
    await userEvent.click(within(actions('Extra00')).getByTestId('dictionary-delete'))
    await waitFor(() => expect(confirmDialog()).toBeTruthy())
    expect(confirmDialog().querySelector('.ant-modal-confirm-title')?.textContent).toBe('Tips')
    expect(confirmDialog().textContent).toContain('Delete the data dictionary "Extra00 名称" (Extra00) and all its items?')
    await userEvent.click(screen.getByTestId('confirm-delete'))
    expect(await screen.findByText('Deleted')).toBeTruthy()
    expect(lastCall(calls, 'DELETE', '/api/dataDictionary/d-Extra00')).toBeTruthy()
    await waitFor(() => expect(codes()).not.toContain('Extra00'))
  })

  it('shows the items of a dictionary in a drawer, with a preview select and add, edit and delete', async () => {
    const { calls } = world()
    renderWithApp(<DataDictionaryPage />, { granted: ALL, path: PATH })
    await waitFor(() => expect(codes()).toHaveLength(30))
    await userEvent.click(within(actions('SeparatePallet')).getByTestId('dictionary-details'))
    const drawer = await screen.findByTestId('details-drawer')
    expect(await within(drawer).findByText('Items of 分托方式 (SeparatePallet)')).toBeTruthy()
    await waitFor(() => expect(within(drawer).getAllByTestId('detail-row')).toHaveLength(2))
    // The preview is the select other pages show, the default chosen.
    await waitFor(() => expect(within(screen.getByTestId('details-preview')).getByText('不分托')).toBeTruthy())

    await userEvent.click(within(drawer).getByTestId('detail-add'))
    const dialog = await screen.findByTestId('detail-dialog')
    await userEvent.type(within(dialog).getByTestId('detail-form-code'), 'ByCabinet')
    await userEvent.type(within(dialog).getByTestId('detail-form-label'), '按柜体分托')
    await userEvent.type(within(dialog).getByTestId('detail-form-value'), '2{Enter}')
    expect(await screen.findByText('Created')).toBeTruthy()
    expect(lastCall(calls, 'POST', '/api/dataDictionary/d-SeparatePallet/items')?.body).toEqual({
      code: 'ByCabinet',
      label: '按柜体分托',
      value: '2',
      order: 0,
      isEnable: true,
      isDefault: false,
      description: '',
    })
    await waitFor(() => expect(within(drawer).getAllByTestId('detail-row')).toHaveLength(3))

    const byRoom = within(drawer).getAllByTestId('detail-row').find((r) => r.getAttribute('data-code') === 'ByRoom')!
    await userEvent.click(within(byRoom).getByTestId('detail-edit'))
    const edit = await screen.findByTestId('detail-dialog')
    await waitFor(() => expect((within(edit).getByTestId('detail-form-label') as HTMLInputElement).value).toBe('按空间分托'))
    await userEvent.click(within(edit).getByTestId('detail-form-isDefault'))
    await userEvent.click(screen.getByTestId('detail-dialog-save'))
    expect(await screen.findByText('Updated')).toBeTruthy()
    expect(lastCall(calls, 'PUT', '/api/dataDictionary/d-SeparatePallet/items/i-ByRoom')?.body).toMatchObject({
      code: 'ByRoom',
      isDefault: true,
      concurrencyStamp: 'stamp-ByRoom',
    })

    const row = within(drawer).getAllByTestId('detail-row').find((r) => r.getAttribute('data-code') === 'ByRoom')!
    await userEvent.click(within(row).getByTestId('detail-delete'))
    await waitFor(() => expect(confirmDialog()).toBeTruthy())
    expect(confirmDialog().querySelector('.ant-modal-confirm-title')?.textContent).toBe('Tips')
    expect(confirmDialog().textContent).toContain('Delete the item "按空间分托" (ByRoom)?')
    await userEvent.click(screen.getByTestId('confirm-delete-detail'))
    expect(await screen.findByText('Deleted')).toBeTruthy()
    await waitFor(() => expect(within(drawer).getAllByTestId('detail-row')).toHaveLength(2))
  })

  it('offers only what the user may do', async () => {
    world()
    renderWithApp(<DataDictionaryPage />, { granted: [Permissions['BasicSetup.DataDictionary']], path: PATH })
    await waitFor(() => expect(codes()).toHaveLength(30))
    expect(screen.queryByTestId('dictionary-add')).toBeNull()
    expect(screen.queryAllByTestId('dictionary-edit')).toHaveLength(0)
    expect(screen.queryAllByTestId('dictionary-delete')).toHaveLength(0)
    await userEvent.click(within(actions('SeparatePallet')).getByTestId('dictionary-details'))
    const drawer = await screen.findByTestId('details-drawer')
    await waitFor(() => expect(within(drawer).getAllByTestId('detail-row')).toHaveLength(2))
    expect(within(drawer).queryByTestId('detail-add')).toBeNull()
    expect(within(drawer).queryAllByTestId('detail-edit')).toHaveLength(0)
  })

  it('says when the list cannot be read, and retries', async () => {
    let fail = true
    mockApi({
      'GET /api/dataDictionary': (c: ApiCall) => (fail ? new Response('{}', { status: 500 }) : pageOf([dict('SeparatePallet')], c)),
    })
    renderWithApp(<DataDictionaryPage />, { granted: ALL, path: PATH })
    expect(await screen.findByTestId('dictionaries-error')).toBeTruthy()
    fail = false
    await userEvent.click(within(screen.getByTestId('dictionaries-error')).getByText('Retry'))
    await waitFor(() => expect(codes()).toEqual(['SeparatePallet']))
  })
})
