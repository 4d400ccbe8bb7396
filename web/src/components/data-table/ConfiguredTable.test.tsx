// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { mockApi, pageOf, renderWithApp, type ApiHandler } from '../../test/render'
import { ListPage, ROWS } from './testHarness'

const ROUTE = '/basic-setup/data-dictionary'
const CONFIG = 'GET /api/pageconfiguration/config/zzzbasic-setupzzzdata-dictionary'

function api(over: Record<string, ApiHandler> = {}) {
  return mockApi({
    [CONFIG]: () => ({ routeKey: 'zzzbasic-setupzzzdata-dictionary', config: '', source: 'none', allowed: true, hiddenFields: [] }),
    'GET /api/app/salesorder/issystemadmin': () => false,
    'GET /api/rows': (c) => pageOf(ROWS, c),
    ...over,
  })
}

const headers = () => within(screen.getByTestId('t-table')).getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean)

describe('ConfiguredTable', () => {
  it('shows the declared default columns of its route', async () => {
    const calls = api()
    renderWithApp(<ListPage />, { path: ROUTE })
    await screen.findByText('Base 600')
    expect(headers()).toEqual(['Order id', 'Name', 'Quantity', 'Due', 'Urgent'])
    expect(calls.some((c) => c.path === '/api/pageconfiguration/config/zzzbasic-setupzzzdata-dictionary')).toBe(true)
  })
})
