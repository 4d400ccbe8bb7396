package session_test

import (
	"context"
	"maps"
	"net/http"
	"slices"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/session"
)

const configPath = "/api/abp/application-configuration"

func getConfig(t *testing.T, e *apptest.Env, token string, h http.Header) session.ApplicationConfiguration {
	t.Helper()
	res := e.Do(t, apptest.Request{Method: http.MethodGet, Path: configPath, Token: token, Header: h})
	if res.Status != http.StatusOK {
		t.Fatalf("configuration: %d %s", res.Status, res.Body)
	}
	var c session.ApplicationConfiguration
	res.JSON(t, &c)
	return c
}

func TestAnonymousGetsConfigurationWithoutUserOrGrants(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		res := e.Do(t, apptest.Request{Method: http.MethodGet, Path: configPath,
			Header: http.Header{"Accept-Language": {"en-US,en;q=0.9"}}})
		if res.Status != http.StatusOK {
			t.Fatalf("status %d: %s", res.Status, res.Body)
		}
		// The exact JSON the web client reads: nulls for an anonymous caller, empty objects.
		raw := res.Map(t)
		cu := raw["currentUser"].(map[string]any)
		for _, k := range []string{"id", "tenantId", "impersonatorUserId", "impersonatorTenantId", "userName", "name", "surName", "email", "phoneNumber"} {
			if v, ok := cu[k]; !ok || v != nil {
				t.Errorf("currentUser.%s = %v (present %v), want null", k, v, ok)
			}
		}
		if cu["isAuthenticated"] != false {
			t.Errorf("isAuthenticated = %v", cu["isAuthenticated"])
		}
		if r, ok := cu["roles"].([]any); !ok || len(r) != 0 {
			t.Errorf("roles = %#v, want []", cu["roles"])
		}
		if g, ok := raw["auth"].(map[string]any)["grantedPolicies"].(map[string]any); !ok || len(g) != 0 {
			t.Errorf("grantedPolicies = %#v, want {}", raw["auth"])
		}
		if f := raw["features"].(map[string]any)["values"]; f == nil {
			t.Error("features.values must be an object")
		}

		var c session.ApplicationConfiguration
		res.JSON(t, &c)
		if want := e.App.Registry.Names(); len(c.Auth.Policies) != len(want) {
			t.Errorf("policies: %d, want every defined permission (%d)", len(c.Auth.Policies), len(want))
		}
		if c.CurrentTenant.ID != nil || c.CurrentTenant.Name != nil || c.CurrentTenant.IsAvailable {
			t.Errorf("host tenant = %+v", c.CurrentTenant)
		}
		if c.Localization.CurrentCulture.CultureName != "en" || c.Localization.DefaultResourceName != "Kerf" ||
			len(c.Localization.Languages) != 2 {
			t.Errorf("localization = %+v", c.Localization.CurrentCulture)
		}
		if got := c.Localization.Values["Kerf"]["Error:NotFound"]; got != "The requested resource does not exist" {
			t.Errorf("English text = %q", got)
		}
		if !c.MultiTenancy.IsEnabled {
			t.Error("multi-tenancy must be on")
		}
		want := map[string]string{"BasicSetup.HttpTimeoutPeriod": "30", "SalesOrder.WebLogo": "", "App.Version": "2.3.8", "App.DownloadUrl": "",
			"Abp.Account.IsSelfRegistrationEnabled": "true"}
		if !maps.Equal(c.Setting.Values, want) {
			t.Errorf("settings = %v, want %v", c.Setting.Values, want)
		}

		// Without Accept-Language the culture is zh-Hans; an anonymous caller on the login
		// page names its tenant with __tenant.
		zh := getConfig(t, e, "", http.Header{"__tenant": {"demo"}})
		if zh.Localization.CurrentCulture.CultureName != "zh-Hans" || zh.Localization.Values["Kerf"]["Error:NotFound"] != "请求的资源不存在" {
			t.Errorf("default culture = %+v", zh.Localization.CurrentCulture)
		}
		if zh.CurrentTenant.Name == nil || *zh.CurrentTenant.Name != "demo" || !zh.CurrentTenant.IsAvailable {
			t.Errorf("tenant by header = %+v", zh.CurrentTenant)
		}
	})
}

func TestAdminSeesEveryPolicyGranted(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := getConfig(t, e, e.Token(t, "admin", apptest.Password, ""), nil)
		if len(c.Auth.Policies) == 0 {
			t.Fatal("no policies")
		}
		for name := range c.Auth.Policies {
			if !c.Auth.GrantedPolicies[name] {
				t.Errorf("host admin lacks %s", name)
			}
		}
		u := c.CurrentUser
		if !u.IsAuthenticated || u.ID == nil || *u.ID != e.UserID(t, "admin", "") ||
			deref(u.UserName) != "admin" || deref(u.Name) != "管理员" || deref(u.Email) != "admin@kerf.local" ||
			deref(u.PhoneNumber) != "13800000001" || !slices.Equal(u.Roles, []string{"admin"}) || u.TenantID != nil {
			t.Errorf("current user = %+v", u)
		}
		if c.CurrentTenant.ID != nil {
			t.Errorf("host admin tenant = %+v", c.CurrentTenant)
		}
	})
}

