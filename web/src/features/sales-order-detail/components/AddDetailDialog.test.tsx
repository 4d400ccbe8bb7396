// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp } from '../../../test/render'
import { AddDetailDialog } from './AddDetailDialog'

const standard = (i: number) => ({ id: `s${i}`, productName: `Wardrobe ${i}`, productCode: `W${i}`, isEnable: true })

describe('AddDetailDialog', () => {
  it('posts the picked catalogue rows once, however fast Confirm is clicked again', async () => {
    const calls = mockApi({
      'GET /api/split-order/catalog-products': (c) => pageOf([standard(1), standard(2), standard(3)], c),
      'POST /api/sales-order/sales-order-standard-products': () => ({ items: [] }),
    })
    const onAdded = vi.fn()
    const prepare = vi.fn(async () => true)
    renderWithApp(<AddDetailDialog open orderId="o-1" table="standardProduct" onClose={() => undefined} prepare={prepare} onAdded={onAdded} />)
    await waitFor(() => expect(screen.getAllByTestId('standard-product-picker-row')).toHaveLength(3))
    const [first, , third] = screen.getAllByTestId('standard-product-picker-row')
    await userEvent.click(first)
    await userEvent.click(third)
    const confirm = document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement
    await userEvent.click(confirm)
    await userEvent.click(confirm)
    await waitFor(() => expect(onAdded).toHaveBeenCalled())
    const posts = calls.filter((c) => c.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(posts[0].path).toBe('/api/sales-order/sales-order-standard-products')
    expect(posts[0].body).toEqual({ salesOrderId: 'o-1', items: [{ sourceId: 's1' }, { sourceId: 's3' }] })
    expect(prepare).toHaveBeenCalledTimes(1)
    expect(await screen.findByText('2 line(s) added')).toBeTruthy()
  })
})
