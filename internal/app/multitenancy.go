package app

import (
	"net/http"
	"strings"

	"kerf/internal/platform/tenancy"
)

// singleTenant is the server with multi-tenancy off (config.MultiTenancy): every request is
// the host's. The __tenant header and query parameter are dropped before anything reads them,
// and so is the tenant field of a login (the token endpoint's and the login form's).
func singleTenant(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Del(tenancy.Header)
		if q := r.URL.Query(); q.Has(tenancy.Header) {
			q.Del(tenancy.Header)
			r.URL.RawQuery = q.Encode()
		}
		if r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/connect/") &&
			strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") {
			if err := r.ParseForm(); err == nil {
				r.PostForm.Del("tenant")
				r.Form.Del("tenant")
			}
		}
		next.ServeHTTP(w, r)
	})
}
