import { describe, expect, it } from 'vitest'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('chat texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })

  it('carry the spec texts of the friend flow (spec 002 §8)', () => {
    expect(zh.friendAdded).toBe('已添加对方为好友!')
    expect(zh.requestSent).toBe('好友请求已发送，等待对方验证通过')
  })
})
