// Package httpapi is the HTTP edge every module registers its operations on: a chi
// router with huma for code-first OpenAPI, the ABP conventions (error shape, paging,
// sorting, Accept-Language, __tenant) and an access rule on every operation.
package httpapi

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/go-chi/chi/v5"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/audit"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// Checker answers whether the caller holds any of the named permissions.
type Checker interface {
	IsGranted(ctx context.Context, p *auth.Principal, names ...string) (bool, error)
}

// FeatureChecker answers a localised 403 when a feature an operation needs is off for the
// caller's tenant (platform/feature's Service).
type FeatureChecker interface {
	RequireFeatures(ctx context.Context, names ...string) error
}

// Access is the rule an operation declares: public, any logged-in caller, or any of a
// list of permissions, plus the features the caller's tenant must have on (Feature). The
// zero Access declares nothing, and Register and Handle refuse it at start-up: an operation
// is never open, or merely "logged in", by omission.
type Access struct {
	kind        accessKind
	permissions []string
	features    []string
}

type accessKind int

const (
	undeclared accessKind = iota
	public
	loggedIn
	permitted
)

// Public operations need no login.
func Public() Access { return Access{kind: public} }

// LoggedIn operations need a valid token and nothing else.
func LoggedIn() Access { return Access{kind: loggedIn} }

// Perm operations need a token holding any of names.
func Perm(names ...string) Access {
	if len(names) == 0 {
		panic("httpapi.Perm needs at least one permission name")
	}
	return Access{kind: permitted, permissions: names}
}

// IsPublic reports whether the operation needs no login.
func (a Access) IsPublic() bool { return a.kind == public }

// Declared reports whether the rule was built by Public, LoggedIn or Perm.
func (a Access) Declared() bool { return a.kind != undeclared }

// mustDeclare panics when an operation is registered without an access rule.
func mustDeclare(method, path string, a Access) {
	if !a.Declared() {
		panic(fmt.Sprintf("httpapi: %s %s is registered without an access rule: declare httpapi.Public(), httpapi.LoggedIn() or httpapi.Perm(...)", method, path))
	}
}

// Permissions returns the permissions of which any one is needed.
func (a Access) Permissions() []string { return a.permissions }

// Feature returns the rule that also needs every one of the switches names on for the
// caller's tenant (docs/decisions/0014), e.g. httpapi.Perm(X).Feature("Kerf.Optimization");
// off answers 403 naming the feature, after the login check and before the permissions.
func (a Access) Feature(names ...string) Access {
	a.features = append(slices.Clone(a.features), names...)
	return a
}

// Features returns the switches the operation needs on.
func (a Access) Features() []string { return a.features }

// Op is a registered operation, kept so tests can walk every one.
type Op struct {
	Method, Path string
	Access       Access
}

// Config is what the API needs from the rest of the platform.
type Config struct {
	Catalog  *localization.Catalog
	Checker  Checker
	Verifier auth.Verifier    // may be set later with SetVerifier
	Tenants  tenancy.Resolver // may be set later with SetTenants
	Audit    *audit.Writer    // nil disables the audit log
	Features FeatureChecker   // checks Access.Feature; nil: features are not enforced
	// Use are middlewares run after authentication and the tenant's resolution (e.g. one that
	// puts a service into every request's context).
	Use     []func(http.Handler) http.Handler
	MaxBody int64 // bytes; uploads set their own limits
	Title   string
	Version string

	// TrustedProxies are the peers whose X-Forwarded-For is believed (ParseTrustedProxies);
	// none: the connection's peer is the client.
	TrustedProxies []netip.Prefix

	// Metrics, when set, is the outermost middleware: it sees every request and its final
	// status, panics included (metrics.Metrics.Middleware).
	Metrics func(http.Handler) http.Handler
}

// API is the router plus the operation registry.
type API struct {
	Config
	Router chi.Router
	Huma   huma.API

	mu       sync.Mutex
	ops      []Op
	verifier auth.Verifier
	tenants  tenancy.Resolver
}

