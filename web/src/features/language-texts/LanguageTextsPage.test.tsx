// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import { LanguageTextsPage } from './LanguageTextsPage'
import type { LanguageText } from './api'

configure({ asyncUtilTimeout: 5000 })

const text = (name: string, value: string, baseValue: string, isOverridden = false): LanguageText => ({
  name,
  resourceName: 'Web.dashboard',
  cultureName: 'zh-Hans',
  baseCultureName: 'en',
  value,
  baseValue,
  isOverridden,
})

function world() {
  const rows = [text('whoYouAre', '登录的是谁', 'Who you are', true), text('email', '', 'E-mail')]
  const calls = mockApi({
    'GET /api/language-management/language-texts': (c: ApiCall) =>
      pageOf(
        rows.filter((r) => c.query.get('getOnlyEmptyValues') !== 'true' || r.value === ''),
        c,
      ),
    'GET /api/language-management/languages/resources': () => [{ name: 'Web.dashboard' }, { name: 'identity' }],
    'GET /api/language-management/languages': (c: ApiCall) =>
      pageOf(
        [
          { id: '1', cultureName: 'en', uiCultureName: 'en', displayName: 'English', isEnabled: true, isDefault: false },
          { id: '2', cultureName: 'zh-Hans', uiCultureName: 'zh-Hans', displayName: '简体中文', isEnabled: true, isDefault: true },
        ],
        c,
      ),
    'PUT /api/language-management/language-texts/Web.dashboard/zh-Hans/email': (c: ApiCall) => {
      rows[1] = { ...rows[1], value: c.query.get('value') ?? '', isOverridden: true }
      return undefined
    },
    'PUT /api/language-management/language-texts/Web.dashboard/zh-Hans/whoYouAre/restore': () => {
      rows[0] = { ...rows[0], value: '当前用户', isOverridden: false }
      return undefined
    },
  })
  return { calls, rows }
}

const EDIT = Permissions['LanguageManagement.LanguageTexts.Edit']
const row = (name: string) => screen.getAllByTestId('text-row').find((r) => r.getAttribute('data-name') === name)!

describe('LanguageTextsPage', () => {
  it('shows base and target values side by side; only empty asks the server for the empty ones', async () => {
    const { calls } = world()
    renderWithApp(<LanguageTextsPage />, { granted: [Permissions['LanguageManagement.LanguageTexts'], EDIT] })
    await waitFor(() => expect(screen.getAllByTestId('text-row')).toHaveLength(2))
    expect(within(row('whoYouAre')).getByText('Who you are')).toBeTruthy()
    expect(within(row('whoYouAre')).getByText('登录的是谁')).toBeTruthy()
    expect(within(row('whoYouAre')).getByText('Changed')).toBeTruthy()
    const first = calls.find((c) => c.path.endsWith('/language-texts'))
    expect(first?.query.get('baseCultureName')).toBe('en')
    expect(first?.query.get('targetCultureName')).toBe('zh-Hans')
    fireEvent.click(screen.getByText('Only empty values'))
    await waitFor(() => expect(screen.getAllByTestId('text-row')).toHaveLength(1))
    expect(calls.at(-1)?.query.get('getOnlyEmptyValues')).toBe('true')
  })

  it('edits a value in a dialog and restores an override after 提示/Tips', async () => {
    const { calls } = world()
    renderWithApp(<LanguageTextsPage />, { granted: [Permissions['LanguageManagement.LanguageTexts'], EDIT] })
    await waitFor(() => expect(screen.getAllByTestId('text-row')).toHaveLength(2))
    expect(within(row('email')).queryByTestId('text-restore')).toBeNull()
    await userEvent.click(within(row('email')).getByTestId('text-edit'))
    expect((await screen.findByTestId('text-dialog-base')).textContent).toBe('E-mail')
    await userEvent.type(screen.getByTestId('text-dialog-value'), '电子邮箱')
    fireEvent.click(screen.getByTestId('text-dialog-save'))
    await screen.findByText('Saved')
    expect(calls.find((c) => c.method === 'PUT')?.query.get('value')).toBe('电子邮箱')

    await userEvent.click(within(row('whoYouAre')).getByTestId('text-restore'))
    const confirm = (await screen.findAllByRole('dialog')).find((d) => within(d).queryAllByText('Tips').length > 0)!
    expect(within(confirm).getByText(/Restore whoYouAre/)).toBeTruthy()
    await userEvent.click(within(confirm).getByRole('button', { name: 'OK' }))
    await screen.findByText('Restored')
    await waitFor(() => expect(within(row('whoYouAre')).getByText('当前用户')).toBeTruthy())
  })

  it('without the edit permission shows no actions', async () => {
    world()
    renderWithApp(<LanguageTextsPage />, { granted: [Permissions['LanguageManagement.LanguageTexts']] })
    await waitFor(() => expect(screen.getAllByTestId('text-row')).toHaveLength(2))
    expect(screen.queryAllByTestId('text-edit')).toHaveLength(0)
  })
})
