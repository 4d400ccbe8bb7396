// Package apptest runs the whole server on a fresh, seeded database for API tests:
// SQLite always, PostgreSQL when KERF_TEST_POSTGRES_URL is set.
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/app"
	"kerf/internal/identity"
	"kerf/internal/platform/config"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

// Env is one running app.
type Env struct {
	App     *app.App
	Dialect string
	tokens  map[string]string
}

// Each runs fn against a fresh app per dialect, as subtests named after the dialect.
func Each(t *testing.T, fn func(t *testing.T, e *Env)) {
	t.Helper()
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) { fn(t, New(t, u)) })
	}
}

// New builds, migrates and demo-seeds an app on the database at url (a copy of a seeded
// template the first time that database is asked for; see template.go).
func New(t testing.TB, dbURL string) *Env {
	t.Helper()
	ctx := context.Background()
	cfg := config.Default()
	cfg.Database, cfg.DataDir, cfg.Demo, cfg.Secret = prepared(t, dbURL), t.TempDir(), true, secret()
	a, err := app.New(ctx, cfg)
	if err != nil {
		t.Fatalf("build app: %v", err)
	}
	t.Cleanup(a.Close)
	if err := a.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	if err := a.Seed(ctx, true); err != nil {
		t.Fatalf("seed: %v", err)
	}
	return &Env{App: a, Dialect: a.DB.Kind, tokens: map[string]string{}}
}

// Response is a recorded answer.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v, failing the test on bad JSON.
func (r *Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// Map decodes the body as a JSON object.
func (r *Response) Map(t testing.TB) map[string]any {
	var m map[string]any
	r.JSON(t, &m)
	return m
}

// ErrorMessage returns error.message of an ABP error body.
func (r *Response) ErrorMessage(t testing.TB) string {
	var b struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	r.JSON(t, &b)
	return b.Error.Message
}

// Request describes a call.
type Request struct {
	Method, Path string
	Token        string
	JSON         any         // marshalled as the body when set
	Body         io.Reader   // raw body otherwise
	ContentType  string      // for Body
	Form         url.Values  // form-encoded body when set
	Header       http.Header // extra headers (Accept-Language, __tenant)
}

// Do sends r through the app's handler.
func (e *Env) Do(t testing.TB, r Request) *Response {
	t.Helper()
	var body io.Reader = r.Body
	ct := r.ContentType
	switch {
	case r.JSON != nil:
		b, err := json.Marshal(r.JSON)
		if err != nil {
			t.Fatal(err)
		}
		body, ct = bytes.NewReader(b), "application/json"
	case r.Form != nil:
		body, ct = strings.NewReader(r.Form.Encode()), "application/x-www-form-urlencoded"
	}
	req := httptest.NewRequest(r.Method, r.Path, body)
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	for k, vs := range r.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if r.Token != "" {
		req.Header.Set("Authorization", "Bearer "+r.Token)
	}
	rec := httptest.NewRecorder()
	e.App.Handler().ServeHTTP(rec, req)
	return &Response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
}

// Get is Do with GET.
func (e *Env) Get(t testing.TB, path, token string) *Response {
	return e.Do(t, Request{Method: http.MethodGet, Path: path, Token: token})
}

// Token logs in with the password grant of the kerf-web client and returns the access
// token; tenant "" is the host. Tokens are cached per user and tenant.
func (e *Env) Token(t testing.TB, user, password, tenant string) string {
	t.Helper()
	key := tenant + "/" + user + "/" + password
	if tok, ok := e.tokens[key]; ok {
		return tok
	}
	tr := e.Login(t, user, password, tenant)
	tok, _ := tr["access_token"].(string)
	if tok == "" {
		t.Fatalf("login %s@%s: no access token in %v", user, tenant, tr)
	}
	e.tokens[key] = tok
	return tok
}

// Login runs the password grant and returns the token response, failing on non-200.
func (e *Env) Login(t testing.TB, user, password, tenant string) map[string]any {
	t.Helper()
	form := url.Values{"grant_type": {"password"}, "client_id": {"kerf-web"}, "username": {user},
		"password": {password}, "scope": {"openid profile email phone role offline_access kerf"}}
	h := http.Header{}
	if tenant != "" {
		h.Set("__tenant", tenant)
	}
	res := e.Do(t, Request{Method: http.MethodPost, Path: "/connect/token", Form: form, Header: h})
	if res.Status != http.StatusOK {
		t.Fatalf("login %s@%s: %d %s", user, tenant, res.Status, res.Body)
	}
	return res.Map(t)
}

// Demo credentials.
const (
	Password = "1q2w3E*"
)

// In returns a context acting in the tenant of tenantName ("" for the host).
func (e *Env) In(t testing.TB, tenantName string) context.Context {
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

// UserID returns the id of user in tenantName ("" for the host).
func (e *Env) UserID(t testing.TB, user, tenantName string) uuid.UUID {
	t.Helper()
	u, err := e.App.Identity.FindByLogin(e.In(t, tenantName), user)
	if err != nil {
		t.Fatalf("find %s: %v", user, err)
	}
	return u.ID
}

// CreateUser adds a user with the demo password and the given roles in the tenant of
// tenantName ("" for the host) and returns its access token.
func (e *Env) CreateUser(t testing.TB, tenantName, userName string, roles ...string) string {
	t.Helper()
	ctx := e.In(t, tenantName)
	for _, r := range roles {
		if _, err := e.App.Identity.EnsureRole(ctx, r, false, false); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.App.Identity.CreateUser(ctx, identity.CreateUserInput{UserName: userName, Password: Password,
		Email: userName + "@test.local", LockoutEnabled: true, RoleNames: roles}); err != nil {
		t.Fatalf("create user %s: %v", userName, err)
	}
	return e.Token(t, userName, Password, tenantName)
}
