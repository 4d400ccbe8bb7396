import { describe, expect, it } from 'vitest'
import { addServerTexts, i18n, namespaceOf, pickerLanguages, toCulture } from '.'

describe('server texts over the bundled ones', () => {
  it('maps Web resources to namespaces and leaves the modules’ resources alone', () => {
    expect(namespaceOf('Web')).toBe('translation')
    expect(namespaceOf('Web.claim-types')).toBe('claim-types')
    expect(namespaceOf('identity')).toBeNull()
  })
  it('shows an override instead of the bundled text, dotted keys nested', () => {
    const key = 'navbar.language'
    const bundled = i18n.t(key, { lng: 'en' })
    expect(bundled).not.toBe('Speak')
    addServerTexts('en', { Web: { texts: { [key]: 'Speak' } }, identity: { texts: { [key]: 'ignored' } } })
    expect(i18n.t(key, { lng: 'en' })).toBe('Speak')
    addServerTexts('en', { Web: { texts: { [key]: bundled } } })
  })
  it('gives a third language its server texts, English where it has none', () => {
    addServerTexts('ja', { Web: { texts: { 'navbar.language': '言語' } } })
    expect(i18n.t('navbar.language', { lng: 'ja' })).toBe('言語')
    expect(i18n.t('navbar.fullScreen', { lng: 'ja' })).toBe(i18n.t('navbar.fullScreen', { lng: 'en' }))
  })
  it('keeps zh-Hans and en, and a third culture as it is', () => {
    expect(toCulture('zh-CN')).toBe('zh-Hans')
    expect(toCulture('en-US')).toBe('en')
    expect(toCulture('ja')).toBe('ja')
    expect(toCulture('')).toBe('zh-Hans')
    expect(toCulture('<script>')).toBe('zh-Hans')
  })
  it('offers the server’s languages, else the bundled two', () => {
    expect(pickerLanguages(null).map((l) => l.cultureName)).toEqual(['zh-Hans', 'en'])
    expect(pickerLanguages([{ cultureName: 'ja', displayName: '日本語' }])).toEqual([{ cultureName: 'ja', displayName: '日本語' }])
  })
})
