package app

import (
	"bytes"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

// apiPrefixes never fall back to the web app: an unknown API path is a 404.
var apiPrefixes = []string{"/api/", "/connect/", "/.well-known/", "/signalr-hubs/", "/openapi", "/schemas/", "/healthz", "/metrics"}

// spa serves the built web app: files as they are (hashed assets cached for a year),
// and index.html, never cached, for any other path so client-side routes work.
func spa(dist fs.FS, notFound http.Handler) http.Handler {
	index, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		index = []byte(`<!doctype html><meta charset="utf-8"><title>Kerf</title>` +
			`<p>The web application has not been built. Run <code>make run</code>, or <code>make web</code> then restart.</p>`)
	}
	files := http.FileServerFS(dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		for _, pre := range apiPrefixes {
			if strings.HasPrefix(p, pre) {
				notFound.ServeHTTP(w, r)
				return
			}
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			notFound.ServeHTTP(w, r)
			return
		}
		name := strings.TrimPrefix(path.Clean(p), "/")
		if strings.HasPrefix(name, "assets/") {
			// A missing hashed asset (a tab left open across a deploy) must not get
			// index.html as JavaScript.
			if st, err := fs.Stat(dist, name); err != nil || st.IsDir() {
				http.NotFound(w, r)
				return
			}
		}
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(dist, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "no-cache")
				}
				files.ServeHTTP(w, r)
				return
			}
		}
		w.Header().Set("Cache-Control", "no-store, must-revalidate")
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(index))
	})
}
