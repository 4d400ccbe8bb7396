// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { mockApi, renderWithApp } from '../../test/render'
import type { RunProgress } from './api'

// The hub connection is replaced: the test pushes what the server would.
const hub = vi.hoisted(() => ({
  handlers: new Map<string, (...args: unknown[]) => void>(),
  used: [] as [string, boolean][],
}))
vi.mock('../../api/realtime', () => ({
  useHub: (name: string, enabled = true) => {
    hub.used.push([name, enabled])
    return { status: enabled ? 'connected' : 'disconnected', invoke: vi.fn() }
  },
  useHubEvent: (name: string, method: string, handler: (...args: unknown[]) => void) => void hub.handlers.set(`${name}/${method}`, handler),
  useHubReconnected: () => undefined,
}))

const { RunProgressCard } = await import('./components/RunProgressCard')

const CLIENT = 'Notifications.PushMessages.Client'
const RUN = '0b7f6c2e-4a4e-4f55-9d7e-2a0e6a1d0001'

const progress = (extra: Partial<RunProgress> = {}): RunProgress => ({
  id: RUN,
  planNo: 'OP20260301001',
  status: 1,
  percent: 10,
  boards: 1,
  bestUtilisation: 0.5,
  lowerBound: 1,
  message: '',
  ...extra,
})

function server() {
  return mockApi({ 'GET /api/optimization/import-files/progress': () => ({ items: [progress()] }) })
}

const percent = () => screen.getByTestId('run-percent').textContent
const push = (p: RunProgress) => act(() => hub.handlers.get('notifications/optimization-progress')!(p))

describe('live progress', () => {
  beforeEach(() => {
    hub.handlers.clear()
    hub.used.length = 0
  })
  afterEach(() => vi.restoreAllMocks())

  it('moves the bar at once on a pushed progress, without another call to the server', async () => {
    const calls = server()
    renderWithApp(<RunProgressCard runId={RUN} />, { granted: [CLIENT] })
    await waitFor(() => expect(percent()).toContain('10%'))
    expect(hub.used).toContainEqual(['notifications', true])
    const asked = calls.length
    push(progress({ percent: 55.4, boards: 3 }))
    await waitFor(() => expect(percent()).toContain('55%'))
    expect(screen.getByTestId('run-boards').textContent).toBe('3')
    // Another run's progress leaves this one as it is.
    push(progress({ id: '0b7f6c2e-4a4e-4f55-9d7e-2a0e6a1d0002', percent: 90 }))
    push(progress({ status: 2, percent: 100, boards: 4 }))
    await waitFor(() => expect(screen.getByTestId('run-progress').getAttribute('data-status')).toBe('2'))
    expect(percent()).toContain('100%')
    expect(calls.length).toBe(asked)
  })

  it('does not connect the hub without Notifications.PushMessages.Client and keeps polling every second', async () => {
    let n = 0
    const calls = mockApi({ 'GET /api/optimization/import-files/progress': () => ({ items: [progress({ percent: 10 + 20 * n++ })] }) })
    renderWithApp(<RunProgressCard runId={RUN} />, { granted: [] })
    await waitFor(() => expect(percent()).toContain('10%'))
    expect(hub.used.every(([, enabled]) => !enabled)).toBe(true)
    await waitFor(() => expect(percent()).toContain('30%'), { timeout: 2500 })
    expect(calls.length).toBeGreaterThanOrEqual(2)
  })
})
