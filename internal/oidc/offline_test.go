package oidc

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"testing"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
	"kerf/internal/securitylog"
)

func TestForceUserOfflineEndsEveryLoginOfTheUserAndNoOther(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		sales, _ := e.ids.FindByLogin(ctx, "sales")
		first, second := e.login("sales", identity.DefaultPassword, ""), e.login("sales", identity.DefaultPassword, "")
		admin := e.login("admin", identity.DefaultPassword, "")
		for _, l := range []map[string]any{first, second, admin} {
			if s := e.userinfo(l["access_token"].(string)); s != http.StatusOK {
				t.Fatalf("before: %d", s)
			}
		}

		u, n, err := e.m.ForceUserOffline(ctx, sales.ID)
		if err != nil || n != 2 || u.ID != sales.ID {
			t.Fatalf("force offline: %v, %d logins, want 2", err, n)
		}
		for _, l := range []map[string]any{first, second} {
			if s := e.userinfo(l["access_token"].(string)); s != http.StatusUnauthorized {
				t.Fatalf("an access token of a user forced offline: %d, want 401", s)
			}
			if r := e.refresh(l["refresh_token"].(string), nil); r.Status != http.StatusBadRequest {
				t.Fatalf("a refresh token of a user forced offline: %d %s", r.Status, r.Body)
			}
		}
		if s := e.userinfo(admin["access_token"].(string)); s != http.StatusOK {
			t.Fatalf("another user's login: %d", s)
		}
		// Logging in again works; forcing offline twice ends nothing more.
		again := e.login("sales", identity.DefaultPassword, "")
		if _, n, err := e.m.ForceUserOffline(ctx, sales.ID); err != nil || n != 1 {
			t.Fatalf("second force: %v, %d", err, n)
		}
		if s := e.userinfo(again["access_token"].(string)); s != http.StatusUnauthorized {
			t.Fatalf("the new login: %d", s)
		}
		if _, n, _ := e.m.ForceUserOffline(ctx, sales.ID); n != 0 {
			t.Fatalf("nothing left to end: %d", n)
		}

		// A user of another tenant is not found from the host, and keeps their login.
		demo, _ := e.ids.ResolveTenant(ctx, identity.DemoTenantName)
		tctx := tenancy.WithTenant(ctx, demo)
		tenantAdmin, _ := e.ids.FindByLogin(tctx, "admin")
		tl := e.login("admin", identity.DefaultPassword, "demo")
		if _, _, err := e.m.ForceUserOffline(ctx, tenantAdmin.ID); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("another tenant's user from the host: %v, want not found", err)
		}
		if s := e.userinfo(tl["access_token"].(string)); s != http.StatusOK {
			t.Fatalf("the tenant user's login: %d", s)
		}
		if _, n, err := e.m.ForceUserOffline(tctx, tenantAdmin.ID); err != nil || n != 1 {
			t.Fatalf("the tenant's own user: %v %d", err, n)
		}
	})
}

func TestSignOutUserAsTheIdentitySignOutHookEndsLoginsInTheSameTransaction(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.ids.AddSignOutHook(e.m.SignOutUser)
		sales, _ := e.ids.FindByLogin(ctx, "sales")
		l := e.login("sales", identity.DefaultPassword, "")
		// Impersonated logins of the user end too.
		adminAT := e.login("admin", identity.DefaultPassword, "")["access_token"].(string)
		imp := e.impersonate(adminAT, url.Values{"UserId": {sales.ID.String()}}, nil)
		if imp.Status != http.StatusOK {
			t.Fatalf("impersonate: %d %s", imp.Status, imp.Body)
		}
		// A reset that fails changes nothing, and ends no login.
		if err := e.ids.ResetPassword(ctx, sales.ID, "weak"); err == nil {
			t.Fatal("a weak password was accepted")
		}
		if s := e.userinfo(l["access_token"].(string)); s != http.StatusOK {
			t.Fatalf("a refused reset ended the login: %d", s)
		}
		if err := e.ids.ResetPassword(ctx, sales.ID, "New-pass1"); err != nil {
			t.Fatalf("reset: %v", err)
		}
		for _, at := range []string{l["access_token"].(string), imp.str(t, "access_token")} {
			if s := e.userinfo(at); s != http.StatusUnauthorized {
				t.Fatalf("a login of a user whose password was reset: %d, want 401", s)
			}
		}
		if s := e.userinfo(adminAT); s != http.StatusOK {
			t.Fatalf("the impersonator's own login: %d", s)
		}
	})
}

// securityRows returns the security log of the ctx tenant, oldest first.
func (e *env) securityRows(ctx context.Context) []securitylog.Log {
	e.t.Helper()
	rows, _, err := e.sec.List(ctx, securitylog.ListInput{Limit: 1000, Sorting: "creationTime asc"})
	if err != nil {
		e.t.Fatal(err)
	}
	return rows
}

