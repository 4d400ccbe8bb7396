package saas_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"kerf/internal/app"
	"kerf/internal/app/apptest"
	"kerf/internal/platform/config"
	"kerf/internal/platform/db/dbtest"
)

// With multi-tenancy off (KERF_MULTI_TENANCY=false) the install is one factory: no tenant or
// edition calls (404) or menus, the client is told so, and every request is the host's, a
// __tenant header or a login's tenant field notwithstanding.
func TestMultiTenancyOff(t *testing.T) {
	ctx := context.Background()
	cfg := config.Default()
	cfg.Database, cfg.DataDir, cfg.Demo, cfg.MultiTenancy = dbtest.SQLiteURL(t), t.TempDir(), true, false
	cfg.Secret = "multi-tenancy-off-test-secret-0123456789"
	a, err := app.New(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	if err := a.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if err := a.Seed(ctx, true); err != nil {
		t.Fatal(err)
	}
	e := &apptest.Env{App: a, Dialect: a.DB.Kind}
	token := func(tenant string) string {
		h := http.Header{"__tenant": {tenant}}
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/connect/token", Header: h, Form: map[string][]string{
			"grant_type": {"password"}, "client_id": {"kerf-web"}, "username": {"admin"}, "password": {apptest.Password},
			"tenant": {tenant}, "scope": {"openid profile role kerf"}}})
		if res.Status != http.StatusOK {
			t.Fatalf("login: %d %s", res.Status, res.Body)
		}
		tok, _ := res.Map(t)["access_token"].(string)
		return tok
	}
	// A login naming the demo tenant logs in to the host.
	admin := token("demo")
	for _, p := range []string{tenants, editions} {
		if res := e.Get(t, p, admin); res.Status != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", p, res.Status)
		}
	}
	var c struct {
		MultiTenancy  struct{ IsEnabled bool } `json:"multiTenancy"`
		CurrentTenant struct{ Name *string }   `json:"currentTenant"`
		CurrentUser   struct{ TenantID *string }
	}
	e.Do(t, apptest.Request{Method: http.MethodGet, Path: "/api/abp/application-configuration", Token: admin,
		Header: http.Header{"__tenant": {"demo"}}}).JSON(t, &c)
	if c.MultiTenancy.IsEnabled || c.CurrentTenant.Name != nil || c.CurrentUser.TenantID != nil {
		t.Errorf("configuration: %+v", c)
	}
	// Anonymous, too: the login page's configuration is the host's.
	e.Do(t, apptest.Request{Method: http.MethodGet, Path: "/api/abp/application-configuration",
		Header: http.Header{"__tenant": {"demo"}}}).JSON(t, &c)
	if c.MultiTenancy.IsEnabled || c.CurrentTenant.Name != nil {
		t.Errorf("anonymous configuration: %+v", c)
	}
	res := e.Get(t, "/api/menu/getWebMenu", admin)
	if res.Status != http.StatusOK || strings.Contains(string(res.Body), "/saas") {
		t.Errorf("web menu: %d %s", res.Status, res.Body)
	}
}
