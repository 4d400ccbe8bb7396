package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/go-chi/chi/v5"

	"kerf/internal/platform/audit"
)

// The audit log's action (audit.Action) of each request: the operation's area (its first
// tag, else the path segment after /api/), its operation id, and its path and query
// parameters, recorded when the operation returns, whether it ran or was refused.

// auditHuma records the action of a huma operation; call it deferred with the time the
// operation began.
func auditHuma(ctx huma.Context, start time.Time) {
	op := ctx.Operation()
	path := map[string]string{}
	for _, p := range op.Parameters {
		if p != nil && p.In == "path" {
			path[p.Name] = ctx.Param(p.Name)
		}
	}
	u := ctx.URL()
	audit.SetAction(ctx.Context(), serviceName(op.Tags, op.Path), op.OperationID, func() string { return audit.Parameters(path, u.Query()) }, start)
}

// auditPlain records the action of a plain net/http operation.
func auditPlain(r *http.Request, method, pattern string, start time.Time) {
	path := map[string]string{}
	if rc := chi.RouteContext(r.Context()); rc != nil {
		for i, k := range rc.URLParams.Keys {
			if k != "*" && i < len(rc.URLParams.Values) {
				path[k] = rc.URLParams.Values[i]
			}
		}
	}
	query := r.URL.Query()
	audit.SetAction(r.Context(), serviceName(nil, pattern), operationID(method, pattern), func() string { return audit.Parameters(path, query) }, start)
}

// serviceName is the operation's first tag, or the path's area: the segment after /api/
// ("/api/identity/users" → identity), else its first segment ("/connect/token" → connect).
func serviceName(tags []string, path string) string {
	if len(tags) > 0 && tags[0] != "" {
		return tags[0]
	}
	segs := strings.Split(strings.Trim(path, "/"), "/")
	if len(segs) > 1 && segs[0] == "api" {
		return segs[1]
	}
	return segs[0]
}
