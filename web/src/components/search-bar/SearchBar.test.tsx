// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp } from '../../test/render'
import { SearchBar, type SearchField } from './SearchBar'

const fields: SearchField[] = [
  { name: 'code', label: 'Code', type: 'text' },
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'qty', label: 'Quantity', type: 'number' },
  { name: 'day', label: 'Day', type: 'date' },
  { name: 'period', label: 'Period', type: 'dateRange' },
  {
    name: 'enabled',
    label: 'Enabled',
    type: 'select',
    options: [
      { value: true, label: 'Yes' },
      { value: false, label: 'No' },
    ],
  },
]

const width = window.innerWidth
afterEach(() => {
  window.innerWidth = width
})

function bar() {
  const onSearch = vi.fn()
  const onReset = vi.fn()
  renderWithApp(<SearchBar fields={fields} onSearch={onSearch} onReset={onReset} testId="s" />)
  return { onSearch, onReset, user: userEvent.setup() }
}

const input = (name: string) => {
  const el = screen.getByTestId(`s-${name}`)
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement
}

describe('SearchBar', () => {
  it('searches on Enter with the text trimmed and blank fields left out', async () => {
    const { onSearch, user } = bar()
    await user.type(input('code'), '  SO-1  ')
    await user.type(input('name'), '   ')
    await user.type(input('code'), '{Enter}')
    expect(onSearch).toHaveBeenCalledTimes(1)
    expect(onSearch).toHaveBeenLastCalledWith({ code: 'SO-1' })
  })

  it('sends numbers, dates as YYYY-MM-DD, date ranges and chosen options', async () => {
    const { onSearch, user } = bar()
    await user.type(input('qty'), '12')
    await user.click(input('day'))
    await user.type(input('day'), '2025-03-05{Enter}')
    const [from, to] = within(screen.getByTestId('s').querySelector<HTMLElement>('.ant-picker-range')!).getAllByRole('textbox')
    await user.click(from)
    await user.type(from, '2025-03-01{Enter}')
    await user.click(to)
    await user.type(to, '2025-03-31{Enter}')
    fireEvent.mouseDown(within(screen.getByTestId('s')).getAllByRole('combobox').at(-1)!)
    fireEvent.click(await screen.findByTitle('No'))
    await user.click(screen.getByTestId('s-submit'))
    expect(onSearch).toHaveBeenLastCalledWith({ qty: 12, day: '2025-03-05', period: ['2025-03-01', '2025-03-31'], enabled: false })
  })

  it('resets: clears every field and searches with nothing', async () => {
    const { onSearch, onReset, user } = bar()
    await user.type(input('code'), 'SO-1')
    await user.type(input('qty'), '3')
    await user.click(screen.getByTestId('s-reset'))
    expect(onReset).toHaveBeenCalledTimes(1)
    expect(onSearch).toHaveBeenLastCalledWith({})
    expect(input('code').value).toBe('')
    expect(input('qty').value).toBe('')
  })

  it('makes labels 130 px wide under a 1720 px window, and follows resizes', async () => {
    window.innerWidth = 1920
    bar()
    const label = () => screen.getByTestId('s').querySelector<HTMLElement>('.ant-form-item-label')!
    expect(label().style.flex).toBe('')
    expect(screen.getByTestId('s').getAttribute('data-label-width')).toBe('auto')
    act(() => {
      window.innerWidth = 1600
      window.dispatchEvent(new Event('resize'))
    })
    expect(label().style.flex).toBe('0 0 130px')
    expect(screen.getByTestId('s').getAttribute('data-label-width')).toBe('130')
  })
})