// findRow returns the last row of action for userName, or nil.
func findRow(rows []securitylog.Log, action, userName string) *securitylog.Log {
	for i := len(rows) - 1; i >= 0; i-- {
		if rows[i].Action == action && rows[i].UserName == userName {
			return &rows[i]
		}
	}
	return nil
}

func TestImpersonationIsLoggedForTheImpersonatorAndTheImpersonatedUser(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		admin, _ := e.ids.FindByLogin(ctx, "admin")
		sales, _ := e.ids.FindByLogin(ctx, "sales")
		demo, _ := e.ids.ResolveTenant(ctx, identity.DemoTenantName)
		tctx := tenancy.WithTenant(ctx, demo)
		adminAT := e.login("admin", identity.DefaultPassword, "")["access_token"].(string)

		// As a user of the same tenant, and back.
		res := e.impersonate(adminAT, url.Values{"UserId": {sales.ID.String()}}, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("impersonate: %d %s", res.Status, res.Body)
		}
		if res := e.impersonate(res.str(t, "access_token"), url.Values{"UserId": {admin.ID.String()}}, nil); res.Status != http.StatusOK {
			t.Fatalf("back: %d %s", res.Status, res.Body)
		}
		rows := e.securityRows(ctx)
		by := findRow(rows, securitylog.ActionImpersonateUser, "admin")
		if by == nil || *by.UserID != admin.ID || by.ExtraProperties["targetUserName"] != "sales" {
			t.Fatalf("the impersonator's row: %+v", by)
		}
		as := findRow(rows, securitylog.ActionImpersonateUser, "sales")
		if as == nil || *as.UserID != sales.ID || as.ExtraProperties["impersonatorUserId"] != admin.ID.String() ||
			as.ExtraProperties["impersonatorUserName"] != "admin" {
			t.Fatalf("the impersonated user's row: %+v", as)
		}
		back := findRow(rows, securitylog.ActionBackToImpersonator, "admin")
		if back == nil || back.ExtraProperties["impersonatedUserName"] != "sales" {
			t.Fatalf("the impersonator's row of going back: %+v", back)
		}
		backAs := findRow(rows, securitylog.ActionBackToImpersonator, "sales")
		if backAs == nil || *backAs.UserID != sales.ID || backAs.ExtraProperties["impersonatorUserName"] != "admin" {
			t.Fatalf("the impersonated user's row of going back: %+v", backAs)
		}

		// As a tenant's admin: the impersonator's row on the host, the impersonated user's in the tenant.
		res = e.impersonate(adminAT, url.Values{"TenantId": {demo.ID.String()}}, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("impersonate tenant: %d %s", res.Status, res.Body)
		}
		if res := e.impersonate(res.str(t, "access_token"), url.Values{"UserId": {admin.ID.String()}}, nil); res.Status != http.StatusOK {
			t.Fatalf("back from the tenant: %d %s", res.Status, res.Body)
		}
		host := e.securityRows(ctx)
		if r := findRow(host, securitylog.ActionImpersonateTenant, "admin"); r == nil || r.TenantID != nil ||
			r.ExtraProperties["targetTenantName"] != identity.DemoTenantName {
			t.Fatalf("the host admin's row: %+v", r)
		}
		tenantRows := e.securityRows(tctx)
		tenantAdmin, _ := e.ids.FindByLogin(tctx, "admin")
		r := findRow(tenantRows, securitylog.ActionImpersonateTenant, "admin")
		if r == nil || r.TenantID == nil || *r.TenantID != *demo.ID || *r.UserID != tenantAdmin.ID ||
			r.ExtraProperties["impersonatorUserId"] != admin.ID.String() || r.ExtraProperties["impersonatorTenantId"] != nil {
			t.Fatalf("the tenant admin's row (in the tenant): %+v", r)
		}
		if r := findRow(tenantRows, securitylog.ActionBackToImpersonator, "admin"); r == nil || *r.UserID != tenantAdmin.ID {
			t.Fatalf("the tenant admin's row of going back: %+v", r)
		}
		if r := findRow(host, securitylog.ActionBackToImpersonator, "admin"); r == nil || r.ExtraProperties["impersonatedTenantName"] != identity.DemoTenantName {
			t.Fatalf("the host admin's row of coming back from the tenant: %+v", r)
		}

		// A refused impersonation writes the caller's row only.
		salesAT := e.login("sales", identity.DefaultPassword, "")["access_token"].(string)
		before := len(e.securityRows(ctx))
		if res := e.impersonate(salesAT, url.Values{"UserId": {admin.ID.String()}}, nil); res.Status != http.StatusForbidden {
			t.Fatalf("sales impersonating: %d", res.Status)
		}
		after := e.securityRows(ctx)
		if len(after) != before+1 || after[len(after)-1].Action != securitylog.ActionImpersonationDenied {
			t.Fatalf("a refused impersonation: %d rows more, last %+v", len(after)-before, after[len(after)-1])
		}
	})
}
