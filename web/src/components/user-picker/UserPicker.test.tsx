// @vitest-environment jsdom
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { UserPicker, UserPickerModal } from './UserPicker'
import { userLabel, type UserLookup } from './api'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'

// the machine running the suites may be busy: give the page up to 5 s to show each change
configure({ asyncUtilTimeout: 5000 })

const user = (i: number): UserLookup => ({
  id: `u${i}`,
  userName: `user${String(i).padStart(2, '0')}`,
  name: `Name${i}`,
  surname: 'Li',
  email: `u${i}@kerf.test`,
  phoneNumber: '',
})
const all = Array.from({ length: 14 }, (_, i) => user(i + 1))

function serve() {
  return mockApi({
    'GET /api/identity/users/lookup/search': (call: ApiCall) => {
      const f = (call.query.get('Filter') ?? '').toLowerCase()
      const rows = all.filter((u) => !f || u.userName.includes(f))
      if (call.query.get('Sorting') === 'userName desc') rows.reverse()
      return pageOf(rows, call)
    },
  })
}

function Picker({ disabledIds }: { disabledIds?: string[] }) {
  const [value, setValue] = useState<UserLookup[]>([])
  return <UserPicker value={value} onChange={setValue} disabledIds={disabledIds} />
}

const rows = () => screen.queryAllByTestId('user-picker-row')
const names = () => rows().map((r) => r.getAttribute('data-username'))
const tags = () => screen.queryAllByTestId('user-picker-tag').map((t) => t.textContent)

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('UserPicker', () => {
  it('pages, searches and sorts on the server', async () => {
    const calls = serve()
    renderWithApp(<Picker />)
    await waitFor(() => expect(rows()).toHaveLength(10))
    expect(screen.getByText('14 in all')).toBeTruthy()
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(names()).toEqual(['user11', 'user12', 'user13', 'user14']))
    expect(calls.at(-1)?.query.get('SkipCount')).toBe('10')

    await userEvent.type(within(screen.getByTestId('user-picker-search')).getByRole('searchbox'), 'user0{Enter}')
    await waitFor(() => expect(names()).toHaveLength(9))
    expect(calls.at(-1)?.query.get('Filter')).toBe('user0')
    expect(calls.at(-1)?.query.get('SkipCount')).toBe('0')

    const header = screen.getByRole('columnheader', { name: /User name/ })
    await userEvent.click(header)
    await userEvent.click(header)
    await waitFor(() => expect(names()[0]).toBe('user09'))
    expect(calls.at(-1)?.query.get('Sorting')).toBe('userName desc')
  })

  it('keeps ticks across pages as closable tags; a row click toggles; a disabled row is never ticked', async () => {
    serve()
    renderWithApp(<Picker disabledIds={['u2']} />)
    await waitFor(() => expect(rows()).toHaveLength(10))
    await userEvent.click(rows()[0])
    await userEvent.click(rows()[1])
    expect((within(rows()[1]).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true)
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(names()[0]).toBe('user11'))
    await userEvent.click(within(rows()[0]).getByRole('checkbox'))
    expect(tags()).toEqual(['Name1 Li (user01)', 'Name11 Li (user11)'])
    await userEvent.click(rows()[0])
    expect(tags()).toEqual(['Name1 Li (user01)'])
    await userEvent.click(screen.getAllByTestId('user-picker-tag')[0].querySelector('.ant-tag-close-icon') as HTMLElement)
    expect(tags()).toEqual([])
  })

  it('in a dialog: OK only with a pick, and it hands over the picked users', async () => {
    serve()
    const onConfirm = vi.fn()
    renderWithApp(<UserPickerModal open onCancel={() => undefined} onConfirm={onConfirm} />)
    await waitFor(() => expect(rows()).toHaveLength(10))
    const ok = screen.getByTestId('user-picker-confirm') as HTMLButtonElement
    expect(ok.disabled).toBe(true)
    await userEvent.click(rows()[2])
    expect(ok.disabled).toBe(false)
    await userEvent.click(ok)
    expect(onConfirm).toHaveBeenCalledWith([all[2]])
  })

  it('names a user by name and surname with the user name, or by the user name alone', () => {
    expect(userLabel({ userName: 'zhang', name: '三', surname: '张' })).toBe('三 张 (zhang)')
    expect(userLabel({ userName: 'admin', name: '', surname: '' })).toBe('admin')
  })

  it('has the same text keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })
})
