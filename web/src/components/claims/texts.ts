import { useTranslation } from 'react-i18next'
import { i18n } from '../../i18n'
import zhHans from './locales/zh-Hans.json'
import en from './locales/en.json'

/** The i18n namespace of the claims editor. */
export const CLAIMS_NS = 'claims'

const bundles: Record<string, Record<string, unknown>> = { 'zh-Hans': zhHans, en }

/** Adds the dialog's texts to i18next once; components outside features carry their own. */
export function ensureClaimsTexts(): void {
  for (const [lang, texts] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(lang, CLAIMS_NS)) i18n.addResourceBundle(lang, CLAIMS_NS, texts, true, true)
  }
}

ensureClaimsTexts()

/** `t` of the dialog's namespace. */
export function useClaimsT() {
  return useTranslation(CLAIMS_NS)
}
