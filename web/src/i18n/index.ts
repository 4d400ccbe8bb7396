import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import 'dayjs/locale/en'
import zhHans from './locales/zh-Hans.json'
import en from './locales/en.json'
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, toAcceptLanguage, type AppLanguage } from '../api/language'
import { readLocal, STORAGE_KEYS, writeLocal } from '../api/storage'
import { http } from '../api/http'

type Texts = Record<string, unknown>

/**
 * Feature texts: `src/features/<area>/locales/{zh-Hans,en}.json` are loaded into the namespace
 * `<area>`, so a feature reads them with `useTranslation('<area>')` and never edits this folder.
 * The login page's and the navbar's (account, wechat) come with the shell; every other feature's
 * are fetched the first time one of its components asks (the page waits in its Suspense), so the
 * shell does not carry every page's texts.
 */
const featureFiles = import.meta.glob<Texts>('../features/{account,wechat}/locales/*.json', { eager: true, import: 'default' })
const featureLoaders = import.meta.glob<Texts>(['../features/*/locales/*.json', '!../features/{account,wechat}/locales/*.json'], {
  import: 'default',
})

/** Every feature namespace whose texts load on demand. */
export function lazyNamespaces(): string[] {
  return [...new Set(Object.keys(featureLoaders).map((f) => /features\/([^/]+)\/locales\//.exec(f)?.[1] ?? ''))].filter(Boolean)
}

/** Server texts of namespaces not loaded yet: added once their bundled texts are (lang → ns → texts). */
const pendingServer: Record<string, Record<string, Record<string, string>>> = {}

/** An i18next backend that reads a feature's bundled texts from its lazy chunk, then the server's over them. */
const lazyFeatureTexts = {
  type: 'backend' as const,
  init() {},
  read(lang: string, ns: string, done: (err: unknown, data: Texts | boolean) => void) {
    const load = featureLoaders[`../features/${ns}/locales/${lang}.json`]
    const loaded = (texts: Texts) => {
      done(null, texts)
      const server = pendingServer[lang]?.[ns]
      if (server) {
        delete pendingServer[lang][ns]
        i18n.addResources(lang, ns, server)
      }
    }
    // A namespace without a lazy file (the shell's, the components' own, a third language's) is
    // answered at once, so switching the language stays synchronous where nothing is to fetch.
    if (!load) return loaded({})
    load().then(loaded, (err: unknown) => done(err, false))
  },
}

export function collectFeatureTexts(files: Record<string, Texts>): Record<string, Record<string, Texts>> {
  const out: Record<string, Record<string, Texts>> = {}
  for (const [file, texts] of Object.entries(files)) {
    const m = /features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(file)
    if (!m) continue
    const [, area, lang] = m
    ;(out[lang] ??= {})[area] = texts
  }
  return out
}

const feature = collectFeatureTexts(featureFiles)

/**
 * A culture name for a stored or browser language: Chinese locales → zh-Hans, English ones → en,
 * another language the server offers (e.g. ja) as it is; nothing → zh-Hans.
 */
export function toCulture(language: string | null | undefined): string {
  const accept = toAcceptLanguage(language)
  if (accept === 'zh-Hans') return 'zh-Hans'
  if (/^en([-_].*)?$/i.test(accept)) return 'en'
  return /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/i.test(accept) ? accept : DEFAULT_LANGUAGE
}

/** The stored language, else zh-Hans (spec 002 §9: the default is zh-Hans). */
export function storedLanguage(): string {
  return toCulture(readLocal(STORAGE_KEYS.language) ?? DEFAULT_LANGUAGE)
}

function applyLanguage(lang: string) {
  dayjs.locale(lang === 'zh-Hans' ? 'zh-cn' : 'en')
  if (typeof document !== 'undefined') document.documentElement.lang = lang
}

/** The i18next namespace of a server resource: "Web" → translation, "Web.<ns>" → ns; others none. */
export function namespaceOf(resource: string): string | null {
  if (resource === 'Web') return 'translation'
  return resource.startsWith('Web.') ? resource.slice(4) : null
}

/** Texts of GET /api/abp/application-localization: resource → flat (dotted) key → text. */
export type ServerTexts = Record<string, { texts?: Record<string, string> | null } | null | undefined>

/** Adds the server's texts of lang over the bundled ones (overrides, a third language's texts). */
export function addServerTexts(lang: string, resources: ServerTexts): void {
  for (const [resource, r] of Object.entries(resources)) {
    const ns = namespaceOf(resource)
    if (!ns || !r?.texts) continue
    if (ns !== 'translation' && !i18n.hasResourceBundle(lang, ns)) {
      // Added now, the bundle would count as loaded and its bundled texts would never come.
      ;(pendingServer[lang] ??= {})[ns] = r.texts
      continue
    }
    i18n.addResources(lang, ns, r.texts)
  }
}

/**
 * Loads the merged texts of lang from the server and adds them over the bundled ones, so an
 * administrator's change shows after a reload. Offline (or on any error) the bundled texts stay.
 */
export async function loadServerTexts(lang: string): Promise<void> {
  try {
    const r = await http.get<{ resources?: ServerTexts }>('/api/abp/application-localization', {
      params: { cultureName: lang },
      silent: true,
    })
    if (r?.resources) addServerTexts(lang, r.resources)
  } catch {
    // bundled texts remain
  }
}

void i18n.use(lazyFeatureTexts).use(initReactI18next).init({
  // The shell's texts are given; the other features' come from the backend above.
  partialBundledLanguages: true,
  resources: Object.fromEntries(
    SUPPORTED_LANGUAGES.map((l) => [l, { translation: l === 'en' ? en : zhHans, ...(feature[l] ?? {}) }]),
  ),
  lng: storedLanguage(),
  // A third language shows its server texts over the English bundle; zh-Hans and en fall back to zh-Hans.
  fallbackLng: (code: string) => (SUPPORTED_LANGUAGES.includes(code as AppLanguage) ? [DEFAULT_LANGUAGE] : ['en', DEFAULT_LANGUAGE]),
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  // Texts added from the server re-render the pages that show them.
  react: { bindI18nStore: 'added' },
})
applyLanguage(storedLanguage())
if (import.meta.env.MODE !== 'test') void loadServerTexts(storedLanguage())

/** Switches the UI language (a culture the server offers) and saves it. */
export async function setLanguage(lang: string): Promise<void> {
  writeLocal(STORAGE_KEYS.language, lang)
  applyLanguage(lang)
  await loadServerTexts(lang)
  await i18n.changeLanguage(lang)
}

export const LANGUAGE_NAMES: Record<AppLanguage, string> = { 'zh-Hans': '简体中文', en: 'English' }

/** A language the picker offers. */
export interface PickerLanguage {
  cultureName: string
  displayName: string
}

/** The languages the picker offers: the server's enabled ones, else the bundled zh-Hans and en. */
export function pickerLanguages(server: readonly PickerLanguage[] | null | undefined): PickerLanguage[] {
  if (server && server.length > 0) return server.map((l) => ({ cultureName: l.cultureName, displayName: l.displayName }))
  return SUPPORTED_LANGUAGES.map((l) => ({ cultureName: l, displayName: LANGUAGE_NAMES[l] }))
}

export { i18n }
