// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { EMPTY_GUID, type Catalog, type Product } from '../../components/catalog-pickers'
import { Permissions } from '../../components'
import { ProductsPage } from './ProductsPage'


const dir = (id: string, name: string, parentId = EMPTY_GUID) =>
  ({ id, parentId, displayName: name, catalogName: name, moduleName: 'product', code: id, isEnable: true }) as Catalog
const product = (i: number, catalogId: string) =>
  ({ id: `p${i}`, catalogId, name: `Cabinet ${String(i).padStart(2, '0')}`, code: `C${i}`, isEnable: true, moduleName: 'product' }) as Product

const editor = [
  Permissions['SalesOrder.Products'],
  Permissions['SalesOrder.Products.Create'],
  Permissions['SalesOrder.Products.Edit'],
  Permissions['SalesOrder.Products.Delete'],
  Permissions['SalesOrder.Products.Import'],
]

/** A product catalogue on a stand-in server: 21 products in "Base", one in "Wall"; moves change catalogId. */
function serve() {
  const products = [...Array.from({ length: 21 }, (_, i) => product(i + 1, 'base')), product(30, 'wall')]
  const moves: unknown[] = []
  const calls = mockApi({
    'GET /api/salesorder/catalogs': () => ({ items: [dir('base', 'Base'), dir('wall', 'Wall')], totalCount: 2 }),
    'GET /api/salesorder/products': (call: ApiCall) => {
      const ids = call.query.getAll('CatalogIds')
      return pageOf(
        products.filter((p) => !ids.length || ids.includes(p.catalogId)),
        call,
      )
    },
    'PUT /api/salesorder/products/batch-update': (call: ApiCall) => {
      const { items } = call.body as { items: { id: string; catalogId: string }[] }
      moves.push(...items)
      for (const m of items) Object.assign(products.find((p) => p.id === m.id) as Product, { catalogId: m.catalogId })
      return { items: products.filter((p) => items.some((m) => m.id === p.id)) }
    },
  })
  return { calls, moves }
}

const rows = () => screen.queryAllByTestId('item-row')
const names = () => rows().map((r) => r.getAttribute('data-name'))
const tree = () => within(screen.getByTestId('catalog-tree'))

describe('ProductsPage', () => {
  it('opens on the root entry, listing the first 20 products of every directory', async () => {
    const { calls } = serve()
    renderWithApp(<ProductsPage />, { granted: editor })
    await waitFor(() => expect(rows()).toHaveLength(20))
    expect(document.querySelector('.ant-tree-treenode-selected')?.textContent).toContain('All')
    expect(screen.getByTestId('items-count').textContent).toBe('Showing 20 of 22; scroll down for more')
    const list = calls.find((c) => c.path === '/api/salesorder/products')
    expect(list?.query.getAll('CatalogIds')).toEqual([])
    expect(list?.query.get('MaxResultCount')).toBe('20')
  })

  it('refuses Add at the root and opens the product form once a directory is chosen', async () => {
    serve()
    renderWithApp(<ProductsPage />, { granted: editor })
    await waitFor(() => expect(rows()).toHaveLength(20))
    await userEvent.click(screen.getByTestId('items-add'))
    expect(await screen.findByText('Please select a product directory first!')).toBeTruthy()
    await userEvent.click(tree().getByText('Wall'))
    await waitFor(() => expect(names()).toEqual(['Cabinet 30']))
    await userEvent.click(screen.getByTestId('items-add'))
    expect(await screen.findByText('Add product', { selector: '.ant-modal-title' })).toBeTruthy()
  })

  it('asks for a selection before moving, then moves the ticked products to the root', async () => {
    const { moves } = serve()
    renderWithApp(<ProductsPage />, { granted: editor })
    await userEvent.click(await tree().findByText('Wall'))
    await waitFor(() => expect(names()).toEqual(['Cabinet 30']))
    await userEvent.click(screen.getByTestId('items-move'))
    expect(await screen.findByText('Please select products!')).toBeTruthy()

    await userEvent.click(within(rows()[0]).getByRole('checkbox'))
    await userEvent.click(screen.getByTestId('items-move'))
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByText('1 items will be moved')).toBeTruthy()
    fireEvent.mouseDown(dialog.getByRole('combobox'))
    await userEvent.click(await screen.findByTitle('Root (in no directory)'))
    await userEvent.click(screen.getByTestId('move-save'))
    expect(await screen.findByText('Edit success')).toBeTruthy()
    expect(moves).toEqual([expect.objectContaining({ id: 'p30', catalogId: EMPTY_GUID, name: 'Cabinet 30' })])
    await waitFor(() => expect(rows()).toHaveLength(0)) // it left the directory
  })

  it('offers no create, import or move to a user who may only read', async () => {
    serve()
    renderWithApp(<ProductsPage />, { granted: [Permissions['SalesOrder.Products']] })
    await waitFor(() => expect(rows()).toHaveLength(20))
    for (const id of ['dir-add', 'items-add', 'items-import', 'items-move']) expect(screen.queryByTestId(id)).toBeNull()
  })
})
