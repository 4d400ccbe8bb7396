// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithApp } from '../../test/render'
import { AuditDesignPanel, type AuditOrder } from './AuditDesignPanel'
import { ORDER_ID, calls, serveSheets, sheet } from './testServer'

const ALL = [
  'AuditDesign',
  'AuditDesign.Claim',
  'AuditDesign.Reject',
  'AuditDesign.Sendback',
  'AuditDesign.Pass',
  'AuditDesign.Discard',
  'AuditDesign.Edit',
  'AuditDesign.Assgin',
  'AuditDesign.Download',
  'AuditDesign.MadePrice',
  'SalesOrder.Orders.Edit',
]
const order = (over: Partial<AuditOrder> = {}): AuditOrder => ({ id: ORDER_ID, salesOrderId: 'SO202501150001', status: 0, desginId: 'd-1', ...over })
const open = (o = order(), granted = ALL, props: { onOrderChanged?: () => void; onFilesChanged?: () => void } = {}) =>
  renderWithApp(<AuditDesignPanel order={o} {...props} />, { granted })
const rowOf = (name: string) => screen.getAllByTestId('sheet-row').find((r) => r.getAttribute('data-name') === name) as HTMLElement
const tick = async (name: string) => userEvent.click(within(rowOf(name)).getByRole('checkbox'))

describe('AuditDesignPanel', () => {
  it('reads the order sheets 99 a page by level, and says when no scheme is chosen', async () => {
    const all = serveSheets([])
    const first = open(order({ desginId: '' }))
    expect(await screen.findByText('No design chosen — choose a scheme')).toBeTruthy()
    expect(screen.getByTestId('choose-scheme')).toHaveProperty('disabled', false)
    expect(screen.getByTestId('cancel-scheme')).toHaveProperty('disabled', true)
    const q = calls(all, 'GET', '/api/sales-order/audit-designss')[0].query
    expect([q.get('salesOrderId'), q.get('maxResultCount'), q.get('skipCount'), q.get('sorting')]).toEqual([ORDER_ID, '99', '0', 'levelIndex'])
    first.unmount()

    serveSheets([sheet('a', { state: 3, rejectComment: 'wrong colour' })])
    open()
    await waitFor(() => expect(screen.getAllByTestId('sheet-row')).toHaveLength(1))
    expect(screen.getByTestId('sheet-state').textContent).toBe('Rejected')
    expect(screen.getByText('wrong colour')).toBeTruthy()
    expect(screen.getByTestId('choose-scheme')).toHaveProperty('disabled', true)
    expect(screen.getByTestId('cancel-scheme')).toHaveProperty('disabled', false)
  })

  it('offers only the actions the user holds, and each needs a selected sheet', async () => {
    const all = serveSheets([sheet('a')])
    open(order(), ['AuditDesign', 'AuditDesign.Claim'])
    await screen.findByTestId('sheet-row')
    expect(screen.queryByTestId('sheet-action-pass')).toBeNull()
    expect(screen.queryByTestId('sheet-action-quotation')).toBeNull()
    expect(screen.queryByTestId('choose-scheme')).toBeNull()
    await userEvent.click(screen.getByTestId('sheet-action-claim'))
    expect(await screen.findByText('Please select audit sheets')).toBeTruthy()
    expect(calls(all, 'POST', '/api/sales-order/audit-designss/claim')).toHaveLength(0)
  })

  it('claims the selected sheets in one call and reads the order again', async () => {
    const onOrderChanged = vi.fn()
    const all = serveSheets([sheet('a'), sheet('b', { levelIndex: 2 })], { 'POST /api/sales-order/audit-designss/claim': () => ({ items: [] }) })
    open(order(), ALL, { onOrderChanged })
    await waitFor(() => expect(screen.getAllByTestId('sheet-row')).toHaveLength(2))
    await tick('Solution b')
    await userEvent.click(screen.getByTestId('sheet-action-claim'))
    expect(await screen.findByText('Claimed successfully')).toBeTruthy()
    expect(calls(all, 'POST', '/api/sales-order/audit-designss/claim')[0].body).toEqual({ auditIds: ['b'] })
    await waitFor(() => expect(onOrderChanged).toHaveBeenCalled())
  })

  it('rejects only with a reason, sent with the sheets', async () => {
    const all = serveSheets([sheet('a', { state: 1 })], { 'POST /api/sales-order/audit-designss/reject': () => ({ items: [] }) })
    open()
    await screen.findByTestId('sheet-row')
    await tick('Solution a')
    await userEvent.click(screen.getByTestId('sheet-action-reject'))
    await userEvent.click(await screen.findByTestId('comment-confirm'))
    expect(await screen.findByText('Enter the reason for rejecting')).toBeTruthy()
    expect(calls(all, 'POST', '/api/sales-order/audit-designss/reject')).toHaveLength(0)
    await userEvent.type(screen.getByTestId('comment-input'), 'doors too wide')
    await userEvent.click(screen.getByTestId('comment-confirm'))
    expect(await screen.findByText('Rejected successfully')).toBeTruthy()
    expect(calls(all, 'POST', '/api/sales-order/audit-designss/reject')[0].body).toEqual({ auditIds: ['a'], comment: 'doors too wide' })
  })

  it('cancels the scheme after the confirmation', async () => {
    const onOrderChanged = vi.fn()
    const all = serveSheets([sheet('a')], { [`DELETE /api/app/salesorder/design-id/${ORDER_ID}`]: () => undefined })
    open(order(), ALL, { onOrderChanged })
    await screen.findByTestId('sheet-row')
    await userEvent.click(screen.getByTestId('cancel-scheme'))
    expect((await screen.findAllByText('Tips')).length).toBeGreaterThan(0)
    await userEvent.click(screen.getByTestId('cancel-scheme-confirm'))
    expect(await screen.findByText('Cancelled successfully')).toBeTruthy()
    expect(calls(all, 'DELETE', `/api/app/salesorder/design-id/${ORDER_ID}`)).toHaveLength(1)
    expect(onOrderChanged).toHaveBeenCalled()
  })

  it('highlights JSON while a selected sheet is not downloaded', async () => {
    serveSheets([sheet('a', { state: 5 }), sheet('b', { state: 5, isDownload: true })])
    open()
    await waitFor(() => expect(screen.getAllByTestId('sheet-row')).toHaveLength(2))
    const json = screen.getByTestId('sheet-action-json')
    expect(json.getAttribute('data-highlighted')).toBe('false')
    await tick('Solution b')
    expect(json.getAttribute('data-highlighted')).toBe('false')
    await tick('Solution a')
    await waitFor(() => expect(json.getAttribute('data-highlighted')).toBe('true'))
  })

  it('generates the quotation with the default type and refreshes the order files', async () => {
    const onFilesChanged = vi.fn()
    const all = serveSheets([sheet('a', { state: 5 })], { 'POST /api/sales-order/audit-designss/generate-quotation': () => ({ id: 'f-1' }) })
    open(order(), ALL, { onFilesChanged })
    await screen.findByTestId('sheet-row')
    await tick('Solution a')
    await userEvent.click(screen.getByTestId('sheet-action-quotation'))
    await userEvent.click(await screen.findByTestId('quotation-confirm'))
    expect(await screen.findByText('Generated successfully')).toBeTruthy()
    expect(calls(all, 'POST', '/api/sales-order/audit-designss/generate-quotation')[0].body).toEqual({ auditIds: ['a'] })
    expect(onFilesChanged).toHaveBeenCalled()
  })
})
