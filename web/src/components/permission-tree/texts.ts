import { useTranslation } from 'react-i18next'
import { i18n } from '../../i18n'
import zhHans from './locales/zh-Hans.json'
import en from './locales/en.json'

/** The i18n namespace of the permission tree dialog. */
export const PERMISSION_TREE_NS = 'permission-tree'

const bundles: Record<string, Record<string, unknown>> = { 'zh-Hans': zhHans, en }

/** Adds the dialog's texts to i18next once; components outside features carry their own. */
export function ensurePermissionTreeTexts(): void {
  for (const [lang, texts] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(lang, PERMISSION_TREE_NS)) i18n.addResourceBundle(lang, PERMISSION_TREE_NS, texts, true, true)
  }
}

ensurePermissionTreeTexts()

/** `t` of the dialog's namespace. */
export function usePermissionTreeT() {
  return useTranslation(PERMISSION_TREE_NS)
}
