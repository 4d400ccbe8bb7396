// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mergedStatesPage } from './api'
import { sheet } from './testServer'
import type { AuditSheet } from './types'

afterEach(() => vi.unstubAllGlobals())

/** A server of `rows` that sorts by creationTime desc and filters one state a call, 99 at most. */
function serve(rows: AuditSheet[]) {
  const calls: URLSearchParams[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const q = new URL(String(input), 'http://kerf.test').searchParams
    calls.push(q)
    const list = rows.filter((r) => String(r.state) === q.get('state')).sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))
    const skip = Number(q.get('skipCount'))
    const max = Math.min(99, Number(q.get('maxResultCount')))
    return new Response(JSON.stringify({ items: list.slice(skip, skip + max), totalCount: list.length }), { headers: { 'content-type': 'application/json' } })
  })
  return calls
}

const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString()

describe('mergedStatesPage', () => {
  it('merges the states newest first, pages the merge, and sums the totals', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => sheet(`s${i}`, { state: [0, 2, 4, 5][i % 4], creationTime: at(i) }))
    const calls = serve(rows)
    const expected = rows.filter((r) => [0, 2, 4].includes(r.state)).sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))
    const page = await mergedStatesPage([0, 2, 4], {}, 'creationTime desc', 150, 20)
    expect(page.totalCount).toBe(expected.length)
    expect(page.items.map((r) => r.id)).toEqual(expected.slice(150, 170).map((r) => r.id))
    // 170 rows a state needed: two calls each (99 is the server's page)
    expect(calls.every((q) => Number(q.get('maxResultCount')) <= 99)).toBe(true)
    expect(calls.map((q) => q.get('sorting'))).toContain('creationTime desc')
  })

  it('stops reading a state at its end', async () => {
    const calls = serve([sheet('a', { state: 0 }), sheet('b', { state: 4, creationTime: '2025-02-01T00:00:00.5Z' })])
    const page = await mergedStatesPage([0, 2, 4], { salesOrderNo: 'SO1' }, 'creationTime desc', 0, 20)
    expect(page.items.map((r) => r.id)).toEqual(['b', 'a'])
    expect(calls).toHaveLength(3)
    expect(calls.every((q) => q.get('salesOrderNo') === 'SO1')).toBe(true)
  })
})
