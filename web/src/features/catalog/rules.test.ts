import { describe, expect, it } from 'vitest'
import type { TFunction } from 'i18next'
import { checkItemField } from './rules'

const t = ((k: string, o?: Record<string, unknown>) => (o ? `${k}:${JSON.stringify(o)}` : k)) as unknown as TFunction

describe('checkItemField', () => {
  it('requires the name', () => {
    expect(checkItemField('name', '  ', t, 'name required')).toBe('name required')
  })

  it('limits name to 30, unit to 10 and colour to 18 characters', () => {
    expect(checkItemField('name', 'x'.repeat(30), t, '')).toBeNull()
    expect(checkItemField('name', 'x'.repeat(31), t, '')).toBe('fieldLength:{"min":1,"max":30}')
    expect(checkItemField('unit', 'x'.repeat(11), t, '')).toBe('fieldLength:{"min":0,"max":10}')
    expect(checkItemField('color', 'x'.repeat(19), t, '')).toBe('fieldLength:{"min":0,"max":18}')
    expect(checkItemField('color', '白色', t, '')).toBeNull()
  })

  it('refuses negative numbers and accepts empty ones', () => {
    expect(checkItemField('length', -1, t, '')).toBe('numberMin:{"min":0}')
    expect(checkItemField('length', null, t, '')).toBeNull()
    expect(checkItemField('count', 0, t, '')).toBeNull()
  })
})
