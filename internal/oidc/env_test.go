package oidc

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"kerf/internal/account"
	"kerf/internal/identity"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/ratelimit"
	"kerf/internal/platform/sms"
	"kerf/internal/securitylog"
)

// testClock is the clock of lockout, codes and token checks. It starts an hour behind the
// real time and tests move it forward by minutes: fosite refuses an identity token whose
// login time is ahead of time.Now.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// env is the identity, security log, account and OIDC areas on one database behind the
// real HTTP edge, with a clock the test moves.
type env struct {
	t     testing.TB
	api   *httpapi.API
	m     *Module
	ids   *identity.Service
	sec   *securitylog.Service
	sms   *sms.Development
	clock *testClock
}

// testSecret is the server secret of the tests' modules.
const testSecret = "a test secret of the oidc area"

type envOption func(*Options)

func withLimits(ip, user *ratelimit.Limiter) envOption {
	return func(o *Options) { o.IPLimit, o.UserLimit = ip, user }
}

func newEnv(t testing.TB, d *db.DB, opts ...envOption) *env {
	t.Helper()
	ctx := context.Background()
	clock := &testClock{t: time.Now().UTC().Add(-time.Hour)}
	cat := localization.NewCatalog()
	reg := permission.NewRegistry()
	perms := &permission.Service{DB: d, Registry: reg}
	api := httpapi.New(httpapi.Config{Catalog: cat, Checker: perms, Title: "test", Version: "test"})
	id := identity.New(identity.Deps{DB: d, Registry: reg, Permissions: perms})
	ids := identity.NewService(d, clock.now) // the area's service, on the test clock
	sec := securitylog.New(d, clock.now)
	dev := &sms.Development{Keep: 100, Log: slog.New(slog.DiscardHandler)}
	acc := account.New(account.Deps{DB: d, Identity: ids, SMS: dev, SecurityLog: sec.Service(), Now: clock.now})
	o := Options{Now: clock.now, IPLimit: ratelimit.New(d, "off", 0, 0), UserLimit: ratelimit.New(d, "off", 0, 0)}
	for _, f := range opts {
		f(&o)
	}
	m := New(Deps{DB: d, Secret: testSecret, DataDir: t.TempDir(), Identity: ids, Permissions: perms, SecurityLog: sec.Service(),
		PhoneCodes: acc.PhoneCodes(), Options: o})
	mods := []module.Module{id, sec, acc, m}
	migrations := append(slices.Clone(permission.Migrations), ratelimit.Migrations...)
	for _, x := range mods {
		reg.Add(x.Permissions()...)
		cat.Add(x.Texts())
		migrations = append(migrations, x.Migrations()...)
	}
	for _, x := range mods {
		x.Register(api)
	}
	if err := d.Migrate(ctx, migrations); err != nil {
		t.Fatal(err)
	}
	for _, x := range mods {
		if err := x.Seed(ctx, true); err != nil {
			t.Fatalf("seed %s: %v", x.Name(), err)
		}
	}
	return &env{t: t, api: api, m: m, ids: ids, sec: sec.Service(), sms: dev, clock: clock}
}

type response struct {
	Status int
	Header http.Header
	Body   []byte
}

func (r *response) json(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("not JSON (%d): %s", r.Status, r.Body)
	}
	return m
}

func (r *response) str(t testing.TB, key string) string {
	t.Helper()
	s, _ := r.json(t)[key].(string)
	return s
}

// do sends a request through the API's router.
func (e *env) do(method, path string, form url.Values, header http.Header) *response {
	var body *strings.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	} else {
		body = strings.NewReader("")
	}
	req := httptest.NewRequest(method, path, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	rec := httptest.NewRecorder()
	e.api.Router.ServeHTTP(rec, req)
	return &response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
}

func (e *env) doJSON(method, path, token string, body any, header http.Header) *response {
	b, _ := json.Marshal(body)
	req := httptest.NewRequest(method, path, strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	rec := httptest.NewRecorder()
	e.api.Router.ServeHTTP(rec, req)
	return &response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
}

// token posts a token request of the web client; header may carry __tenant and
// Accept-Language.
func (e *env) token(form url.Values, header http.Header) *response {
	if form.Get("client_id") == "" {
		form.Set("client_id", WebClientID)
	}
	return e.do(http.MethodPost, "/connect/token", form, header)
}

func (e *env) password(user, password, tenant string) *response {
	form := url.Values{"grant_type": {GrantPassword}, "username": {user}, "password": {password},
		"scope": {strings.Join(WebScopes, " ")}}
	if tenant != "" {
		form.Set("tenant", tenant)
	}
	return e.token(form, nil)
}

// login returns the token response of a successful password login.
func (e *env) login(user, password, tenant string) map[string]any {
	e.t.Helper()
	res := e.password(user, password, tenant)
	if res.Status != http.StatusOK {
		e.t.Fatalf("login %s@%s: %d %s", user, tenant, res.Status, res.Body)
	}
	return res.json(e.t)
}

func (e *env) bearer(token string) http.Header {
	return http.Header{"Authorization": {"Bearer " + token}}
}

// claims decodes a JWT's payload without checking it.
func claims(t testing.TB, jwt string) map[string]any {
	t.Helper()
	parts := strings.Split(jwt, ".")
	if len(parts) != 3 {
		t.Fatalf("not a JWT: %q", jwt)
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// securityActions returns the actions of the host's (or ctx tenant's) security log,
// oldest first.
func (e *env) securityActions(ctx context.Context) []string {
	e.t.Helper()
	rows, _, err := e.sec.List(ctx, securitylog.ListInput{Limit: 1000, Sorting: "creationTime asc"})
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, r := range rows {
		out = append(out, r.Action)
	}
	return out
}

var (
	en = http.Header{"Accept-Language": {"en-US,en;q=0.9"}}
	zh = http.Header{"Accept-Language": {"zh-CN"}}
)
