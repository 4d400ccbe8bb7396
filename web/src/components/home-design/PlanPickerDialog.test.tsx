// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp } from '../../test/render'
import { PlanPickerDialog } from './index'
import { PLANS, serveHomeDesign, UNBOUND } from './testServer'

const okButton = () => document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLButtonElement
const cards = () => screen.getAllByTestId('plan-card')
const names = () => cards().map((c) => c.textContent)

describe('PlanPickerDialog', () => {
  it('fetches up to 999 plans once and shows 8 a page with picture and name', async () => {
    const calls = serveHomeDesign()
    renderWithApp(<PlanPickerDialog open onCancel={() => undefined} onPick={async () => undefined} />)
    await waitFor(() => expect(cards()).toHaveLength(8))
    expect(names()[0]).toBe('Plan 1')
    expect(cards()[0].querySelector('img')?.getAttribute('alt')).toBe('Plan 1')
    expect(screen.getByText('10 schemes')).toBeTruthy()
    await userEvent.click(screen.getByTitle('2'))
    expect(names()).toEqual(['Plan 9', 'Plan 10'])
    const lists = calls.filter((c) => c.path === '/api/app/home-design/plans')
    expect(lists).toHaveLength(1)
    expect(lists[0].query.get('num')).toBe('999')
    expect(lists[0].query.get('start')).toBe('0')
  })

  it('refuses to confirm without a selection: 请选择方案号 / Choose a scheme', async () => {
    serveHomeDesign()
    const onPick = vi.fn(async () => undefined)
    renderWithApp(<PlanPickerDialog open onCancel={() => undefined} onPick={onPick} />)
    await waitFor(() => expect(cards()).toHaveLength(8))
    await userEvent.click(okButton())
    expect(await screen.findByText('Choose a scheme')).toBeTruthy()
    expect(onPick).not.toHaveBeenCalled()
  })

  it('selects a clicked card visibly, hands it to onPick and stays loading until it settles', async () => {
    serveHomeDesign()
    let settle: () => void = () => undefined
    const onPick = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)))
    renderWithApp(<PlanPickerDialog open onCancel={() => undefined} onPick={onPick} />)
    await waitFor(() => expect(cards()).toHaveLength(8))
    await userEvent.click(cards()[2])
    expect(cards()[2].getAttribute('aria-selected')).toBe('true')
    expect(cards()[0].getAttribute('aria-selected')).toBe('false')
    expect(screen.getByText('Selected: Plan 3')).toBeTruthy()
    await userEvent.click(okButton())
    expect(onPick).toHaveBeenCalledWith(PLANS[2])
    await waitFor(() => expect(okButton().className).toContain('ant-btn-loading'))
    await userEvent.click(okButton())
    expect(onPick).toHaveBeenCalledTimes(1)
    settle()
    await waitFor(() => expect(okButton().className).not.toContain('ant-btn-loading'))
  })

  it('stays open with its selection when onPick rejects', async () => {
    serveHomeDesign()
    const onPick = vi.fn(async () => {
      throw new Error('refused')
    })
    renderWithApp(<PlanPickerDialog open onCancel={() => undefined} onPick={onPick} />)
    await waitFor(() => expect(cards()).toHaveLength(8))
    await userEvent.click(cards()[1])
    await userEvent.click(okButton())
    await waitFor(() => expect(onPick).toHaveBeenCalled())
    await waitFor(() => expect(okButton().className).not.toContain('ant-btn-loading'))
    expect(cards()[1].getAttribute('aria-selected')).toBe('true')
    expect(screen.getByText('Selected: Plan 2')).toBeTruthy()
  })

  it('searches by keyword on the server', async () => {
    const calls = serveHomeDesign()
    renderWithApp(<PlanPickerDialog open onCancel={() => undefined} onPick={async () => undefined} />)
    await waitFor(() => expect(cards()).toHaveLength(8))
    await userEvent.type(screen.getByPlaceholderText('Search scheme names'), 'Plan 1{Enter}')
    await waitFor(() => expect(names()).toEqual(['Plan 1', 'Plan 10']))
    expect(calls.filter((c) => c.path === '/api/app/home-design/plans').at(-1)?.query.get('keyword')).toBe('Plan 1')
  })

  it('moves the selection with the arrow keys and confirms with Enter', async () => {
    serveHomeDesign()
    const onPick = vi.fn(async () => undefined)
    renderWithApp(<PlanPickerDialog open onCancel={() => undefined} onPick={onPick} />)
    await waitFor(() => expect(cards()).toHaveLength(8))
    const grid = screen.getByRole('listbox')
    fireEvent.keyDown(grid, { key: 'ArrowRight' })
    expect(screen.getByText('Selected: Plan 1')).toBeTruthy()
    fireEvent.keyDown(grid, { key: 'ArrowDown' })
    fireEvent.keyDown(grid, { key: 'ArrowRight' })
    expect(screen.getByText('Selected: Plan 6')).toBeTruthy()
    fireEvent.keyDown(grid, { key: 'ArrowDown' })
    expect(screen.getByText('Selected: Plan 10')).toBeTruthy()
    expect(names()).toEqual(['Plan 9', 'Plan 10'])
    fireEvent.keyDown(grid, { key: 'Enter' })
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(PLANS[9]))
  })

  it('without a bound account offers the binding dialog instead of plans', async () => {
    const calls = serveHomeDesign({ binding: UNBOUND })
    renderWithApp(<PlanPickerDialog open onCancel={() => undefined} onPick={async () => undefined} />)
    expect(await screen.findByText('No design platform account is bound; bind one to choose a scheme')).toBeTruthy()
    expect(calls.some((c) => c.path === '/api/app/home-design/plans')).toBe(false)
    await userEvent.click(screen.getByRole('button', { name: 'Bind a design platform account' }))
    expect(await screen.findByText('Design platform account')).toBeTruthy()
    expect(screen.getByText('Not bound')).toBeTruthy()
  })

  it('shows the server message when the plans cannot be read', async () => {
    serveHomeDesign({
      extra: {
        'GET /api/app/home-design/plans': () =>
          new Response(JSON.stringify({ error: { message: 'The design platform did not answer' } }), { status: 400, headers: { 'content-type': 'application/json' } }),
      },
    })
    renderWithApp(<PlanPickerDialog open onCancel={() => undefined} onPick={async () => undefined} />)
    expect(await screen.findByText('The design platform did not answer')).toBeTruthy()
  })
})
