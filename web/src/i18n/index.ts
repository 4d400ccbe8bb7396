import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import 'dayjs/locale/en'
import zhHans from './locales/zh-Hans.json'
import en from './locales/en.json'
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, toAppLanguage, type AppLanguage } from '../api/language'
import { readLocal, STORAGE_KEYS, writeLocal } from '../api/storage'

type Texts = Record<string, unknown>

/**
 * Feature texts: `src/features/<area>/locales/{zh-Hans,en}.json` are loaded into the namespace
 * `<area>`, so a feature reads them with `useTranslation('<area>')` and never edits this folder.
 */
const featureFiles = import.meta.glob<Texts>('../features/*/locales/*.json', { eager: true, import: 'default' })

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

/** The stored language, else zh-Hans (spec 002 §9: the default is zh-Hans). */
export function storedLanguage(): AppLanguage {
  return toAppLanguage(readLocal(STORAGE_KEYS.language) ?? DEFAULT_LANGUAGE)
}

function applyLanguage(lang: AppLanguage) {
  dayjs.locale(lang === 'zh-Hans' ? 'zh-cn' : 'en')
  if (typeof document !== 'undefined') document.documentElement.lang = lang
}

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    SUPPORTED_LANGUAGES.map((l) => [l, { translation: l === 'en' ? en : zhHans, ...(feature[l] ?? {}) }]),
  ),
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
})
applyLanguage(storedLanguage())

/** Switches the UI language and saves it. */
export async function setLanguage(lang: AppLanguage): Promise<void> {
  writeLocal(STORAGE_KEYS.language, lang)
  applyLanguage(lang)
  await i18n.changeLanguage(lang)
}

export const LANGUAGE_NAMES: Record<AppLanguage, string> = { 'zh-Hans': '简体中文', en: 'English' }

export { i18n }
