import { useTranslation } from 'react-i18next'
import { i18n } from '../../i18n'
import zhHans from './locales/zh-Hans.json'
import en from './locales/en.json'

/** The i18n namespace of the user picker. */
export const USER_PICKER_NS = 'user-picker'

const bundles: Record<string, Record<string, unknown>> = { 'zh-Hans': zhHans, en }

/** Adds the picker's texts to i18next once; components outside features carry their own. */
export function ensureUserPickerTexts(): void {
  for (const [lang, texts] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(lang, USER_PICKER_NS)) i18n.addResourceBundle(lang, USER_PICKER_NS, texts, true, true)
  }
}

ensureUserPickerTexts()

/** `t` of the picker's namespace. */
export function useUserPickerT() {
  return useTranslation(USER_PICKER_NS)
}
