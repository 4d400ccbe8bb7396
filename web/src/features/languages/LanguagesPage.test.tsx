// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import { LanguagesPage } from './LanguagesPage'
import type { Language } from './api'

configure({ asyncUtilTimeout: 5000 })

const lang = (cultureName: string, displayName: string, extra: Partial<Language> = {}): Language =>
  ({
    id: `id-${cultureName}`,
    cultureName,
    uiCultureName: cultureName,
    displayName,
    flagIcon: '',
    isEnabled: true,
    isDefault: false,
    creationTime: '2026-01-05T08:00:00Z',
    concurrencyStamp: `stamp-${cultureName}`,
    ...extra,
  }) as Language

function world() {
  const rows = [lang('en', 'English'), lang('ja', '日本語'), lang('zh-Hans', '简体中文', { isDefault: true })]
  const calls = mockApi({
    'GET /api/language-management/languages': (c: ApiCall) => pageOf(rows, c),
    'GET /api/language-management/languages/culture-list': () => [
      { name: 'fr', displayName: 'Français (French)' },
      { name: 'ja', displayName: '日本語 (Japanese)' },
    ],
    'POST /api/language-management/languages': (c: ApiCall) => {
      const r = lang('fr', (c.body as Language).displayName)
      rows.push(r)
      return r
    },
    'PUT /api/language-management/languages/id-ja/set-as-default': () => {
      rows.forEach((r) => (r.isDefault = r.cultureName === 'ja'))
      return undefined
    },
    'DELETE /api/language-management/languages/id-ja': () => {
      rows.splice(1, 1)
      return undefined
    },
    'GET /api/abp/application-configuration': () => ({}),
  })
  return { calls, rows }
}

const ALL = ['', '.Create', '.Edit', '.Delete', '.ChangeDefault'].map((s) => Permissions[`LanguageManagement.Languages${s}` as keyof typeof Permissions])
const row = (culture: string) => screen.getAllByTestId('language-row').find((r) => r.getAttribute('data-culture') === culture)!
const confirmDialog = async () => (await screen.findAllByRole('dialog')).find((d) => within(d).queryAllByText('Tips').length > 0)!

describe('LanguagesPage', () => {
  it('offers no delete for zh-Hans, en or the default; sets a default and deletes after 提示/Tips', async () => {
    const { calls } = world()
    renderWithApp(<LanguagesPage />, { granted: ALL })
    await waitFor(() => expect(screen.getAllByTestId('language-row')).toHaveLength(3))
    expect(within(row('en')).queryByTestId('language-delete')).toBeNull()
    expect(within(row('zh-Hans')).queryByTestId('language-delete')).toBeNull()
    expect(within(row('zh-Hans')).queryByTestId('language-default')).toBeNull()
    expect(within(row('zh-Hans')).getByText('Default')).toBeTruthy()

    await userEvent.click(within(row('ja')).getByTestId('language-default'))
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: 'OK' }))
    await screen.findByText('Default language set')
    expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith('/id-ja/set-as-default'))).toBe(true)
    await waitFor(() => expect(within(row('ja')).queryByTestId('language-default')).toBeNull())
  })

  it('deletes a language after a confirmation', async () => {
    world()
    renderWithApp(<LanguagesPage />, { granted: ALL })
    await waitFor(() => expect(screen.getAllByTestId('language-row')).toHaveLength(3))
    await userEvent.click(within(row('ja')).getByTestId('language-delete'))
    const confirm = await confirmDialog()
    expect(within(confirm).getByText(/Delete the language 日本語/)).toBeTruthy()
    await userEvent.click(within(confirm).getByRole('button', { name: 'OK' }))
    await screen.findByText('Deleted')
    await waitFor(() => expect(screen.getAllByTestId('language-row')).toHaveLength(2))
  })

  it('creates a language of the culture list, its name taken from the list', async () => {
    const { calls } = world()
    renderWithApp(<LanguagesPage />, { granted: ALL })
    await waitFor(() => expect(screen.getAllByTestId('language-row')).toHaveLength(3))
    await userEvent.click(screen.getByTestId('languages-add'))
    const culture = within(await screen.findByTestId('language-form-culture')).getByRole('combobox')
    fireEvent.mouseDown(culture)
    await userEvent.click(await screen.findByTitle('Français (French) (fr)'))
    await waitFor(() => expect((screen.getByTestId('language-form-displayName') as HTMLInputElement).value).toBe('Français (French)'))
    fireEvent.click(screen.getByTestId('language-dialog-save'))
    await screen.findByText('Created')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      cultureName: 'fr',
      uiCultureName: 'fr',
      displayName: 'Français (French)',
      flagIcon: '',
      isEnabled: true,
    })
  })
})
