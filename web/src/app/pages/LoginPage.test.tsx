// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { mockApi, renderWithApp } from '../../test/render'
import { LoginPage } from './LoginPage'

function renderLogin() {
  return renderWithApp(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
    </Routes>,
    { path: '/login' },
  )
}

describe('LoginPage', () => {
  it('links to the register page while self-registration is on', async () => {
    mockApi({
      'GET /api/abp/application-configuration': () => ({ multiTenancy: { isEnabled: true }, setting: { values: { 'Abp.Account.IsSelfRegistrationEnabled': 'true' } } }),
    })
    renderLogin()
    expect(await screen.findByTestId('register-link')).toBeTruthy()
    expect(screen.getByTestId('reset-link')).toBeTruthy()
  })

  it('offers no register link once the account settings switch self-registration off', async () => {
    const calls = mockApi({
      'GET /api/abp/application-configuration': () => ({ multiTenancy: { isEnabled: true }, setting: { values: { 'Abp.Account.IsSelfRegistrationEnabled': 'false' } } }),
    })
    renderLogin()
    await waitFor(() => expect(calls.some((c) => c.path === '/api/abp/application-configuration')).toBe(true))
    await waitFor(() => expect(screen.queryByTestId('register-link')).toBeNull())
    expect(screen.getByTestId('reset-link')).toBeTruthy()
  })
})
