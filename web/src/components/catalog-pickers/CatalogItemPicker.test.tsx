// @vitest-environment jsdom
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { CatalogItemPicker } from './CatalogItemPicker'
import { EMPTY_GUID, type Catalog, type Product } from './types'

const dir = (id: string, name: string, parentId = EMPTY_GUID) =>
  ({ id, parentId, displayName: name, catalogName: name, moduleName: 'product', code: id, isEnable: true }) as Catalog

const product = (i: number, catalogId = 'base', extra: Partial<Product> = {}) =>
  ({ id: `p${i}`, catalogId, name: `Cabinet ${String(i).padStart(2, '0')}`, code: `C${i}`, isEnable: true, ...extra }) as Product

/** 45 enabled products in "Base", one in "Wall". */
const products = [...Array.from({ length: 45 }, (_, i) => product(i + 1)), product(90, 'wall', { name: 'Wall unit 900' })]

function serveCatalogue() {
  return mockApi({
    'GET /api/salesorder/catalogs': () => ({ items: [dir('base', 'Base'), dir('wall', 'Wall')], totalCount: 2 }),
    'GET /api/salesorder/products': (call: ApiCall) => {
      const ids = call.query.getAll('CatalogIds')
      const filter = (call.query.get('Filter') ?? '').toLowerCase()
      const rows = products.filter(
        (p) => (!ids.length || ids.includes(p.catalogId)) && (!filter || p.name.toLowerCase().includes(filter) || (p.code ?? '').toLowerCase().includes(filter)),
      )
      return pageOf(rows, call)
    },
  })
}

function Picker({ disabledIds, multiple }: { disabledIds?: string[]; multiple?: boolean }) {
  const [value, setValue] = useState<Product[]>([])
  return <CatalogItemPicker<Product> module="product" value={value} onChange={setValue} disabledIds={disabledIds} multiple={multiple} />
}

const rows = () => screen.queryAllByTestId('product-picker-row')
const row = (name: string) => rows().find((r) => r.getAttribute('data-name') === name) as HTMLElement
const tags = () => screen.queryAllByTestId('product-picker-tag').map((t) => t.textContent)
const itemCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/salesorder/products')

