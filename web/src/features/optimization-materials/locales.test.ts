import { describe, expect, it } from 'vitest'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

function placeholders(s: string): string[] {
  return [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()
}

function leaves(o: unknown, prefix = ''): [string, string][] {
  if (typeof o !== 'object' || o === null) return [[prefix, String(o)]]
  return Object.entries(o).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
}

describe('optimisation materials texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })
  it('use the same placeholders in both languages', () => {
    const zhText = Object.fromEntries(leaves(zh))
    for (const [k, v] of leaves(en)) expect(placeholders(zhText[k] ?? ''), k).toEqual(placeholders(v))
  })
  it('title the confirmations 提示 / Tips', () => {
    expect(zh.tips).toBe('提示')
    expect(en.tips).toBe('Tips')
  })
})