func TestTenantAdminSeesTenantAndNoHostOnlyGrants(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := getConfig(t, e, e.Token(t, "admin", apptest.Password, "demo"), nil)
		if c.CurrentTenant.ID == nil || deref(c.CurrentTenant.Name) != "demo" || !c.CurrentTenant.IsAvailable {
			t.Errorf("tenant = %+v", c.CurrentTenant)
		}
		if c.CurrentUser.TenantID == nil || *c.CurrentUser.TenantID != *c.CurrentTenant.ID {
			t.Errorf("user tenant = %v", c.CurrentUser.TenantID)
		}
		for _, name := range []string{"AbpTenantManagement.Tenants", "Platform.Menus"} {
			if c.Auth.GrantedPolicies[name] {
				t.Errorf("host-only %s granted in a tenant", name)
			}
			if !c.Auth.Policies[name] {
				t.Errorf("%s missing from policies", name)
			}
		}
		if !c.Auth.GrantedPolicies["AbpIdentity.Users"] {
			t.Error("tenant admin lacks AbpIdentity.Users")
		}
	})
}

func TestUserWithoutPermissionsHasNoGrants(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		c := getConfig(t, e, e.CreateUser(t, "", "plain"), nil)
		if len(c.Auth.GrantedPolicies) != 0 || !c.CurrentUser.IsAuthenticated || deref(c.CurrentUser.UserName) != "plain" {
			t.Errorf("granted = %v, user = %+v", c.Auth.GrantedPolicies, c.CurrentUser)
		}
	})
}

func TestApplicationLocalizationPicksCulture(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		for _, tc := range []struct{ query, acceptLanguage, want, text string }{
			{"?CultureName=en", "", "en", "Bad request"},
			{"?cultureName=zh-CN", "en", "zh-Hans", "请求无效"},
			{"", "en-GB", "en", "Bad request"},
			{"", "", "zh-Hans", "请求无效"},
		} {
			res := e.Do(t, apptest.Request{Method: http.MethodGet, Path: "/api/abp/application-localization" + tc.query,
				Header: http.Header{"Accept-Language": {tc.acceptLanguage}}})
			if res.Status != http.StatusOK {
				t.Fatalf("%s: %d %s", tc.query, res.Status, res.Body)
			}
			var l session.ApplicationLocalization
			res.JSON(t, &l)
			if l.CurrentCulture.CultureName != tc.want || l.Resources["Kerf"].Texts["Error:BadRequest"] != tc.text {
				t.Errorf("%q/%q: culture %q, text %q", tc.query, tc.acceptLanguage, l.CurrentCulture.CultureName,
					l.Resources["Kerf"].Texts["Error:BadRequest"])
			}
		}
	})
}

func TestCheckTenant(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		const path = "/api/tenantextend/check-tenant"
		check := func(token string, h http.Header) session.TenantCheck {
			t.Helper()
			res := e.Do(t, apptest.Request{Method: http.MethodGet, Path: path, Token: token, Header: h})
			if res.Status != http.StatusOK {
				t.Fatalf("check-tenant: %d %s", res.Status, res.Body)
			}
			var c session.TenantCheck
			res.JSON(t, &c)
			return c
		}
		if c := check(e.Token(t, "admin", apptest.Password, ""), nil); c != (session.TenantCheck{IsActive: true}) {
			t.Errorf("host = %+v", c)
		}
		demoAdmin := e.Token(t, "admin", apptest.Password, "demo")
		if c := check(demoAdmin, nil); c != (session.TenantCheck{TenantName: "demo", IsActive: true}) {
			t.Errorf("demo = %+v", c)
		}
		demo, err := e.App.Identity.ResolveTenant(context.Background(), "demo")
		if err != nil {
			t.Fatal(err)
		}
		msg := "试用期将于 3 天后结束"
		if err := e.App.Identity.SetTenantState(context.Background(), *demo.ID, true, msg); err != nil {
			t.Fatal(err)
		}
		if c := check(demoAdmin, nil); c != (session.TenantCheck{TenantName: "demo", IsActive: true, Message: msg}) {
			t.Errorf("demo with message = %+v", c)
		}
		// A host user acting in the tenant sees the tenant's state too.
		if c := check(e.Token(t, "admin", apptest.Password, ""), http.Header{"__tenant": {"demo"}}); c.TenantName != "demo" || c.Message != msg {
			t.Errorf("host admin in demo = %+v", c)
		}
		// The login page asks by name, before anyone logs in: the host, a tenant, an unknown one,
		// an inactive one (whose logins the token endpoint refuses).
		en := http.Header{"Accept-Language": {"en"}}
		if c := check("", nil); c != (session.TenantCheck{IsActive: true}) {
			t.Errorf("anonymous = %+v", c)
		}
		byName := func(name string) session.TenantCheck {
			t.Helper()
			var c session.TenantCheck
			e.Do(t, apptest.Request{Method: http.MethodGet, Path: path + "?tenantName=" + name, Header: en}).JSON(t, &c)
			return c
		}
		if c := byName("DEMO"); c != (session.TenantCheck{TenantName: "demo", IsActive: true, Message: msg}) {
			t.Errorf("by name = %+v", c)
		}
		if c := byName("nope"); c != (session.TenantCheck{TenantName: "nope", Message: "Tenant is not available: nope"}) {
			t.Errorf("unknown = %+v", c)
		}
		if err := e.App.Identity.SetTenantState(context.Background(), *demo.ID, false, ""); err != nil {
			t.Fatal(err)
		}
		if c := byName("demo"); c != (session.TenantCheck{TenantName: "demo", Message: "Tenant is not available: demo"}) {
			t.Errorf("inactive = %+v", c)
		}
	})
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}
