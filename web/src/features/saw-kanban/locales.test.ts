import { describe, expect, it } from 'vitest'
import zh from './locales/zh-Hans.json'
import en from './locales/en.json'

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix]
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

describe('saw kanban texts', () => {
  it('have the same keys in zh-Hans and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })
  it('name the page and the three columns in both languages', () => {
    expect(zh.title).toBe('锯看板')
    expect(en.title).toBe('Saw kanban')
    expect([zh.columns['0'], zh.columns['1'], zh.columns['2']]).toEqual(['待锯', '锯切中', '已完成'])
    expect([en.columns['0'], en.columns['1'], en.columns['2']]).toEqual(['Waiting', 'Cutting', 'Done'])
  })
  it('title the confirmation 提示 / Tips', () => {
    expect(zh.tips).toBe('提示')
    expect(en.tips).toBe('Tips')
  })
})
