import { beforeEach, describe, expect, it } from 'vitest'
import { GUEST_PERMISSION, loadApplicationConfiguration, PERMISSION_RETRY_LIMIT } from './session'
import type { ApplicationConfiguration } from './types'

class MemoryStorage {
  private m = new Map<string, string>()
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null
  }
  setItem(k: string, v: string) {
    this.m.set(k, v)
  }
  removeItem(k: string) {
    this.m.delete(k)
  }
}

const withPolicies = { auth: { grantedPolicies: { A: true } } } as unknown as ApplicationConfiguration
const withoutPolicies = { auth: {} } as unknown as ApplicationConfiguration

describe('permission loading retries', () => {
  let sleeps: number[]
  beforeEach(() => {
    ;(globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage()
    sleeps = []
  })
  const sleep = async (ms: number) => {
    sleeps.push(ms)
  }

  it('answers at once when permissions come back', async () => {
    const cfg = await loadApplicationConfiguration(async () => withPolicies, sleep)
    expect(cfg).toBe(withPolicies)
    expect(sleeps).toEqual([])
  })

  it('retries once a second until permissions come', async () => {
    let calls = 0
    const cfg = await loadApplicationConfiguration(async () => (++calls < 4 ? withoutPolicies : withPolicies), sleep)
    expect(cfg).toBe(withPolicies)
    expect(sleeps).toEqual([1000, 1000, 1000])
    expect(sessionStorage.getItem('kerf.permissionRetries')).toBeNull()
  })

  it('falls back to the guest permission after 30 tries, counting in session storage', async () => {
    let calls = 0
    const cfg = await loadApplicationConfiguration(async () => {
      calls++
      return withoutPolicies
    }, sleep)
    expect(calls).toBe(PERMISSION_RETRY_LIMIT)
    expect(cfg.auth.grantedPolicies).toEqual({ [GUEST_PERMISSION]: true })
  })

  it('continues the count kept in session storage', async () => {
    sessionStorage.setItem('kerf.permissionRetries', '28')
    let calls = 0
    await loadApplicationConfiguration(async () => {
      calls++
      return withoutPolicies
    }, sleep)
    expect(calls).toBe(2)
  })

  it('fails at once on a client error such as 401', async () => {
    await expect(
      loadApplicationConfiguration(async () => {
        throw Object.assign(new Error('nope'), { status: 401 })
      }, sleep),
    ).rejects.toThrow('nope')
    expect(sleeps).toEqual([])
  })

  it('retries server errors and gives up with the last error', async () => {
    let calls = 0
    await expect(
      loadApplicationConfiguration(async () => {
        calls++
        throw Object.assign(new Error('down'), { status: 503 })
      }, sleep),
    ).rejects.toThrow('down')
    expect(calls).toBe(PERMISSION_RETRY_LIMIT)
  })
})
