import { describe, expect, it, vi } from 'vitest'
import { collectRegistry } from './registry'
import { collectFeatureTexts } from '../i18n'

describe('component registry', () => {
  it('collects every feature routes.ts by normalised component key', () => {
    const page = async () => () => null
    const map = collectRegistry({
      '../features/catalog/routes.ts': { routes: { 'products/index': page, '/Parts/Index.vue': page } },
      '../features/dashboard/routes.ts': { routes: { 'dashboard/index': page } },
      '../features/empty/routes.ts': {},
    })
    expect([...map.keys()].sort()).toEqual(['dashboard/index', 'parts/index', 'products/index'])
  })
  it('warns when two features register one key', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const page = async () => () => null
    collectRegistry({ a: { routes: { x: page } }, b: { routes: { X: page } } })
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })
})

describe('feature texts', () => {
  it('puts each feature locale file into the namespace of its folder', () => {
    expect(
      collectFeatureTexts({
        '../features/catalog/locales/zh-Hans.json': { title: '目录' },
        '../features/catalog/locales/en.json': { title: 'Catalogue' },
        '../features/dashboard/locales/en.json': { hi: 'Hi' },
      }),
    ).toEqual({ 'zh-Hans': { catalog: { title: '目录' } }, en: { catalog: { title: 'Catalogue' }, dashboard: { hi: 'Hi' } } })
  })
})
