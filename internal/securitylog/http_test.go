package securitylog_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"kerf/internal/app/apptest"
	"kerf/internal/platform/permission"
	"kerf/internal/securitylog"
)

type page struct {
	Items []struct {
		ID         string         `json:"id"`
		Action     string         `json:"action"`
		UserName   string         `json:"userName"`
		TenantName string         `json:"tenantName"`
		ClientID   string         `json:"clientId"`
		Extra      map[string]any `json:"extraProperties"`
	} `json:"items"`
	TotalCount int `json:"totalCount"`
}

func TestSecurityLogEndpoints(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		// A failed login, then the list.
		bad := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/connect/token", Form: url.Values{"grant_type": {"password"},
			"client_id": {"kerf-web"}, "username": {"admin"}, "password": {"wrong"}}})
		if bad.Status != http.StatusBadRequest {
			t.Fatalf("failed login: %d", bad.Status)
		}
		var p page
		e.Get(t, "/api/identity/security-logs?maxResultCount=50", admin).JSON(t, &p)
		if p.TotalCount != 2 || p.Items[0].Action != "LoginInvalidUserNameOrPassword" || p.Items[1].Action != "LoginSucceeded" ||
			p.Items[1].ClientID != "kerf-web" || p.Items[1].Extra["grantType"] != "password" {
			t.Fatalf("host log: %+v", p)
		}
		var f page
		e.Get(t, "/api/identity/security-logs?action=LoginSucceeded&startTime="+url.QueryEscape(time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)), admin).JSON(t, &f)
		if f.TotalCount != 1 {
			t.Fatalf("filtered: %+v", f)
		}
		e.Get(t, "/api/identity/security-logs?EndTime=2000-01-01", admin).JSON(t, &f)
		if f.TotalCount != 0 {
			t.Fatalf("end time in the past: %+v", f)
		}
		if res := e.Get(t, "/api/identity/security-logs?sorting=password%20desc", admin); res.Status != http.StatusBadRequest {
			t.Fatalf("sorting by an unknown column: %d", res.Status)
		}
		if res := e.Get(t, "/api/identity/security-logs?sorting=userName%20desc", admin); res.Status != http.StatusOK {
			t.Fatalf("sorting by user name: %d %s", res.Status, res.Body)
		}
		if res := e.Get(t, "/api/identity/security-logs?startTime=yesterday", admin); res.Status != http.StatusBadRequest {
			t.Fatalf("bad start time: %d", res.Status)
		}
		// One row, then gone.
		id := p.Items[0].ID
		if res := e.Get(t, "/api/auditing/security-log/"+id, admin); res.Status != http.StatusOK {
			t.Fatalf("get: %d %s", res.Status, res.Body)
		}
		if res := e.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/auditing/security-log/" + id, Token: admin}); res.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", res.Status, res.Body)
		}
		if res := e.Get(t, "/api/auditing/security-log/"+id, admin); res.Status != http.StatusNotFound {
			t.Fatalf("deleted row: %d", res.Status)
		}
		// A tenant sees its own rows only; a user without the permission sees none.
		tenantAdmin := e.Token(t, "admin", apptest.Password, "demo")
		var tp page
		e.Get(t, "/api/identity/security-logs", tenantAdmin).JSON(t, &tp)
		if tp.TotalCount != 1 || tp.Items[0].TenantName != "demo" {
			t.Fatalf("tenant log: %+v", tp)
		}
		if res := e.Get(t, "/api/auditing/security-log/"+p.Items[1].ID, tenantAdmin); res.Status != http.StatusNotFound {
			t.Fatalf("tenant reading a host row: %d", res.Status)
		}
		sales := e.Token(t, "sales", apptest.Password, "")
		if res := e.Get(t, "/api/identity/security-logs", sales); res.Status != http.StatusForbidden {
			t.Fatalf("sales: %d", res.Status)
		}
	})
}

func TestDeletingASecurityLogRowNeedsTheDeletePermission(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		if err := e.App.Permissions.Set(t.Context(), e.App.DB, permission.Role, "log-reader",
			[]permission.Change{{Name: securitylog.PermSecurityLog, IsGranted: true}}); err != nil {
			t.Fatal(err)
		}
		reader := e.CreateUser(t, "", "reader", "log-reader")
		var p page
		e.Get(t, "/api/identity/security-logs", reader).JSON(t, &p)
		if p.TotalCount == 0 {
			t.Fatal("the logins above left no rows")
		}
		id := p.Items[0].ID
		del := func(token string) int {
			return e.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/auditing/security-log/" + id, Token: token}).Status
		}
		if got := del(reader); got != http.StatusForbidden {
			t.Fatalf("delete with the read permission only: %d, want 403", got)
		}
		if res := e.Get(t, "/api/auditing/security-log/"+id, reader); res.Status != http.StatusOK {
			t.Fatalf("the row is still there for its reader: %d", res.Status)
		}
		if got := del(admin); got != http.StatusNoContent {
			t.Fatalf("the admin holds the delete permission: %d", got)
		}
	})
}
