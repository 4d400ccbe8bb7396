package web

import "embed"

// Locales are the web client's bundled texts (src/i18n, src/features/*, src/components/*),
// embedded at build so the server can list them as resources Web.<namespace> and merge
// their overrides (internal/language).
//
//go:embed src/i18n/locales/*.json src/features/*/locales/*.json src/components/*/locales/*.json
var Locales embed.FS
