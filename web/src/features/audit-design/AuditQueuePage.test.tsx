// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp } from '../../test/render'
import { AuditQueuePage, toQueueFilter } from './AuditQueuePage'
import { calls, serveSheets, sheet } from './testServer'

describe('AuditQueuePage', () => {
  it('lists the claimable sheets (waiting, revoked, sent back) with their orders, and claims the selected', async () => {
    const all = serveSheets([sheet('a', { state: 0 }), sheet('b', { state: 4 }), sheet('c', { state: 1 })], {
      'POST /api/sales-order/audit-designss/claim': () => ({ items: [] }),
    })
    renderWithApp(<AuditQueuePage />, { granted: ['AuditDesign', 'AuditDesign.Claim', 'AuditDesign.Pass'] })
    expect(await screen.findByText('Design review')).toBeTruthy()
    await waitFor(() => expect(screen.getAllByTestId('sheet-row')).toHaveLength(2))
    const states = calls(all, 'GET', '/api/sales-order/audit-designss').map((c) => c.query.get('state'))
    expect(states).toEqual(['0,2,4'])
    expect(screen.getAllByTestId('sheet-order')[0].getAttribute('href')).toBe('/sales/orders/o-1')
    expect(screen.queryByTestId('sheet-action-pass')).toBeNull()
    const row = screen.getAllByTestId('sheet-row').find((r) => r.getAttribute('data-id') === 'b') as HTMLElement
    await userEvent.click(within(row).getByRole('checkbox'))
    await userEvent.click(screen.getByTestId('sheet-action-claim'))
    expect(await screen.findByText('Claimed successfully')).toBeTruthy()
    expect(calls(all, 'POST', '/api/sales-order/audit-designss/claim')[0].body).toEqual({ auditIds: ['b'] })
  })

  it('"My sheets" asks for the sheets I claimed', async () => {
    const all = serveSheets([sheet('c', { state: 1 })])
    renderWithApp(<AuditQueuePage />, { granted: ['AuditDesign', 'AuditDesign.Pass', 'AuditDesign.Reject', 'AuditDesign.Sendback'] })
    await userEvent.click(await screen.findByTestId('queue-tab-mine'))
    await waitFor(() => expect(calls(all, 'GET', '/api/sales-order/audit-designss').some((c) => c.query.get('claimedBy') === 'me')).toBe(true))
    expect(await screen.findByTestId('sheet-action-pass')).toBeTruthy()
    expect(screen.getByTestId('sheet-action-reject')).toBeTruthy()
    expect(screen.getByTestId('sheet-action-sendback')).toBeTruthy()
  })

  it('turns the search into the list filter', () => {
    expect(toQueueFilter({ salesOrderNo: 'SO1', state: '4', created: ['2025-01-01', '2025-01-31'] })).toEqual({
      salesOrderNo: 'SO1',
      state: 4,
      from: '2025-01-01',
      to: '2025-01-31',
    })
    expect(toQueueFilter({})).toEqual({ salesOrderNo: undefined, state: undefined, from: undefined, to: undefined })
  })
})
