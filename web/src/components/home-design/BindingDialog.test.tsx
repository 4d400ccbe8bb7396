// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp } from '../../test/render'
import { BindingDialog } from './index'
import { BOUND, serveHomeDesign, UNBOUND } from './testServer'

const button = (name: string) => screen.getByRole('button', { name })
const posts = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'POST')

describe('BindingDialog', () => {
  it('shows the current binding: platform and account', async () => {
    serveHomeDesign()
    renderWithApp(<BindingDialog open onClose={() => undefined} />)
    expect(await screen.findByText('demo')).toBeTruthy()
    expect(screen.getByTestId('binding-provider').textContent).toBe('Development design platform')
    expect(button('Change')).toBeTruthy()
    expect(button('Unbind')).toBeTruthy()
  })

  it('binds an account: required, at most 64 characters, then 绑定成功 and the dialog closes', async () => {
    const calls = serveHomeDesign({ binding: UNBOUND, extra: { 'POST /api/app/home-design/bind': () => ({ account: 'shop-1', provider: 'development' }) } })
    const onClose = vi.fn()
    renderWithApp(<BindingDialog open onClose={onClose} />)
    expect(await screen.findByText('Not bound')).toBeTruthy()
    await userEvent.click(button('Bind'))
    expect(await screen.findByText('Enter the account')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Account'), 'x'.repeat(65))
    await userEvent.click(button('Bind'))
    expect(await screen.findByText('The account takes at most 64 characters')).toBeTruthy()
    expect(posts(calls)).toHaveLength(0)
    await userEvent.clear(screen.getByLabelText('Account'))
    await userEvent.type(screen.getByLabelText('Account'), ' shop-1 ')
    await userEvent.click(button('Bind'))
    expect(await screen.findByText('Bound successfully')).toBeTruthy()
    expect(posts(calls)).toEqual([expect.objectContaining({ path: '/api/app/home-design/bind', body: { account: 'shop-1' } })])
    expect(onClose).toHaveBeenCalled()
  })

  it('changes the account', async () => {
    const calls = serveHomeDesign({ extra: { 'POST /api/app/home-design/change': () => ({ account: 'other', provider: 'development' }) } })
    renderWithApp(<BindingDialog open onClose={() => undefined} />)
    await screen.findByText('demo')
    await userEvent.type(screen.getByLabelText('New account'), 'other')
    await userEvent.click(button('Change'))
    expect(await screen.findByText('Changed successfully')).toBeTruthy()
    expect(posts(calls)).toEqual([expect.objectContaining({ path: '/api/app/home-design/change', body: { account: 'other' } })])
  })

  it('unbinds only after the Tips confirmation', async () => {
    const calls = serveHomeDesign({ binding: BOUND, extra: { 'POST /api/app/home-design/unbind': () => undefined } })
    renderWithApp(<BindingDialog open onClose={() => undefined} />)
    await screen.findByText('demo')
    await userEvent.click(button('Unbind'))
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Tips'))
    expect(screen.getByText('Unbind the design platform account "demo"?')).toBeTruthy()
    expect(posts(calls)).toHaveLength(0)
    await userEvent.click(button('Confirm'))
    expect(await screen.findByText('Unbound successfully')).toBeTruthy()
    await waitFor(() => expect(posts(calls)).toEqual([expect.objectContaining({ path: '/api/app/home-design/unbind' })]))
  })

  it("shows the server's message when a bind is refused and stays open", async () => {
    serveHomeDesign({
      binding: UNBOUND,
      extra: {
        'POST /api/app/home-design/bind': () =>
          new Response(JSON.stringify({ error: { message: 'Account already bound' } }), { status: 400, headers: { 'content-type': 'application/json' } }),
      },
    })
    const onClose = vi.fn()
    renderWithApp(<BindingDialog open onClose={onClose} />)
    await screen.findByText('Not bound')
    await userEvent.type(screen.getByLabelText('Account'), 'x')
    await userEvent.click(button('Bind'))
    await waitFor(() => expect(button('Bind').className).not.toContain('ant-btn-loading'))
    expect(onClose).not.toHaveBeenCalled()
  })
})
