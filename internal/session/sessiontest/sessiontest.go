// Package sessiontest gives the API tests of the session, menus and permissions areas
// their callers. It uses the real token endpoint (apptest's Token and CreateUser) when the
// app registers POST /connect/token; until then it installs a verifier on the app's API
// that accepts opaque test tokens for users read from the identity area, so the tests
// still run through the real router, access rules and tenant middleware.
package sessiontest

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/app/apptest"
	"kerf/internal/identity"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/tenancy"
)

// HasTokenEndpoint reports whether the app serves POST /connect/token.
func HasTokenEndpoint(e *apptest.Env) bool {
	for _, op := range e.App.API.Ops() {
		if op.Method == http.MethodPost && op.Path == "/connect/token" {
			return true
		}
	}
	return false
}

// Token returns an access token of user in tenantName ("" for the host), with the demo
// password.
func Token(t testing.TB, e *apptest.Env, user, tenantName string) string {
	t.Helper()
	if HasTokenEndpoint(e) {
		return e.Token(t, user, apptest.Password, tenantName)
	}
	return fallback(t, e).token(t, user, tenantName)
}

// CreateUser adds a user with the given roles (created if missing) and no other
// permissions, and returns its token.
func CreateUser(t testing.TB, e *apptest.Env, tenantName, user string, roles ...string) string {
	t.Helper()
	if HasTokenEndpoint(e) {
		return e.CreateUser(t, tenantName, user, roles...)
	}
	ctx := tenantCtx(t, e, tenantName)
	for _, r := range roles {
		if _, err := e.App.Identity.EnsureRole(ctx, r, false, false); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.App.Identity.CreateUser(ctx, identity.CreateUserInput{UserName: user, Password: apptest.Password,
		Email: user + "@test.local", LockoutEnabled: true, RoleNames: roles}); err != nil {
		t.Fatalf("create user %s: %v", user, err)
	}
	return Token(t, e, user, tenantName)
}

// UserID returns the id of user in tenantName.
func UserID(t testing.TB, e *apptest.Env, user, tenantName string) uuid.UUID {
	t.Helper()
	u, err := e.App.Identity.FindByLogin(tenantCtx(t, e, tenantName), user)
	if err != nil {
		t.Fatalf("find %s: %v", user, err)
	}
	return u.ID
}

func tenantCtx(t testing.TB, e *apptest.Env, tenantName string) context.Context {
	t.Helper()
	ctx := context.Background()
	if tenantName == "" {
		return ctx
	}
	tn, err := e.App.Identity.ResolveTenant(ctx, tenantName)
	if err != nil {
		t.Fatalf("tenant %s: %v", tenantName, err)
	}
	return tenancy.WithTenant(ctx, tn)
}

// verifier accepts "test:<user id>" tokens it issued.
type verifier struct {
	mu     sync.Mutex
	issued map[string]*auth.Principal
}

func (v *verifier) Verify(_ context.Context, token string) (*auth.Principal, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if p, ok := v.issued[token]; ok {
		return p, nil
	}
	return nil, auth.ErrInvalidToken
}

var (
	fallbacksMu sync.Mutex
	fallbacks   = map[*apptest.Env]*fallbackIssuer{}
)

type fallbackIssuer struct {
	e *apptest.Env
	v *verifier
}

func fallback(t testing.TB, e *apptest.Env) *fallbackIssuer {
	fallbacksMu.Lock()
	defer fallbacksMu.Unlock()
	f, ok := fallbacks[e]
	if !ok {
		f = &fallbackIssuer{e: e, v: &verifier{issued: map[string]*auth.Principal{}}}
		e.App.API.SetVerifier(f.v)
		fallbacks[e] = f
		t.Cleanup(func() { fallbacksMu.Lock(); delete(fallbacks, e); fallbacksMu.Unlock() })
	}
	return f
}

func (f *fallbackIssuer) token(t testing.TB, user, tenantName string) string {
	t.Helper()
	ctx := tenantCtx(t, f.e, tenantName)
	u, err := f.e.App.Identity.FindByLogin(ctx, user)
	if err != nil {
		t.Fatalf("login %s@%s: %v", user, tenantName, err)
	}
	if !f.e.App.Identity.CheckPassword(ctx, u, apptest.Password) {
		t.Fatalf("login %s@%s: wrong password", user, tenantName)
	}
	roles, err := f.e.App.Identity.RoleNames(ctx, u.ID)
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	p := &auth.Principal{UserID: u.ID, TenantID: tenancy.ID(ctx), TenantName: tenancy.FromContext(ctx).Name,
		UserName: u.UserName, Roles: roles, ClientID: "kerf-web"}
	tok := "test:" + strings.ReplaceAll(uuid.NewString(), "-", "")
	f.v.mu.Lock()
	f.v.issued[tok] = p
	f.v.mu.Unlock()
	return tok
}
