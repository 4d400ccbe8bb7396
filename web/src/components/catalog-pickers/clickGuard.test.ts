import { describe, expect, it } from 'vitest'
import { CLICK_GUARD_MS, createClickGuard } from './clickGuard'

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
