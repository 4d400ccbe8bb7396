// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { mockApi, renderWithApp, type ApiHandler } from '../../test/render'
import { getTenant } from '../../api/token'
import { ResetPasswordPage } from './ResetPasswordPage'

function renderAt(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/login" element={<div>the login page</div>} />
    </Routes>,
    { path },
  )
}

const config: ApiHandler = () => ({ multiTenancy: { isEnabled: true } })

describe('ResetPasswordPage', () => {
  it('opened from the e-mailed link, checks it in the link tenant and sets only the new password', async () => {
    const calls = mockApi({
      'GET /api/abp/application-configuration': config,
      'POST /api/account/verify-password-reset-token': () => true,
      'POST /api/account/reset-password': () => undefined,
    })
    renderAt('/reset-password?userId=u-1&resetToken=tok-1&__tenant=demo')
    const password = await screen.findByTestId('reset-link-password')
    expect(getTenant()).toBe('demo')
    expect(screen.getByTestId('tenant-name').textContent).toBe('demo')
    expect(screen.queryByTestId('reset-method')).toBeNull()
    expect(screen.queryByTestId('reset-form-phoneNumber')).toBeNull()
    expect(calls.find((c) => c.path === '/api/account/verify-password-reset-token')?.body).toEqual({ userId: 'u-1', resetToken: 'tok-1' })

    fireEvent.change(password, { target: { value: 'New-1234' } })
    fireEvent.change(screen.getByTestId('reset-link-confirmPassword'), { target: { value: 'Other-1234' } })
    fireEvent.click(screen.getByTestId('reset-link-submit'))
    expect(await screen.findByText('The two passwords do not match!')).toBeTruthy()
    expect(calls.some((c) => c.path === '/api/account/reset-password')).toBe(false)

    fireEvent.change(screen.getByTestId('reset-link-confirmPassword'), { target: { value: 'New-1234' } })
    fireEvent.click(screen.getByTestId('reset-link-submit'))
    expect(await screen.findByText('the login page')).toBeTruthy()
    expect(calls.find((c) => c.path === '/api/account/reset-password')?.body).toEqual({ userId: 'u-1', resetToken: 'tok-1', password: 'New-1234' })
  })

  it('says an invalid or expired link is so, and offers to ask for a new one by e-mail', async () => {
    mockApi({
      'GET /api/abp/application-configuration': config,
      'POST /api/account/verify-password-reset-token': () => false,
    })
    renderAt('/reset-password?userId=u-1&resetToken=old')
    expect(await screen.findByText('This link is not valid or has expired')).toBeTruthy()
    expect(screen.queryByTestId('reset-link-password')).toBeNull()
    fireEvent.click(screen.getByTestId('reset-ask-again'))
    expect(await screen.findByTestId('reset-email')).toBeTruthy()
  })

  it('turns to the invalid state when the link went bad before the password was sent', async () => {
    let valid = true
    mockApi({
      'GET /api/abp/application-configuration': config,
      'POST /api/account/verify-password-reset-token': () => valid,
      'POST /api/account/reset-password': () => {
        valid = false
        return new Response(JSON.stringify({ error: { message: 'The password reset link has already been used; please ask for a new one' } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        })
      },
    })
    renderAt('/reset-password?userId=u-1&resetToken=tok-1')
    fireEvent.change(await screen.findByTestId('reset-link-password'), { target: { value: 'New-1234' } })
    fireEvent.change(screen.getByTestId('reset-link-confirmPassword'), { target: { value: 'New-1234' } })
    fireEvent.click(screen.getByTestId('reset-link-submit'))
    expect(await screen.findByText('This link is not valid or has expired')).toBeTruthy()
  })

  it('sends the reset link to an e-mail address and says it went if the address is known', async () => {
    const calls = mockApi({
      'GET /api/abp/application-configuration': config,
      'POST /api/account/send-password-reset-code': () => undefined,
    })
    renderAt('/reset-password')
    expect(await screen.findByTestId('reset-form-phoneNumber')).toBeTruthy()
    fireEvent.click(screen.getByText('E-mail'))
    const input = await screen.findByTestId('reset-email')
    fireEvent.change(input, { target: { value: 'not an address' } })
    fireEvent.click(screen.getByTestId('reset-email-submit'))
    expect(await screen.findByText('The e-mail address is not valid')).toBeTruthy()
    fireEvent.change(input, { target: { value: ' someone@example.com ' } })
    fireEvent.click(screen.getByTestId('reset-email-submit'))
    expect(await screen.findByText('Check your e-mail')).toBeTruthy()
    expect(screen.getByText(/If someone@example.com belongs to an account/)).toBeTruthy()
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/account/send-password-reset-code')).toHaveLength(1))
    expect(calls.find((c) => c.path === '/api/account/send-password-reset-code')?.body).toMatchObject({ email: 'someone@example.com' })
  })
})
