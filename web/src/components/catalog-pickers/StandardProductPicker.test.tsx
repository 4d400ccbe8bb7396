// @vitest-environment jsdom
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { StandardProductPicker } from './StandardProductPicker'
import type { StandardProduct } from './types'

const standard = (i: number, extra: Partial<StandardProduct> = {}) =>
  ({ id: `s${i}`, productName: `Wardrobe ${String(i).padStart(2, '0')}`, productCode: `W${i}`, isEnable: true, ...extra }) as StandardProduct

const all = Array.from({ length: 25 }, (_, i) => standard(i + 1))

function serve() {
  return mockApi({
    'GET /api/split-order/catalog-products': (call: ApiCall) => {
      const f = (call.query.get('Filter') ?? '').toLowerCase()
      return pageOf(all.filter((s) => !f || (s.productName ?? '').toLowerCase().includes(f)), call)
    },
  })
}

function Picker({ disabledIds }: { disabledIds?: string[] }) {
  const [value, setValue] = useState<StandardProduct[]>([])
  return <StandardProductPicker value={value} onChange={setValue} disabledIds={disabledIds} />
}

const rows = () => screen.queryAllByTestId('standard-product-picker-row')
const names = () => rows().map((r) => r.getAttribute('data-name'))
const tags = () => screen.queryAllByTestId('standard-product-picker-tag').map((t) => t.textContent)

describe('StandardProductPicker', () => {
  it('shows one page of 10 from the picker list, with the total, and pages on the server', async () => {
    const calls = serve()
    renderWithApp(<Picker />)
    await waitFor(() => expect(rows()).toHaveLength(10))
    expect(names()[0]).toBe('Wardrobe 01')
    expect(screen.getByText('25 in all')).toBeTruthy()
    expect(calls[0].query.get('isEnable')).toBe('true')
    await userEvent.click(screen.getByTitle('3'))
    await waitFor(() => expect(names()).toEqual(['Wardrobe 21', 'Wardrobe 22', 'Wardrobe 23', 'Wardrobe 24', 'Wardrobe 25']))
    expect(calls.at(-1)?.query.get('SkipCount')).toBe('20')
    expect(calls.at(-1)?.query.get('MaxResultCount')).toBe('10')
  })

  it('searches on the server from the first page', async () => {
    const calls = serve()
    renderWithApp(<Picker />)
    await waitFor(() => expect(rows()).toHaveLength(10))
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(names()[0]).toBe('Wardrobe 11'))
    await userEvent.type(within(screen.getByTestId('standard-product-picker-search')).getByRole('searchbox'), 'robe 07{Enter}')
    await waitFor(() => expect(names()).toEqual(['Wardrobe 07']))
    expect(calls.at(-1)?.query.get('Filter')).toBe('robe 07')
    expect(calls.at(-1)?.query.get('SkipCount')).toBe('0')
  })

  it('keeps ticks across pages as closable tags, and never ticks a disabled row', async () => {
    serve()
    renderWithApp(<Picker disabledIds={['s2']} />)
    await waitFor(() => expect(rows()).toHaveLength(10))
    await userEvent.click(within(rows()[0]).getByRole('checkbox'))
    expect((within(rows()[1]).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true)
    await userEvent.click(rows()[1])
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(names()[0]).toBe('Wardrobe 11'))
    await userEvent.click(within(rows()[0]).getByRole('checkbox'))
    expect(tags()).toEqual(['Wardrobe 01', 'Wardrobe 11'])
    await userEvent.click(screen.getAllByTestId('standard-product-picker-tag')[1].querySelector('.ant-tag-close-icon') as HTMLElement)
    expect(tags()).toEqual(['Wardrobe 01'])
    expect((within(rows()[0]).getByRole('checkbox') as HTMLInputElement).checked).toBe(false)
  })
})