var humaErrorOnce sync.Once

// New builds the router with the platform middlewares.
func New(cfg Config) *API {
	if cfg.MaxBody == 0 {
		cfg.MaxBody = 8 << 20
	}
	a := &API{Config: cfg, verifier: cfg.Verifier, tenants: cfg.Tenants}
	r := chi.NewRouter()
	if cfg.Metrics != nil {
		r.Use(cfg.Metrics)
	}
	r.Use(recoverer(a), a.clientAddress, cors, canonicalQuery, a.culture)
	if cfg.Audit != nil {
		r.Use(cfg.Audit.Middleware)
	}
	r.Use(a.authenticate, a.tenant)
	r.Use(cfg.Use...)
	a.Router = r

	hc := huma.DefaultConfig(cfg.Title, cfg.Version)
	hc.DocsPath = ""
	hc.OpenAPIPath = "/openapi"
	hc.SchemasPath = "/schemas"
	hc.CreateHooks = nil // no $schema links in bodies
	hc.Components.Schemas = huma.NewMapRegistry("#/components/schemas/", schemaName)
	hc.Components.SecuritySchemes = map[string]*huma.SecurityScheme{
		"bearer": {Type: "http", Scheme: "bearer", BearerFormat: "JWT"},
	}
	a.Huma = humachi.New(r, hc)
	// huma builds its own errors through a package variable; ours localises them.
	humaErrorOnce.Do(func() {
		huma.NewErrorWithContext = func(hctx huma.Context, status int, msg string, errs ...error) huma.StatusError {
			if api, ok := hctx.Context().Value(apiKey{}).(*API); ok {
				return api.humaError(hctx, status, msg, errs...)
			}
			return &ErrorBody{status: status, Info: ErrorInfo{Message: msg}}
		}
	})
	r.Get("/swagger", swaggerPage)
	return a
}

type apiKey struct{}

// SetVerifier sets the token verifier (the OIDC module provides it after the API exists).
func (a *API) SetVerifier(v auth.Verifier) { a.mu.Lock(); a.verifier = v; a.mu.Unlock() }

// SetTenants sets the tenant resolver.
func (a *API) SetTenants(t tenancy.Resolver) { a.mu.Lock(); a.tenants = t; a.mu.Unlock() }

// Finish completes the OpenAPI document once every area has registered its operations.
func (a *API) Finish() { a.markNullableIDs() }

// Ops returns every registered operation.
func (a *API) Ops() []Op {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.ops)
}

func (a *API) record(method, path string, access Access) {
	a.mu.Lock()
	a.ops = append(a.ops, Op{Method: method, Path: path, Access: access})
	a.mu.Unlock()
}

// Register adds a huma operation with its access rule. The rule is checked before the
// input is parsed, so an anonymous caller gets 401 and an unauthorised one 403 whatever
// they send; handler errors are mapped to the localised ABP shape.
func Register[I, O any](a *API, op huma.Operation, access Access, h func(context.Context, *I) (*O, error)) {
	mustDeclare(op.Method, op.Path, access)
	if op.OperationID == "" {
		op.OperationID = operationID(op.Method, op.Path)
	}
	if !access.IsPublic() {
		op.Security = []map[string][]string{{"bearer": {}}}
		if len(access.permissions) > 0 {
			op.Description += fmt.Sprintf("\n\nNeeds any of: %v", access.permissions)
		}
	}
	if len(access.features) > 0 {
		op.Description += fmt.Sprintf("\n\nNeeds the features: %v", access.features)
	}
	if op.DefaultStatus == 0 && (op.Method == http.MethodDelete) {
		op.DefaultStatus = http.StatusNoContent
	}
	op.Middlewares = append(huma.Middlewares{func(ctx huma.Context, next func(huma.Context)) {
		defer auditHuma(ctx, time.Now())
		if err := a.authorize(ctx.Context(), access); err != nil {
			body := a.Error(ctx.Context(), err)
			ctx.SetHeader("Content-Type", "application/json")
			ctx.SetStatus(body.status)
			_ = json.NewEncoder(ctx.BodyWriter()).Encode(body)
			return
		}
		next(ctx)
	}}, op.Middlewares...)
	a.record(op.Method, op.Path, access)
	huma.Register(a.Huma, op, func(ctx context.Context, in *I) (*O, error) {
		out, err := h(ctx, in)
		if err != nil {
			return nil, a.Error(ctx, err)
		}
		return out, nil
	})
}

