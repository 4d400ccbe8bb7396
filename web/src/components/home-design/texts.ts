import { useTranslation } from 'react-i18next'
import { i18n } from '../../i18n'
import zhHans from './locales/zh-Hans.json'
import en from './locales/en.json'

/**
 * The i18n namespace of the design platform's dialogs (plan picker, binding). Not 'home-design':
 * that is the namespace of the viewer feature (src/features/home-design/locales).
 */
export const HOME_DESIGN_DIALOGS_NS = 'home-design-dialogs'

const bundles: Record<string, Record<string, unknown>> = { 'zh-Hans': zhHans, en }

/** Adds the dialogs' texts to i18next once; components outside features carry their own. */
export function ensureHomeDesignTexts(): void {
  for (const [lang, texts] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(lang, HOME_DESIGN_DIALOGS_NS)) i18n.addResourceBundle(lang, HOME_DESIGN_DIALOGS_NS, texts, true, true)
  }
}

ensureHomeDesignTexts()

/** `t` of the dialogs' namespace. */
export function useHomeDesignT() {
  return useTranslation(HOME_DESIGN_DIALOGS_NS)
}
