import { describe, expect, it } from 'vitest'
import { toAcceptLanguage, toAppLanguage } from './language'

describe('Accept-Language mapping', () => {
  it('sends any Chinese locale as zh-Hans', () => {
    for (const l of ['zh', 'zh-CN', 'zh-cn', 'zh-Hans', 'zh-TW', 'zh-Hant', 'zh_CN']) expect(toAcceptLanguage(l)).toBe('zh-Hans')
  })
  it('defaults to zh-Hans when no language is set', () => {
    expect(toAcceptLanguage(null)).toBe('zh-Hans')
    expect(toAcceptLanguage(undefined)).toBe('zh-Hans')
    expect(toAcceptLanguage('  ')).toBe('zh-Hans')
  })
  it('sends other languages unchanged', () => {
    expect(toAcceptLanguage('en')).toBe('en')
    expect(toAcceptLanguage('en-US')).toBe('en-US')
    expect(toAcceptLanguage('de')).toBe('de')
  })
  it('does not take words merely starting with zh for Chinese', () => {
    expect(toAcceptLanguage('zhx')).toBe('zhx')
  })
  it('maps stored and browser languages to a UI language', () => {
    expect(toAppLanguage('zh-CN')).toBe('zh-Hans')
    expect(toAppLanguage('en-GB')).toBe('en')
    expect(toAppLanguage('fr')).toBe('zh-Hans')
    expect(toAppLanguage(null)).toBe('zh-Hans')
  })
})
