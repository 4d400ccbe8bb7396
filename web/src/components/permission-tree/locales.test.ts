import { describe, expect, it } from 'vitest'
import zhTree from './locales/zh-Hans.json'
import enTree from './locales/en.json'
import zhClaims from '../claims/locales/zh-Hans.json'
import enClaims from '../claims/locales/en.json'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('permission tree and claims texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(enTree).sort()).toEqual(keys(zhTree).sort())
    expect(keys(enClaims).sort()).toEqual(keys(zhClaims).sort())
  })
})
