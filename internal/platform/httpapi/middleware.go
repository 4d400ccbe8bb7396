package httpapi

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strings"
	"unicode"
	"unicode/utf8"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/audit"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

func recoverer(a *API) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				if v := recover(); v != nil {
					if v == http.ErrAbortHandler {
						panic(v)
					}
					slog.ErrorContext(r.Context(), "panic", "value", v, "stack", string(debug.Stack()))
					a.WriteError(w, r, errors.New("panic"))
				}
			}()
			next.ServeHTTP(w, r)
		})
	}
}

// ParseTrustedProxies reads the --trusted-proxies list: addresses (10.0.0.1, ::1) or CIDR
// ranges (10.0.0.0/8).
func ParseTrustedProxies(list []string) ([]netip.Prefix, error) {
	out := make([]netip.Prefix, 0, len(list))
	for _, s := range list {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if p, err := netip.ParsePrefix(s); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(s)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: want an address or a CIDR range", s)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// clientAddress resolves the caller's address once per request, for the audit log, the
// security log and the rate limits (audit.ClientIP reads it): the connection's peer, unless
// that peer is a trusted proxy, in which case X-Forwarded-For is read from the right, hop by
// hop, to the first address that is not a trusted proxy. Entries left of it were written by
// the client and are not believed.
func (a *API) clientAddress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ip := clientAddressOf(r, a.TrustedProxies)
		next.ServeHTTP(w, r.WithContext(audit.WithClientIP(r.Context(), ip)))
	})
}

func clientAddressOf(r *http.Request, trusted []netip.Prefix) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	peer = peer.Unmap()
	if !isTrusted(peer, trusted) {
		return peer.String()
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop, ok := parseHop(hops[i])
		if !ok {
			break // garbage: the last hop we could trust is the client as far as we know
		}
		peer = hop
		if !isTrusted(hop, trusted) {
			break
		}
	}
	return peer.String()
}

// parseHop reads one X-Forwarded-For entry: an address, possibly with a port or brackets.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	a, err := netip.ParseAddr(strings.Trim(s, "[]"))
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap(), true
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// cors answers preflight requests for every path and allows the web client's headers.
func cors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" {
			h := w.Header()
			h.Set("Access-Control-Allow-Origin", origin)
			h.Set("Access-Control-Allow-Credentials", "true")
			h.Add("Vary", "Origin")
			h.Set("Access-Control-Expose-Headers", "Content-Disposition, _AbpErrorFormat")
			if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
				h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS")
				allow := r.Header.Get("Access-Control-Request-Headers")
				if allow == "" {
					allow = "Authorization, Content-Type, Accept-Language, __tenant"
				}
				h.Set("Access-Control-Allow-Headers", allow)
				h.Set("Access-Control-Max-Age", "600")
				w.WriteHeader(http.StatusNoContent)
				return
			}
		}
		if r.Method == http.MethodOptions {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// canonicalQuery lowers the first letter of each query key, since ABP clients send
// both MaxResultCount and maxResultCount; operations declare the camelCase form.
func canonicalQuery(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.RawQuery != "" {
			q := r.URL.Query()
			changed := false
			for k, v := range q {
				c, size := utf8.DecodeRuneInString(k)
				if unicode.IsUpper(c) {
					lk := string(unicode.ToLower(c)) + k[size:]
					q[lk] = append(q[lk], v...)
					delete(q, k)
					changed = true
				}
			}
			if changed {
				r.URL.RawQuery = q.Encode()
			}
		}
		next.ServeHTTP(w, r)
	})
}

func (a *API) culture(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The enabled languages decide: a third language an administrator added is served in
		// its own texts, and no header means the default language.
		culture := localization.Normalize(r.Header.Get("Accept-Language"))
		if a.Catalog != nil {
			culture = a.Catalog.Normalize(r.Context(), r.Header.Get("Accept-Language"))
		}
		ctx := localization.WithCulture(r.Context(), culture)
		ctx = context.WithValue(ctx, apiKey{}, a)
		if r.ContentLength > a.MaxBody && !strings.Contains(r.Header.Get("Content-Type"), "multipart/") {
			a.WriteError(w, r.WithContext(ctx), &ErrorBody{status: http.StatusRequestEntityTooLarge,
				Info: ErrorInfo{Message: a.Catalog.T(ctx, localization.KeyTooLarge)}})
			return
		}
		if !strings.Contains(r.Header.Get("Content-Type"), "multipart/") {
			r.Body = http.MaxBytesReader(w, r.Body, a.MaxBody)
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

type expiredKey struct{}

// authenticate turns a bearer token into the request's principal. A bad token leaves the
// request anonymous; operations that need a login then answer 401.
func (a *API) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := r.Header.Get("Authorization")
		if h == "" && strings.HasPrefix(r.URL.Path, "/signalr-hubs/") {
			// Browsers cannot give a WebSocket a header: the realtime hubs (and only they)
			// take the token from the access_token query, as the SignalR client sends it.
			if t := r.URL.Query().Get("access_token"); t != "" {
				h = "Bearer " + t
			}
		}
		a.mu.Lock()
		v := a.verifier
		a.mu.Unlock()
		if v != nil && len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
			p, err := v.Verify(r.Context(), strings.TrimSpace(h[7:]))
			if err == nil {
				r = r.WithContext(auth.WithPrincipal(r.Context(), p))
			} else {
				r = r.WithContext(context.WithValue(r.Context(), expiredKey{}, true))
			}
		}
		next.ServeHTTP(w, r)
	})
}

// tenant sets the request's tenant: the token's tenant for tenant users; for host users
// (and anonymous callers such as the login page) the __tenant header, if any.
func (a *API) tenant(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		p := auth.FromContext(ctx)
		a.mu.Lock()
		res := a.tenants
		a.mu.Unlock()
		header := strings.TrimSpace(r.Header.Get(tenancy.Header))
		if header == "" {
			header = strings.TrimSpace(r.URL.Query().Get(tenancy.Header))
		}
		switch {
		case p != nil && p.TenantID != nil:
			ctx = tenancy.WithTenant(ctx, tenancy.Tenant{ID: p.TenantID, Name: p.TenantName, IsActive: true})
		case header != "" && res != nil:
			t, err := res.ResolveTenant(ctx, header)
			if err != nil && errors.Is(err, tenancy.ErrTenantNotAvailable) && strings.HasPrefix(r.URL.Path, "/connect/") {
				// The OAuth endpoints answer RFC 6749 errors; they read __tenant themselves
				// and report an unknown tenant in that shape. Here the request stays on the host.
				break
			}
			if err != nil {
				if errors.Is(err, tenancy.ErrTenantNotAvailable) {
					err = &apperr.UserError{Key: localization.KeyTenantNotAvailable, Args: []any{header}}
				}
				a.WriteError(w, r.WithContext(ctx), err)
				return
			}
			ctx = tenancy.WithTenant(ctx, t)
		}
		r = r.WithContext(ctx)
		audit.Seen(r)
		next.ServeHTTP(w, r)
	})
}
