package httpapi

import (
	"fmt"
	"net/http"
	"net/url"
)

// SendFile answers data as a download named name (both the quoted and the RFC 5987 UTF-8
// forms, so Chinese names survive), never cached.
func SendFile(w http.ResponseWriter, name, contentType string, data []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q; filename*=UTF-8''%s", name, url.PathEscape(name)))
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Length", fmt.Sprint(len(data)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(data)
}
