// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { configure, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderWithApp } from '../../test/render'
import { ClaimsDialog } from './ClaimsDialog'
import type { ClaimType } from './claims'

configure({ asyncUtilTimeout: 5000 })

const types: ClaimType[] = [
  { id: '1', name: 'employee_no', valueType: 0, required: true, regex: '^E\\d{4}$', regexDescription: 'E and four digits' },
  { id: '2', name: 'level', valueType: 1, required: false },
]

describe('ClaimsDialog', () => {
  it('checks a value against its type before saving, then replaces the whole list', async () => {
    let closed = false
    const calls = mockApi({
      'GET /api/identity/users/u1/claims': () => [{ claimType: 'level', claimValue: '3' }],
      'GET /api/identity/users/all-claim-types': () => ({ items: types }),
      'PUT /api/identity/users/u1/claims': () => undefined,
    })
    renderWithApp(<ClaimsDialog owner="users" target={{ id: 'u1', name: 'alice' }} onClose={() => (closed = true)} />)
    await waitFor(() => expect(screen.getAllByTestId('claim-value')).toHaveLength(1))

    // a second row: pick employee_no, type a wrong value
    await userEvent.click(screen.getByTestId('claims-add'))
    const selects = screen.getAllByRole('combobox')
    fireEvent.mouseDown(selects[1])
    await userEvent.click(await screen.findByTitle('employee_no · Text'))
    const value = screen.getAllByTestId('claim-value')[1]
    await userEvent.type(value, 'E12')
    await userEvent.click(screen.getByTestId('claims-save'))
    expect((await screen.findByTestId('claim-problem')).textContent).toBe('The value of employee_no has the wrong format: E and four digits')
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)

    await userEvent.type(value, '34')
    await userEvent.click(screen.getByTestId('claims-save'))
    await waitFor(() => expect(closed).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual([
      { claimType: 'level', claimValue: '3' },
      { claimType: 'employee_no', claimValue: 'E1234' },
    ])
  })

  it('shows the server’s refusal and stays open', async () => {
    let closed = false
    mockApi({
      'GET /api/identity/roles/r1/claims': () => ({ items: [] }),
      'GET /api/identity/roles/all-claim-types': () => types,
      'PUT /api/identity/roles/r1/claims': () =>
        new Response(JSON.stringify({ error: { message: 'The claim type level does not exist' } }), { status: 400, headers: { 'content-type': 'application/json' } }),
    })
    renderWithApp(<ClaimsDialog owner="roles" target={{ id: 'r1', name: 'sales' }} onClose={() => (closed = true)} />)
    await screen.findByTestId('claims-table')
    await userEvent.click(screen.getByTestId('claims-save'))
    expect((await screen.findByTestId('claims-server-error')).textContent).toContain('The claim type level does not exist')
    expect(closed).toBe(false)
  })
})