// Handle adds a plain net/http operation (form-encoded OAuth endpoints, file streams)
// with its access rule, listed in the OpenAPI document with a summary only.
func (a *API) Handle(method, path, summary string, access Access, h http.HandlerFunc) {
	mustDeclare(method, path, access)
	a.record(method, path, access)
	op := &huma.Operation{Method: method, Path: path, Summary: summary, OperationID: operationID(method, path),
		Responses: map[string]*huma.Response{"200": {Description: "OK"}}}
	if !access.IsPublic() {
		op.Security = []map[string][]string{{"bearer": {}}}
	}
	a.Huma.OpenAPI().AddOperation(op)
	a.Router.Method(method, path, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer auditPlain(r, method, path, time.Now())
		if err := a.authorize(r.Context(), access); err != nil {
			a.WriteError(w, r, err)
			return
		}
		h(w, r)
	}))
}

// authorize checks the login, then the features, then the permissions: a switched-off feature
// also withdraws the permissions it brings (permission.Group.Feature), and the caller is told
// the feature is off rather than that a permission is missing.
func (a *API) authorize(ctx context.Context, access Access) error {
	if len(access.features) > 0 && a.Features != nil && (access.IsPublic() || auth.FromContext(ctx).Authenticated()) {
		if err := a.Features.RequireFeatures(ctx, access.features...); err != nil {
			return err
		}
	}
	return a.authorizeCaller(ctx, access)
}

func (a *API) authorizeCaller(ctx context.Context, access Access) error {
	switch access.kind {
	case public:
		return nil
	case undeclared: // unreachable through Register and Handle; refuse rather than open
		return apperr.ErrForbidden
	}
	p := auth.FromContext(ctx)
	if !p.Authenticated() {
		if expired, _ := ctx.Value(expiredKey{}).(bool); expired {
			return apperr.WithKey(apperr.ErrUnauthorized, localization.KeyTokenExpired)
		}
		return apperr.ErrUnauthorized
	}
	if len(access.permissions) == 0 {
		return nil
	}
	ok, err := a.Checker.IsGranted(ctx, p, access.permissions...)
	if err != nil {
		return fmt.Errorf("check permission: %w", err)
	}
	if !ok {
		return apperr.ErrForbidden
	}
	return nil
}

// Authorize checks a permission inside a handler (for rules that depend on input).
func (a *API) Authorize(ctx context.Context, names ...string) error {
	return a.authorize(ctx, Perm(names...))
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteJSON writes v as JSON with status; for plain net/http handlers.
func WriteJSON(w http.ResponseWriter, status int, v any) { writeJSON(w, status, v) }

//go:embed assets/swagger.html
var swaggerHTML []byte

// swaggerPage renders /openapi.json as a browsable, filterable list of operations with
// their parameters, bodies and responses; it needs nothing from outside the binary.
func swaggerPage(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(swaggerHTML)
}

// operationID makes a stable, unique id from method and path, e.g.
// GET /api/identity/users/{id} → get-api-identity-users-id; case is kept because the
// contract has paths differing only in case.
func operationID(method, path string) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(method))
	dash := true
	for _, r := range path {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		case r >= 'A' && r <= 'Z':
			if dash {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		default:
			dash = true
		}
	}
	return b.String()
}
