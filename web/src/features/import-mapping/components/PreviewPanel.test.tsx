// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockApi, renderWithApp } from '../../../test/render'
import { invalid } from '../testServer'
import type { PreviewResult } from '../types'
import { PreviewPanel, showValue } from './PreviewPanel'

const PATH = '/api/basic-setup/import-rule-mappings/m1/preview'
const answer: PreviewResult = {
  fields: [
    { fieldName: 'name', displayName: 'Product name', column: 'A', valueType: 0 },
    { fieldName: 'width', displayName: 'Width', column: 'B', valueType: 2 },
    { fieldName: 'isUrgent', displayName: 'Urgent', column: 'C', valueType: 3 },
    { fieldName: 'deliveryDate', displayName: 'Delivery date', column: 'D', valueType: 4 },
  ],
  rows: [
    { row: 2, values: { name: 'Base 600', width: '600.5', isUrgent: true, deliveryDate: '2026-01-31T00:00:00Z' } },
    { row: 4, values: { name: 'Wall 900', width: null, isUrgent: false, deliveryDate: null } },
  ],
  errors: [{ row: 3, column: 'B', fieldName: 'width', message: 'Row 3, column B: Width must be a number, not "wide"' }],
  moreErrors: 0,
  totalRows: 3,
  validRows: 2,
}

const file = () => new File(['PK'], 'orders.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })
const input = () => screen.getByTestId('preview-panel').querySelector('input[type="file"]') as HTMLInputElement

describe('PreviewPanel', () => {
  it('sends the chosen file and shows the typed rows and every error with its row and column', async () => {
    const calls = mockApi({ [`POST ${PATH}`]: () => answer })
    renderWithApp(<PreviewPanel mappingId="m1" />)
    expect(input().accept).toBe('.xlsx,.csv')
    await userEvent.upload(input(), file())
    const result = within(await screen.findByTestId('preview-result'))
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData
    expect((sent.get('file') as File).name).toBe('orders.xlsx')

    expect(result.getByTestId('preview-summary').textContent).toBe('3 data rows, 2 read without error, 1 error')
    const rows = result.getAllByTestId('preview-row')
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['2', 'Base 600', '600.5', 'Yes', '2026-01-31'],
      ['4', 'Wall 900', '–', 'No', '–'],
    ])
    const headers = [...screen.getByTestId('preview-rows').querySelectorAll('thead th')].map((th) => th.textContent)
    expect(headers).toEqual(['Row', 'Product name (A)', 'Width (B)', 'Urgent (C)', 'Delivery date (D)'])
    const errors = result.getAllByTestId('preview-error')
    expect(errors.map((e) => [e.getAttribute('data-row'), e.getAttribute('data-column'), e.textContent])).toEqual([
      ['3', 'B', 'Row 3, column B: Width must be a number, not "wide"'],
    ])
  })

  it('says why a file was refused', async () => {
    mockApi({ [`POST ${PATH}`]: () => invalid('The file is larger than 10 MB', []) })
    renderWithApp(<PreviewPanel mappingId="m1" />)
    await userEvent.upload(input(), file())
    await waitFor(() => expect(screen.getByTestId('preview-failed').textContent).toContain('The file is larger than 10 MB'))
    expect(screen.queryByTestId('preview-result')).toBeNull()
  })
})

describe('showValue', () => {
  it('shows dates as they were read, with a time only when there is one', () => {
    expect(showValue('2026-01-31T00:00:00Z', 4, 'Yes', 'No')).toBe('2026-01-31')
    expect(showValue('2026-01-31T08:30:00Z', 4, 'Yes', 'No')).toBe('2026-01-31 08:30:00')
    expect(showValue('', 0, 'Yes', 'No')).toBe('–')
  })
})
