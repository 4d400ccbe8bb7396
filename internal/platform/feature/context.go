package feature

import (
	"context"
	"net/http"
)

type serviceKey struct{}

// WithService returns ctx carrying s, for the package-level IsEnabled, Int and CheckLimit.
func WithService(ctx context.Context, s *Service) context.Context {
	return context.WithValue(ctx, serviceKey{}, s)
}

// Middleware puts s into every request's context.
func (s *Service) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(WithService(r.Context(), s)))
	})
}

func from(ctx context.Context) *Service {
	s, _ := ctx.Value(serviceKey{}).(*Service)
	return s
}

// IsEnabled reports whether the switch name is on for ctx's tenant. A context without the
// service (tools, tests that call a service directly) enforces no feature: true.
func IsEnabled(ctx context.Context, name string) (bool, error) {
	if s := from(ctx); s != nil {
		return s.IsEnabled(ctx, name)
	}
	return true, nil
}

// Int returns the number name for ctx's tenant; 0 (no limit) in a context without the service.
func Int(ctx context.Context, name string) (int, error) {
	if s := from(ctx); s != nil {
		return s.Int(ctx, name)
	}
	return 0, nil
}

// CheckLimit answers a localised 400 when n is over the limit name for ctx's tenant; nil in a
// context without the service.
func CheckLimit(ctx context.Context, name string, n int) error {
	if s := from(ctx); s != nil {
		return s.CheckLimit(ctx, name, n)
	}
	return nil
}

// Values returns every feature's value for ctx's tenant; empty in a context without the service.
func Values(ctx context.Context) (map[string]string, error) {
	if s := from(ctx); s != nil {
		return s.Values(ctx)
	}
	return map[string]string{}, nil
}
