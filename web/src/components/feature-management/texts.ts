import { useTranslation } from 'react-i18next'
import { i18n } from '../../i18n'
import zhHans from './locales/zh-Hans.json'
import en from './locales/en.json'

/** The i18n namespace of the features dialog. */
export const FEATURES_NS = 'feature-management'

const bundles: Record<string, Record<string, unknown>> = { 'zh-Hans': zhHans, en }

/** Adds the dialog's texts to i18next once; components outside features carry their own. */
export function ensureFeatureTexts(): void {
  for (const [lang, texts] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(lang, FEATURES_NS)) i18n.addResourceBundle(lang, FEATURES_NS, texts, true, true)
  }
}

ensureFeatureTexts()

/** `t` of the dialog's namespace. */
export function useFeaturesT() {
  return useTranslation(FEATURES_NS)
}
