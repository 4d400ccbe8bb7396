package session_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"kerf/internal/app/apptest"
)

// After the Impersonation grant the configuration names the impersonated user and tenant
// and carries the impersonator's ids, which the navbar's "back to my account" needs.
func TestConfigurationShowsImpersonator(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		hostAdmin := e.UserID(t, "admin", "")
		demo, err := e.App.Identity.ResolveTenant(context.Background(), "demo")
		if err != nil {
			t.Fatal(err)
		}
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/connect/token", Form: url.Values{
			"grant_type": {"Impersonation"}, "client_id": {"kerf-web"}, "access_token": {e.Token(t, "admin", apptest.Password, "")},
			"TenantId": {demo.ID.String()}, "scope": {"openid profile email phone role offline_access kerf"}}})
		if res.Status != http.StatusOK {
			t.Fatalf("impersonate demo: %d %s", res.Status, res.Body)
		}
		token, _ := res.Map(t)["access_token"].(string)
		c := getConfig(t, e, token, nil)
		u := c.CurrentUser
		if u.ID == nil || *u.ID != e.UserID(t, "admin", "demo") || u.TenantID == nil || *u.TenantID != *demo.ID {
			t.Errorf("impersonated user = %+v", u)
		}
		if u.ImpersonatorUserID == nil || *u.ImpersonatorUserID != hostAdmin || u.ImpersonatorTenantID != nil {
			t.Errorf("impersonator = %v / %v, want host admin %v / null", u.ImpersonatorUserID, u.ImpersonatorTenantID, hostAdmin)
		}
		if deref(c.CurrentTenant.Name) != "demo" || c.Auth.GrantedPolicies["AbpTenantManagement.Tenants"] {
			t.Errorf("tenant %v, host-only granted %v", deref(c.CurrentTenant.Name), c.Auth.GrantedPolicies["AbpTenantManagement.Tenants"])
		}
	})
}
