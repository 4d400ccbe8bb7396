// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import type { StandardProduct } from '../../components/catalog-pickers'
import { StandardProductsPage } from './StandardProductsPage'


const standard = (i: number) =>
  ({ id: `s${i}`, productName: `Wardrobe ${String(i).padStart(2, '0')}`, productCode: `W${i}`, isEnable: true }) as StandardProduct
const all = Array.from({ length: 25 }, (_, i) => standard(i + 1))

function serve() {
  return mockApi({
    'GET /api/sales-order/sales-order-catalog-products': (call: ApiCall) => {
      const f = (call.query.get('Filter') ?? '').toLowerCase()
      const rows = all.filter((s) => !f || (s.productName ?? '').toLowerCase().includes(f))
      if (call.query.get('Sorting') === 'productName desc') rows.reverse()
      return pageOf(rows, call)
    },
  })
}

const names = () =>
  within(screen.getByTestId('standard-table'))
    .queryAllByRole('row')
    .slice(1)
    .map((r) => within(r).queryAllByRole('cell')[0]?.textContent)
    .filter(Boolean)

describe('StandardProductsPage', () => {
  it('shows 20 rows a page with the total, pages, searches from the first page and sorts on the server', async () => {
    const calls = serve()
    renderWithApp(<StandardProductsPage />, { granted: [Permissions['SalesOrder.StandardProducts']] })
    await waitFor(() => expect(names()).toHaveLength(20))
    expect(screen.getByText('25 in all')).toBeTruthy()

    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(names()[0]).toBe('Wardrobe 21'))
    expect(calls.at(-1)?.query.get('SkipCount')).toBe('20')

    await userEvent.type(within(screen.getByTestId('standard-search')).getByRole('searchbox'), 'robe 1{Enter}')
    await waitFor(() => expect(names()[0]).toBe('Wardrobe 10'))
    expect(calls.at(-1)?.query.get('Filter')).toBe('robe 1')
    expect(calls.at(-1)?.query.get('SkipCount')).toBe('0')

    const header = screen.getByRole('columnheader', { name: /Product name/ })
    await userEvent.click(header)
    await userEvent.click(header)
    await waitFor(() => expect(names()[0]).toBe('Wardrobe 19'))
    expect(calls.at(-1)?.query.get('Sorting')).toBe('productName desc')
  })

  it('offers create, edit and delete only with their permissions', async () => {
    serve()
    renderWithApp(<StandardProductsPage />, { granted: [Permissions['SalesOrder.StandardProducts']] })
    await waitFor(() => expect(names()).toHaveLength(20))
    expect(screen.queryByTestId('standard-add')).toBeNull()
    expect(screen.queryAllByTestId('standard-edit')).toHaveLength(0)
    expect(screen.queryAllByTestId('standard-delete')).toHaveLength(0)
  })
})
