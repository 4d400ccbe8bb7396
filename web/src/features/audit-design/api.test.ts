// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { queueQuery } from './api'
import { sheet } from './testServer'

afterEach(() => vi.unstubAllGlobals())

/** Records the list calls and answers one sheet. */
function serve() {
  const calls: URLSearchParams[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    calls.push(new URL(String(input), 'http://kerf.test').searchParams)
    return new Response(JSON.stringify({ items: [sheet('a', { state: 2 })], totalCount: 1 }), { headers: { 'content-type': 'application/json' } })
  })
  return calls
}

describe('queueQuery', () => {
  it('asks once for every claimable state on the waiting tab', async () => {
    const calls = serve()
    const page = await new QueryClient().fetchQuery(queueQuery({ tab: 'waiting', skipCount: 20, maxResultCount: 20, salesOrderNo: 'SO1' }))
    expect(calls).toHaveLength(1)
    expect(calls[0].get('state')).toBe('0,2,4')
    expect(calls[0].get('salesOrderNo')).toBe('SO1')
    expect(calls[0].get('skipCount')).toBe('20')
    expect(calls[0].get('claimedBy')).toBeNull()
    expect(page.totalCount).toBe(1)
  })

  it('asks for my sheets in the searched state only', async () => {
    const calls = serve()
    await new QueryClient().fetchQuery(queueQuery({ tab: 'mine', state: 1, skipCount: 0, maxResultCount: 20 }))
    expect(calls[0].get('claimedBy')).toBe('me')
    expect(calls[0].get('state')).toBe('1')
  })
})