describe('CatalogItemPicker', () => {
  it('lists the first 20 enabled items from the server and says how many there are', async () => {
    const calls = serveCatalogue()
    renderWithApp(<Picker />)
    await waitFor(() => expect(rows()).toHaveLength(20))
    expect(screen.getByTestId('product-picker-count').textContent).toBe('Showing 20 of 46; scroll down for more')
    const first = itemCalls(calls)[0].query
    expect(first.get('MaxResultCount')).toBe('20')
    expect(first.get('SkipCount')).toBe('0')
    expect(first.get('isEnable')).toBe('true')
    expect(first.getAll('CatalogIds')).toEqual([]) // the root entry: every item
  })

  it('reads the next page from the server when scrolled near the bottom, until all are shown', async () => {
    const calls = serveCatalogue()
    renderWithApp(<Picker />)
    await waitFor(() => expect(rows()).toHaveLength(20))
    const body = screen.getByTestId('product-picker-scroll').querySelector('.ant-table-body') as HTMLElement
    fireEvent.scroll(body)
    await waitFor(() => expect(rows()).toHaveLength(40))
    expect(itemCalls(calls).at(-1)?.query.get('SkipCount')).toBe('20')
    fireEvent.scroll(body)
    await waitFor(() => expect(rows()).toHaveLength(46))
    expect(screen.getByTestId('product-picker-count').textContent).toBe('46 in all')
    fireEvent.scroll(body)
    expect(itemCalls(calls)).toHaveLength(3) // nothing more to read
  })

  it('lists the chosen directory and searches on the server', async () => {
    const calls = serveCatalogue()
    renderWithApp(<Picker />)
    await waitFor(() => expect(rows()).toHaveLength(20))
    await userEvent.click(within(screen.getByTestId('product-picker-tree')).getByText('Wall'))
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-name'))).toEqual(['Wall unit 900']))
    expect(itemCalls(calls).at(-1)?.query.getAll('CatalogIds')).toEqual(['wall'])

    await userEvent.click(within(screen.getByTestId('product-picker-tree')).getByText('All'))
    await userEvent.type(within(screen.getByTestId('product-picker-filter')).getByRole('searchbox'), 'c7')
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-name'))).toEqual(['Cabinet 07']))
    expect(itemCalls(calls).at(-1)?.query.get('Filter')).toBe('c7')
  })

  it('shows ticked items as closable tags; closing a tag unticks its row', async () => {
    serveCatalogue()
    renderWithApp(<Picker />)
    await waitFor(() => expect(rows()).toHaveLength(20))
    await userEvent.click(within(row('Cabinet 01')).getByRole('checkbox'))
    await userEvent.click(within(row('Cabinet 02')).getByRole('checkbox'))
    expect(tags()).toEqual(['Cabinet 01', 'Cabinet 02'])
    expect(screen.getByText('2 selected')).toBeTruthy()
    const tag = screen.getAllByTestId('product-picker-tag')[1]
    await userEvent.click(tag.querySelector('.ant-tag-close-icon') as HTMLElement)
    expect(tags()).toEqual(['Cabinet 01'])
    expect((within(row('Cabinet 02')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false)
  })

  it('keeps picks while another directory is listed', async () => {
    serveCatalogue()
    renderWithApp(<Picker />)
    await waitFor(() => expect(rows()).toHaveLength(20))
    await userEvent.click(within(row('Cabinet 03')).getByRole('checkbox'))
    await userEvent.click(within(screen.getByTestId('product-picker-tree')).getByText('Wall'))
    await waitFor(() => expect(rows()).toHaveLength(1))
    await userEvent.click(within(row('Wall unit 900')).getByRole('checkbox'))
    expect(tags()).toEqual(['Cabinet 03', 'Wall unit 900'])
  })

  it('never ticks a disabled row, by its box or by a row click', async () => {
    serveCatalogue()
    renderWithApp(<Picker disabledIds={['p1']} />)
    await waitFor(() => expect(rows()).toHaveLength(20))
    const box = within(row('Cabinet 01')).getByRole('checkbox') as HTMLInputElement
    expect(box.disabled).toBe(true)
    await userEvent.click(row('Cabinet 01'))
    expect(tags()).toEqual([])
  })

  it('ticks a row by clicking it, ignores a second click within 2 s, and takes it when the guard is off', async () => {
    serveCatalogue()
    renderWithApp(<Picker />)
    await waitFor(() => expect(rows()).toHaveLength(20))
    await userEvent.click(row('Cabinet 04'))
    await userEvent.click(row('Cabinet 04'))
    expect(tags()).toEqual(['Cabinet 04'])
    localStorage.setItem('kerf.clickGuard', 'off')
    await userEvent.click(row('Cabinet 04'))
    expect(tags()).toEqual([])
  })

  it('keeps one pick in single choice', async () => {
    serveCatalogue()
    renderWithApp(<Picker multiple={false} />)
    await waitFor(() => expect(rows()).toHaveLength(20))
    await userEvent.click(within(row('Cabinet 05')).getByRole('radio'))
    await userEvent.click(within(row('Cabinet 06')).getByRole('radio'))
    expect(tags()).toEqual(['Cabinet 06'])
  })

  it('says when a directory has no items, and offers a retry when the list fails', async () => {
    let fail = true
    mockApi({
      'GET /api/salesorder/catalogs': () => ({ items: [dir('empty', 'Empty')], totalCount: 1 }),
      'GET /api/salesorder/products': () => (fail ? new Response('{}', { status: 500 }) : { items: [], totalCount: 0 }),
    })
    renderWithApp(<Picker />)
    await screen.findByText('Failed to load')
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await within(await screen.findByTestId('product-picker-table')).findAllByText('No data')
    expect(screen.getByTestId('product-picker-count').textContent).toBe('0 in all')
  })
})
