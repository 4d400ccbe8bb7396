// Package web holds the built React application (web/dist), embedded into the binary.
package web

import "embed"

// Dist is the output of `npm run build`; only .keep when the app has not been built.
//
//go:embed all:dist
var Dist embed.FS
