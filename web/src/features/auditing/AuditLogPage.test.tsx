// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, pageOf, renderWithApp, type ApiCall } from '../../test/render'
import { Permissions } from '../../components'
import type { AuditLog, AuditLogDetail } from './api'
import { AuditingPermissions } from './permissions'
import { AuditLogPage } from './AuditLogPage'

const log = (i: number): AuditLog => ({
  id: `log${i}`,
  tenantId: null,
  userId: null,
  impersonatorUserId: null,
  impersonatorTenantId: null,
  applicationName: 'Kerf',
  browserInfo: '',
  clientId: 'kerf-web',
  correlationId: '',
  userName: i % 2 ? 'admin' : '',
  tenantName: '',
  executionTime: `2025-05-0${(i % 9) + 1}T10:00:00Z`,
  executionDuration: 10 + i,
  clientIpAddress: '10.0.0.1',
  httpMethod: i === 1 ? 'PUT' : 'GET',
  url: `/api/thing/${i}`,
  httpStatusCode: i === 2 ? 500 : 200,
  exceptions: i === 2 ? 'boom' : '',
})
const all = Array.from({ length: 23 }, (_, i) => log(i + 1))

const prop = { entityChangeId: 'c1', tenantId: null, propertyTypeFullName: 'string' }

const detail: AuditLogDetail = {
  ...log(1),
  url: '/api/sales-order/sales-order-catalog-products/p1',
  browserInfo: 'Mozilla/5.0 Test',
  actions: [
    {
      id: 'a1',
      auditLogId: 'log1',
      tenantId: null,
      serviceName: 'catalog',
      methodName: 'update-product',
      parameters: '{"id":"p1"}',
      executionTime: '2025-05-02T10:00:00Z',
      executionDuration: 11,
    },
  ],
  entityChanges: [
    {
      id: 'c1',
      auditLogId: 'log1',
      tenantId: null,
      changeTime: '2025-05-02T10:00:00Z',
      changeType: 1,
      entityId: 'p1',
      entityTypeFullName: 'catalog.Product',
      propertyChanges: [
        { ...prop, id: 'p1', propertyName: 'productName', originalValue: '"Base 600"', newValue: '"Base 650"' },
        { ...prop, id: 'p2', propertyName: 'remark', originalValue: 'null', newValue: '"wide"' },
      ],
    },
  ],
}

function serve() {
  let rows = [...all]
  const calls = mockApi({
    'GET /api/audit-logging/audit-logs': (call: ApiCall) => {
      const user = call.query.get('userName')
      return pageOf(
        rows.filter((r) => !user || r.userName === user),
        call,
      )
    },
    'GET /api/audit-logging/audit-logs/log1': () => detail,
    'DELETE /api/audit-logging/audit-logs/log1': () => {
      rows = rows.filter((r) => r.id !== 'log1')
      return undefined
    },
  })
  return calls
}

const urls = () => screen.queryAllByTestId('audit-row-url').map((e) => e.textContent)

describe('AuditLogPage', () => {
  it('pages on the server and sends the search bar as the query, from the first page', async () => {
    const calls = serve()
    renderWithApp(<AuditLogPage />, { granted: [Permissions['AbpAuditing.AuditLog']] })
    await waitFor(() => expect(urls()).toHaveLength(20))
    expect(screen.getByText('23 in all')).toBeTruthy()
    await userEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(urls()).toHaveLength(3))
    expect(calls.at(-1)?.query.get('skipCount')).toBe('20')

    await userEvent.type(screen.getByTestId('filter-userName'), ' ad min {Enter}')
    await waitFor(() => expect(calls.at(-1)?.query.get('userName')).toBe('admin'))
    expect(calls.at(-1)?.query.get('skipCount')).toBe('0')
    await waitFor(() => expect(urls()).toHaveLength(12))

    await userEvent.click(screen.getByTestId('audit-search-reset'))
    await waitFor(() => expect(calls.at(-1)?.query.get('userName')).toBeNull())
  })

  it('colours the status and offers delete only with its permission', async () => {
    serve()
    renderWithApp(<AuditLogPage />, { granted: [Permissions['AbpAuditing.AuditLog']] })
    await waitFor(() => expect(urls()).toHaveLength(20))
    const statuses = screen.getAllByTestId('audit-row-status')
    expect(statuses[1].textContent).toBe('500')
    expect(statuses[1].className).toMatch(/red/)
    expect(statuses[0].className).toMatch(/green/)
    expect(screen.queryAllByTestId('audit-row-delete')).toHaveLength(0)
    expect(screen.getAllByTestId('audit-row-detail')).toHaveLength(20)
  })

  it('opens a log beside its entity changes, old → new with the changed values highlighted', async () => {
    serve()
    renderWithApp(<AuditLogPage />, { granted: [Permissions['AbpAuditing.AuditLog']] })
    await waitFor(() => expect(urls()).toHaveLength(20))
    await userEvent.click(screen.getAllByTestId('audit-row-detail')[0])
    const drawer = await screen.findByTestId('audit-detail-request')
    expect(within(drawer).getByTestId('audit-detail-url').textContent).toContain('/api/sales-order/sales-order-catalog-products/p1')
    expect(within(drawer).getByText('Mozilla/5.0 Test')).toBeTruthy()
    expect(screen.getByTestId('audit-action').textContent).toContain('catalog · update-product')
    expect(screen.getByTestId('audit-action-parameters').textContent).toContain('"id": "p1"')

    const change = screen.getByTestId('entity-change')
    expect(within(change).getByTestId('change-type').textContent).toBe('Updated')
    expect(within(change).getByTestId('entity-type').textContent).toBe('Product')
    const rows = within(change).getAllByTestId('property-row')
    expect(rows.map((r) => r.getAttribute('data-changed'))).toEqual(['true', 'true'])
    expect(within(rows[0]).getByTestId('property-original').textContent).toBe('Base 600')
    expect(within(rows[0]).getByTestId('property-new').textContent).toBe('Base 650')
    expect(within(rows[1]).getByTestId('property-original').textContent).toBe('(no value)')
  })

  it('deletes a log after a confirmation titled Tips', async () => {
    const calls = serve()
    renderWithApp(<AuditLogPage />, { granted: [Permissions['AbpAuditing.AuditLog'], AuditingPermissions.AuditLogDelete] })
    await waitFor(() => expect(urls()).toHaveLength(20))
    await userEvent.click(screen.getAllByTestId('audit-row-delete')[0])
    const confirm = await screen.findByRole('dialog')
    expect(within(confirm).getAllByText('Tips').length).toBeGreaterThan(0)
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/log1'))).toBe(true))
    await waitFor(() => expect(urls()).not.toContain('/api/thing/1'))
  })
})
