import { describe, expect, it } from 'vitest'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'
import { GROUPS } from './groups'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('settings texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })
  it('name every tab and field of every group', () => {
    const all = new Set(keys(en))
    for (const g of GROUPS) {
      expect(all.has(`tab.${g.key}`)).toBe(true)
      for (const f of g.fields) expect(all.has(`field.${g.key}.${f.name.join('.')}`), f.name.join('.')).toBe(true)
    }
  })
  it('say a stored secret is kept when left empty', () => {
    expect(zh.secretSet).toBe('已设置（留空则不变）')
    expect(en.secretSet).toBe('Set (leave empty to keep)')
  })
})
