// Unit tests render feature components at once: every feature's texts are loaded before any test,
// in both bundled languages, as a page would have them after its Suspense.
import { i18n, lazyNamespaces } from '../i18n'

if (!i18n.isInitialized) await new Promise<void>((resolve) => i18n.on('initialized', () => resolve()))
await i18n.loadNamespaces(lazyNamespaces())
await i18n.loadLanguages(['zh-Hans', 'en'])
