import { describe, expect, it, vi } from 'vitest'
import { CLICK_GUARD_MS, clickGuardOff, createClickGuard } from './clickGuard'

describe('click guard', () => {
  it('lets the first click through and ignores a second one within 2 s', () => {
    let t = 1000
    const g = createClickGuard(CLICK_GUARD_MS, () => t)
    expect(g.pass('add')).toBe(true)
    t += 1999
    expect(g.pass('add')).toBe(false)
    t += 1
    expect(g.pass('add')).toBe(true)
  })

  it('guards each key on its own', () => {
    const t = 0
    const g = createClickGuard(2000, () => t)
    expect(g.pass('row:1')).toBe(true)
    expect(g.pass('row:2')).toBe(true)
    expect(g.pass('row:1')).toBe(false)
  })

  it('measures from the click that acted, not from ignored ones', () => {
    let t = 0
    const g = createClickGuard(2000, () => t)
    g.pass()
    t = 1500
    expect(g.pass()).toBe(false)
    t = 2000
    expect(g.pass()).toBe(true)
  })

  it('can be reset', () => {
    const g = createClickGuard(2000, () => 0)
    g.pass('a')
    g.reset('a')
    expect(g.pass('a')).toBe(true)
  })
})

describe('click guard switched off', () => {
  it('lets every click through while off, and guards again once on', () => {
    let off = true
    const g = createClickGuard(2000, () => 0, () => off)
    expect(g.pass('add')).toBe(true)
    expect(g.pass('add')).toBe(true)
    off = false
    expect(g.pass('add')).toBe(true)
    expect(g.pass('add')).toBe(false)
  })

  it("is off when local storage says kerf.clickGuard = 'off' (what the browser tests set)", () => {
    const store = new Map<string, string>()
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) })
    try {
      expect(clickGuardOff()).toBe(false)
      store.set('kerf.clickGuard', 'off')
      expect(clickGuardOff()).toBe(true)
      const g = createClickGuard(2000, () => 0)
      expect(g.pass('row')).toBe(true)
      expect(g.pass('row')).toBe(true)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
