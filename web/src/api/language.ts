/** Languages the web application ships texts for. */
export const SUPPORTED_LANGUAGES = ['zh-Hans', 'en'] as const
export type AppLanguage = (typeof SUPPORTED_LANGUAGES)[number]
export const DEFAULT_LANGUAGE: AppLanguage = 'zh-Hans'

/**
 * The Accept-Language value sent to the server: any Chinese locale is sent as zh-Hans,
 * no language at all means zh-Hans, anything else goes as it is.
 */
export function toAcceptLanguage(language: string | null | undefined): string {
  const value = (language ?? '').trim()
  if (!value) return DEFAULT_LANGUAGE
  if (/^zh([-_].*)?$/i.test(value)) return 'zh-Hans'
  return value
}

/** The UI language for a stored or browser language: Chinese locales → zh-Hans, English → en. */
export function toAppLanguage(language: string | null | undefined): AppLanguage {
  const accept = toAcceptLanguage(language)
  if (accept === 'zh-Hans') return 'zh-Hans'
  if (/^en([-_].*)?$/i.test(accept)) return 'en'
  return DEFAULT_LANGUAGE
}
