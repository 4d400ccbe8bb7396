import { useTranslation } from 'react-i18next'
import { i18n } from '../../i18n'
import zhHans from './locales/zh-Hans.json'
import en from './locales/en.json'

/** The i18n namespace of the order statuses (shared by the order lists and the order screen). */
export const ORDER_STATUS_NS = 'order-status'

const bundles: Record<string, Record<string, unknown>> = { 'zh-Hans': zhHans, en }

/** Adds the statuses' texts to i18next once; components outside features carry their own. */
export function ensureOrderStatusTexts(): void {
  for (const [lang, texts] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(lang, ORDER_STATUS_NS)) i18n.addResourceBundle(lang, ORDER_STATUS_NS, texts, true, true)
  }
}

ensureOrderStatusTexts()

/** `t` of the statuses' namespace. */
export function useOrderStatusT() {
  return useTranslation(ORDER_STATUS_NS)
}
