import { useTranslation } from 'react-i18next'
import { i18n } from '../../i18n'
import zhHans from './locales/zh-Hans.json'
import en from './locales/en.json'

/** The i18n namespace of the catalogue pickers (shared by the catalogue pages). */
export const PICKER_NS = 'catalog-pickers'

const bundles: Record<string, Record<string, unknown>> = { 'zh-Hans': zhHans, en }

/** Adds the pickers' texts to i18next once; components outside features carry their own. */
export function ensurePickerTexts(): void {
  for (const [lang, texts] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(lang, PICKER_NS)) i18n.addResourceBundle(lang, PICKER_NS, texts, true, true)
  }
}

ensurePickerTexts()

/** `t` of the pickers' namespace. */
export function usePickerT() {
  return useTranslation(PICKER_NS)
}
