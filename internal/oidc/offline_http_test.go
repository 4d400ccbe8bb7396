package oidc_test

import (
	"net/http"
	"testing"
	"time"

	"kerf/internal/app/apptest"
	"kerf/internal/identity"
	"kerf/internal/oidc"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

func offlinePath(id string) string { return "/api/app/user-login/" + id + "/force-user-offline" }

func TestForceUserOfflineEndpoint(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		victim := e.CreateUser(t, "", "victim")
		victimID := e.UserID(t, "victim", "")
		tenantAdmin := e.Token(t, "admin", apptest.Password, "demo")
		hostSales := e.UserID(t, "sales", "")
		tenantSales := e.UserID(t, "sales", "demo")
		en := http.Header{"Accept-Language": {"en"}}
		post := func(path, token string, h http.Header) *apptest.Response {
			return e.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: token, Header: h})
		}
		cases := []struct {
			name, path, token string
			want              int
			msg               string
		}{
			{"anonymous", offlinePath(victimID.String()), "", http.StatusUnauthorized, ""},
			{"without AbpIdentity.Users.Update", offlinePath(victimID.String()), e.Token(t, "sales", apptest.Password, ""), http.StatusForbidden, ""},
			{"an id that is no uuid", offlinePath("abc"), admin, http.StatusBadRequest, ""},
			{"an unknown user", offlinePath("0190a000-0000-7000-8000-000000000001"), admin, http.StatusNotFound, "The user does not exist"},
			{"another tenant's user, by a tenant admin", offlinePath(hostSales.String()), tenantAdmin, http.StatusNotFound, "The user does not exist"},
			{"another tenant's user, by the host admin", offlinePath(tenantSales.String()), admin, http.StatusNotFound, "The user does not exist"},
		}
		for _, c := range cases {
			res := post(c.path, c.token, en)
			if res.Status != c.want || (c.msg != "" && res.ErrorMessage(t) != c.msg) {
				t.Errorf("%s: %d %s, want %d %s", c.name, res.Status, res.Body, c.want, c.msg)
			}
		}
		if res := e.Get(t, "/api/identity/my-profile", victim); res.Status != http.StatusOK {
			t.Fatalf("the victim before: %d", res.Status)
		}
		if res := post(offlinePath(victimID.String()), admin, nil); res.Status != http.StatusNoContent {
			t.Fatalf("force offline: %d %s", res.Status, res.Body)
		}
		if res := e.Get(t, "/api/identity/my-profile", victim); res.Status != http.StatusUnauthorized {
			t.Fatalf("the victim after: %d, want 401", res.Status)
		}
		if res := e.Get(t, "/api/identity/my-profile", admin); res.Status != http.StatusOK {
			t.Fatalf("the administrator after: %d", res.Status)
		}
		// The tenant admin forces their own tenant's user offline.
		salesDemo := e.Token(t, "sales", apptest.Password, "demo")
		if res := post(offlinePath(tenantSales.String()), tenantAdmin, nil); res.Status != http.StatusNoContent {
			t.Fatalf("tenant admin, own user: %d %s", res.Status, res.Body)
		}
		if res := e.Get(t, "/api/identity/my-profile", salesDemo); res.Status != http.StatusUnauthorized {
			t.Fatalf("the tenant's sales after: %d", res.Status)
		}
		// A security log row names the user and the operator.
		var page struct {
			Items []struct {
				UserName        string         `json:"userName"`
				ExtraProperties map[string]any `json:"extraProperties"`
			} `json:"items"`
		}
		e.Get(t, "/api/identity/security-logs?action="+oidc.ActionForceUserOffline, admin).JSON(t, &page)
		if len(page.Items) != 1 || page.Items[0].UserName != "victim" || page.Items[0].ExtraProperties["operatorUserName"] != "admin" {
			t.Fatalf("host security log: %+v", page.Items)
		}
	})
}

func TestForceOfflineOnOneReplicaEndsTheLoginOnEveryReplica(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		if name != db.Postgres {
			continue // replicas share a database only on PostgreSQL (one process owns a SQLite file)
		}
		t.Run(name, func(t *testing.T) {
			first, second := mustReplica(t, u), mustReplica(t, u)
			sales := passwordLogin(t, first, "sales", identity.DefaultPassword).body["access_token"].(string)
			admin := passwordLogin(t, first, "admin", identity.DefaultPassword).body["access_token"].(string)
			if res := call(t, second, http.MethodGet, "/connect/userinfo", nil, sales); res.status != http.StatusOK {
				t.Fatalf("before: %d", res.status) // the second replica now caches the login as active
			}
			salesID, _ := first.Identity.FindByLogin(t.Context(), "sales")
			if res := call(t, first, http.MethodPost, offlinePath(salesID.ID.String()), nil, admin); res.status != http.StatusNoContent {
				t.Fatalf("force offline: %d %v", res.status, res.body)
			}
			deadline := time.Now().Add(10 * time.Second) // the bus delivers through PostgreSQL, asynchronously
			for call(t, second, http.MethodGet, "/connect/userinfo", nil, sales).status != http.StatusUnauthorized {
				if time.Now().After(deadline) {
					t.Fatal("the second replica still accepts the token of a user forced offline on the first")
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
}
