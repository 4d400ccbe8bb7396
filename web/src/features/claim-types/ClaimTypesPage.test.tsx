// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import { ClaimTypesPage } from './ClaimTypesPage'
import type { ClaimType } from './api'

// the machine running the suites may be busy: give the page up to 5 s to show each change
configure({ asyncUtilTimeout: 5000 })

const AUDITED = { creationTime: '2026-01-05T08:00:00Z', creatorId: null, isDeleted: false, lastModificationTime: null, lastModifierId: null, tenantId: null }

const type = (name: string, extra: Partial<ClaimType> = {}): ClaimType => ({
  ...AUDITED,
  id: `id-${name}`,
  name,
  isStatic: false,
  valueType: 0,
  required: false,
  regex: '',
  regexDescription: '',
  description: '',
  concurrencyStamp: `stamp-${name}`,
  ...extra,
})

function world() {
  const rows: ClaimType[] = [
    type('birthdate', { isStatic: true, valueType: 3 }),
    type('email', { isStatic: true }),
    type('employee_no', { regex: '^E\\d{4}$', regexDescription: 'E and 4 digits', required: true }),
    ...Array.from({ length: 20 }, (_, i) => type(`extra${String(i).padStart(2, '0')}`)),
  ]
  const calls = mockApi({
    'GET /api/identity/claim-types': (c: ApiCall) => {
      const f = (c.query.get('Filter') ?? '').toLowerCase()
      const shown = rows.filter((r) => !f || r.name.includes(f))
      if (c.query.get('Sorting') === 'name desc') shown.reverse()
      return pageOf(shown, c)
    },
    'POST /api/identity/claim-types': (c: ApiCall) => {
      const b = c.body as ClaimType
      if (b.name === 'email')
        return new Response(
          JSON.stringify({ error: { message: 'Validation failed', validationErrors: [{ message: 'The claim type email already exists', members: ['name'] }] } }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        )
      const r = type(b.name, b)
      rows.push(r)
      return r
    },
    'PUT /api/identity/claim-types/id-birthdate': (c: ApiCall) => ({ ...rows[0], ...(c.body as object) }),
    'DELETE /api/identity/claim-types/id-employee_no': () => {
      rows.splice(2, 1)
      return undefined
    },
  })
  return { calls, rows }
}

const CT = Permissions['AbpIdentity.IdentityClaimTypes']
const names = () => screen.queryAllByTestId('claim-type-row').map((r) => r.getAttribute('data-name'))
const row = (name: string) => screen.getAllByTestId('claim-type-row').find((r) => r.getAttribute('data-name') === name)!

describe('ClaimTypesPage', () => {
  it('lists 20 a page with value types, flags and regexes; pages, searches and sorts on the server', async () => {
    const { calls } = world()
    renderWithApp(<ClaimTypesPage />, { granted: [CT] })
    await waitFor(() => expect(names()).toHaveLength(20))
    expect(screen.getByText('23 in all')).toBeTruthy()
    expect(within(row('birthdate')).getByText('Date and time')).toBeTruthy()
    expect(within(row('birthdate')).getAllByText('Built-in').length).toBeGreaterThan(0)
    expect(within(row('employee_no')).getByText('^E\\d{4}$')).toBeTruthy()
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(names()).toHaveLength(3))
    expect(calls.at(-1)?.query.get('SkipCount')).toBe('20')

    await userEvent.type(within(screen.getByTestId('claim-types-search')).getByRole('searchbox'), 'employee{Enter}')
    await waitFor(() => expect(names()).toEqual(['employee_no']))
    expect(calls.at(-1)?.query.get('Filter')).toBe('employee')
    expect(calls.at(-1)?.query.get('SkipCount')).toBe('0')
  })

  it('a built-in type can be edited but not renamed or deleted', async () => {
    const { calls } = world()
    renderWithApp(<ClaimTypesPage />, { granted: [CT] })
    await waitFor(() => expect(names()).toHaveLength(20))
    expect(within(row('birthdate')).queryByTestId('claim-type-delete')).toBeNull()
    expect(within(row('employee_no')).getByTestId('claim-type-delete')).toBeTruthy()
    await userEvent.click(within(row('birthdate')).getByTestId('claim-type-edit'))
    const name = (await screen.findByTestId('claim-type-form-name')) as HTMLInputElement
    expect(name.value).toBe('birthdate')
    expect(name.disabled).toBe(true)
    await userEvent.type(screen.getByTestId('claim-type-form-regexDescription'), 'a date{Enter}')
    await screen.findByText('Updated successfully')
    const put = calls.find((c) => c.method === 'PUT')
    expect(put?.body).toEqual({
      name: 'birthdate',
      valueType: 3,
      required: false,
      regex: '',
      regexDescription: 'a date',
      description: '',
      concurrencyStamp: 'stamp-birthdate',
    })
  })

  it('refuses a regex that does not compile before calling the server, and tries a sample value', async () => {
    const { calls } = world()
    renderWithApp(<ClaimTypesPage />, { granted: [CT] })
    await waitFor(() => expect(names()).toHaveLength(20))
    await userEvent.click(screen.getByTestId('claim-types-add'))
    await userEvent.type(await screen.findByTestId('claim-type-form-name'), 'badge')
    fireEvent.change(screen.getByTestId('claim-type-form-regex'), { target: { value: '^B[0-9{3}$' } })
    fireEvent.click(screen.getByTestId('claim-type-dialog-save'))
    await screen.findByText(/The regular expression is wrong: .*Unterminated character class/, {}, { timeout: 5000 })
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    fireEvent.change(screen.getByTestId('claim-type-form-regex'), { target: { value: '^B[0-9]{3}$' } })
    await waitFor(() => expect(screen.queryByText(/The regular expression is wrong/)).toBeNull())
    await userEvent.type(screen.getByTestId('claim-type-form-sample'), 'B12')
    expect((await screen.findByTestId('claim-type-sample-result')).textContent).toBe('Does not match')
    await userEvent.type(screen.getByTestId('claim-type-form-sample'), '3')
    await waitFor(() => expect(screen.getByTestId('claim-type-sample-result').textContent).toBe('Matches'))

    fireEvent.click(screen.getByTestId('claim-type-dialog-save'))
    await screen.findByText('Created successfully')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'badge',
      valueType: 0,
      required: false,
      regex: '^B[0-9]{3}$',
      regexDescription: '',
      description: '',
    })
  })

  it("shows the server's message on the field it names", async () => {
    world()
    renderWithApp(<ClaimTypesPage />, { granted: [CT] })
    await waitFor(() => expect(names()).toHaveLength(20))
    await userEvent.click(screen.getByTestId('claim-types-add'))
    await userEvent.type(await screen.findByTestId('claim-type-form-name'), 'email{Enter}')
    const error = await screen.findByText('The claim type email already exists')
    expect(error.closest('.ant-form-item')?.querySelector('[data-testid="claim-type-form-name"]')).toBeTruthy()
    expect(screen.getByTestId('claim-type-dialog')).toBeTruthy()
  })

  it('deletes a type after a confirmation titled Tips', async () => {
    const { calls } = world()
    renderWithApp(<ClaimTypesPage />, { granted: [CT] })
    await waitFor(() => expect(names()).toHaveLength(20))
    await userEvent.click(within(row('employee_no')).getByTestId('claim-type-delete'))
    const confirm = await screen.findByRole('dialog')
    expect(within(confirm).getAllByText('Tips').length).toBeGreaterThan(0)
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }))
    await screen.findByText('Deleted successfully')
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/id-employee_no'))).toBe(true)
    await waitFor(() => expect(names()).not.toContain('employee_no'))
  })

  it('without the permission: no create, edit or delete', async () => {
    world()
    renderWithApp(<ClaimTypesPage />, { granted: [] })
    await waitFor(() => expect(names()).toHaveLength(20))
    expect(screen.queryByTestId('claim-types-add')).toBeNull()
    expect(screen.queryAllByTestId('claim-type-edit')).toHaveLength(0)
    expect(screen.queryAllByTestId('claim-type-delete')).toHaveLength(0)
  })
})
