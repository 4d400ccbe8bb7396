package saas_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"kerf/internal/app/apptest"
)

const (
	editions = "/api/saas/editions"
	tenants  = "/api/saas/tenants"
	features = "/api/feature-management/features"
)

type edition struct {
	ID               string `json:"id"`
	DisplayName      string `json:"displayName"`
	ConcurrencyStamp string `json:"concurrencyStamp"`
}

type tenant struct {
	ID                string  `json:"id"`
	Name              string  `json:"name"`
	EditionID         *string `json:"editionId"`
	EditionName       *string `json:"editionName"`
	IsActive          bool    `json:"isActive"`
	ActivationMessage string  `json:"activationMessage"`
	ConcurrencyStamp  string  `json:"concurrencyStamp"`
}

type page[T any] struct {
	Items      []T `json:"items"`
	TotalCount int `json:"totalCount"`
}

var en = http.Header{"Accept-Language": {"en"}}

func do(t *testing.T, e *apptest.Env, method, path, token string, body any) *apptest.Response {
	t.Helper()
	return e.Do(t, apptest.Request{Method: method, Path: path, Token: token, JSON: body, Header: en})
}

// featureValue answers one feature's value for a provider, as the features dialog reads it.
func featureValue(t *testing.T, e *apptest.Env, token, provider, key, name string) string {
	t.Helper()
	var res struct {
		Groups []struct {
			Features []struct{ Name, Value string } `json:"features"`
		} `json:"groups"`
	}
	e.Get(t, features+"?providerName="+provider+"&providerKey="+key, token).JSON(t, &res)
	for _, g := range res.Groups {
		for _, f := range g.Features {
			if f.Name == name {
				return f.Value
			}
		}
	}
	t.Fatalf("no feature %s for %s %s", name, provider, key)
	return ""
}

// Every edition and tenant call: 401 without a login, 403 without the permission and 403 for
// a tenant's administrator (host only), even with every tenant permission.
func TestSaasCallsNeedTheHostsPermission(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		nobody := e.CreateUser(t, "", "nobody")
		demoAdmin := e.Token(t, "admin", apptest.Password, "demo")
		id := uuid.NewString()
		calls := []struct{ method, path string }{
			{http.MethodGet, editions}, {http.MethodGet, editions + "/" + id}, {http.MethodPost, editions},
			{http.MethodPut, editions + "/" + id}, {http.MethodDelete, editions + "/" + id},
			{http.MethodGet, tenants}, {http.MethodGet, tenants + "/" + id}, {http.MethodPost, tenants},
			{http.MethodPut, tenants + "/" + id}, {http.MethodDelete, tenants + "/" + id},
		}
		for _, c := range []struct {
			name, token string
			want        int
		}{{"anonymous", "", http.StatusUnauthorized}, {"without permission", nobody, http.StatusForbidden},
			{"a tenant's admin", demoAdmin, http.StatusForbidden}} {
			for _, call := range calls {
				if res := do(t, e, call.method, call.path, c.token, map[string]any{"name": "x", "displayName": "x"}); res.Status != c.want {
					t.Errorf("%s %s %s: %d, want %d (%s)", c.name, call.method, call.path, res.Status, c.want, res.Body)
				}
			}
		}
		// The host's admin acting in a tenant through __tenant is refused too.
		admin := e.Token(t, "admin", apptest.Password, "")
		res := e.Do(t, apptest.Request{Method: http.MethodGet, Path: tenants, Token: admin, Header: http.Header{"__tenant": {"demo"}}})
		if res.Status != http.StatusForbidden {
			t.Errorf("host admin with __tenant: %d", res.Status)
		}
	})
}

func TestEditions(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		var gold edition
		if res := do(t, e, http.MethodPost, editions, admin, map[string]any{"displayName": " Gold "}); res.Status != http.StatusOK {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		} else {
			res.JSON(t, &gold)
		}
		if gold.DisplayName != "Gold" || gold.ConcurrencyStamp == "" {
			t.Fatalf("created: %+v", gold)
		}
		// The rules: required, at most 64 characters, unique without regard to case.
		for _, c := range []struct {
			name, displayName, want string
		}{
			{"empty", " ", "required"},
			{"too long", strings.Repeat("长", 65), "64"},
			{"taken", "GOLD", "is already taken"},
		} {
			res := do(t, e, http.MethodPost, editions, admin, map[string]any{"displayName": c.displayName})
			if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), c.want) {
				t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
			}
		}
		if res := do(t, e, http.MethodPost, editions, admin, map[string]any{"displayName": strings.Repeat("长", 64)}); res.Status != http.StatusOK {
			t.Errorf("64 characters: %d %s", res.Status, res.Body)
		}
		// Rename; a stale stamp is a conflict.
		var silver edition
		do(t, e, http.MethodPut, editions+"/"+gold.ID, admin, map[string]any{"displayName": "Silver", "concurrencyStamp": gold.ConcurrencyStamp}).JSON(t, &silver)
		if silver.DisplayName != "Silver" || silver.ConcurrencyStamp == gold.ConcurrencyStamp {
			t.Fatalf("renamed: %+v", silver)
		}
		if res := do(t, e, http.MethodPut, editions+"/"+gold.ID, admin, map[string]any{"displayName": "Bronze", "concurrencyStamp": gold.ConcurrencyStamp}); res.Status != http.StatusConflict {
			t.Errorf("stale stamp: %d", res.Status)
		}
		if res := do(t, e, http.MethodGet, editions+"/"+uuid.NewString(), admin, nil); res.Status != http.StatusNotFound {
			t.Errorf("unknown edition: %d", res.Status)
		}
		// List: filter, sorting (whitelisted), up to 1000 a page.
		var list page[edition]
		e.Get(t, editions+"?filter=silv&maxResultCount=1000", admin).JSON(t, &list)
		if list.TotalCount != 1 || list.Items[0].ID != gold.ID {
			t.Fatalf("filtered: %+v", list)
		}
		if res := e.Get(t, editions+"?sorting=nope", admin); res.Status != http.StatusBadRequest {
			t.Errorf("sorting by an unknown column: %d", res.Status)
		}
		e.Get(t, editions+"?sorting=displayName%20desc", admin).JSON(t, &list)
		if list.TotalCount != 2 || list.Items[1].DisplayName != "Silver" {
			t.Errorf("sorted: %+v", list)
		}
		// An edition in use cannot be deleted: the message names how many tenants use it.
		res := do(t, e, http.MethodPost, tenants, admin, map[string]any{"name": "acme", "editionId": gold.ID,
			"adminEmailAddress": "boss@acme.test", "adminPassword": "1q2w3E*!"})
		if res.Status != http.StatusOK {
			t.Fatalf("create tenant: %d %s", res.Status, res.Body)
		}
		var acme tenant
		res.JSON(t, &acme)
		res = do(t, e, http.MethodDelete, editions+"/"+gold.ID, admin, nil)
		if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), "used by 1 tenant") {
			t.Fatalf("delete in use: %d %s", res.Status, res.Body)
		}
		// Moved off the edition, it can go, and its feature values with it.
		if res := do(t, e, http.MethodPut, tenants+"/"+acme.ID, admin, map[string]any{"name": "acme", "concurrencyStamp": acme.ConcurrencyStamp}); res.Status != http.StatusOK {
			t.Fatalf("no edition: %d %s", res.Status, res.Body)
		}
		if res := do(t, e, http.MethodPut, features+"?providerName=E&providerKey="+gold.ID, admin,
			map[string]any{"features": []map[string]any{{"name": "Kerf.Optimization", "value": "false"}}}); res.Status != http.StatusNoContent {
			t.Fatalf("edition features: %d %s", res.Status, res.Body)
		}
		if v := featureValue(t, e, admin, "E", gold.ID, "Kerf.Optimization"); v != "false" {
			t.Fatalf("edition value: %s", v)
		}
		if res := do(t, e, http.MethodDelete, editions+"/"+gold.ID, admin, nil); res.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", res.Status, res.Body)
		}
		if v := featureValue(t, e, admin, "E", gold.ID, "Kerf.Optimization"); v != "true" {
			t.Errorf("a deleted edition kept its value: %s", v)
		}
		if res := e.Get(t, editions+"/"+gold.ID, admin); res.Status != http.StatusNotFound {
			t.Errorf("deleted edition: %d", res.Status)
		}
		// Its name is free again.
		if res := do(t, e, http.MethodPost, editions, admin, map[string]any{"displayName": "silver"}); res.Status != http.StatusOK {
			t.Errorf("name of a deleted edition: %d %s", res.Status, res.Body)
		}
	})
}

// A tenant is created with its administrator and everything a tenant starts with; its
// administrator logs in; deactivated, check-tenant says so with the message and logins are
// refused; deleted, likewise.
func TestTenantLifecycle(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		ctx := context.Background()
		if err := e.App.StartJobs(ctx); err != nil {
			t.Fatal(err)
		}
		admin := e.Token(t, "admin", apptest.Password, "")
		var gold edition
		do(t, e, http.MethodPost, editions, admin, map[string]any{"displayName": "Gold"}).JSON(t, &gold)
		var before page[tenant]
		e.Get(t, tenants, admin).JSON(t, &before)

		// Bad input: every rule in the caller's language, nothing created.
		for _, c := range []struct {
			name   string
			body   map[string]any
			member string
		}{
			{"name with a space", map[string]any{"name": "a b"}, "name"},
			{"name too long", map[string]any{"name": strings.Repeat("a", 65)}, "name"},
			{"name taken", map[string]any{"name": "DEMO"}, "name"},
			{"name a uuid", map[string]any{"name": uuid.NewString()}, "name"},
			{"no such edition", map[string]any{"editionId": uuid.NewString()}, "editionId"},
			{"bad e-mail", map[string]any{"adminEmailAddress": "boss"}, "adminEmailAddress"},
			{"weak password", map[string]any{"adminPassword": "abc"}, "adminPassword"},
			{"no password", map[string]any{"adminPassword": ""}, "adminPassword"},
		} {
			body := map[string]any{"name": "acme", "adminEmailAddress": "boss@acme.test", "adminPassword": "1q2w3E*!"}
			for k, v := range c.body {
				body[k] = v
			}
			res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: tenants, Token: admin, JSON: body,
				Header: http.Header{"Accept-Language": {"zh-Hans"}}})
			var eb struct {
				Error struct {
					ValidationErrors []struct {
						Message string   `json:"message"`
						Members []string `json:"members"`
					} `json:"validationErrors"`
				} `json:"error"`
			}
			res.JSON(t, &eb)
			if res.Status != http.StatusBadRequest || len(eb.Error.ValidationErrors) == 0 ||
				eb.Error.ValidationErrors[0].Members[0] != c.member || eb.Error.ValidationErrors[0].Message == "" {
				t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
			}
		}
		var after page[tenant]
		e.Get(t, tenants, admin).JSON(t, &after)
		if after.TotalCount != before.TotalCount {
			t.Fatalf("refused creations left tenants: %d → %d", before.TotalCount, after.TotalCount)
		}

		// Create: the tenant, with its edition.
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: tenants, Token: admin, Header: http.Header{
			"Accept-Language": {"en"}, "Origin": {"https://evil.example"}}, // never the e-mail's link
			JSON: map[string]any{"name": "acme", "editionId": gold.ID, "adminEmailAddress": "boss@acme.test",
				"adminPassword": "1q2w3E*!", "activationMessage": "Welcome"}})
		if res.Status != http.StatusOK {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		var acme tenant
		res.JSON(t, &acme)
		if acme.Name != "acme" || !acme.IsActive || acme.EditionName == nil || *acme.EditionName != "Gold" || acme.ActivationMessage != "Welcome" {
			t.Fatalf("created: %+v", acme)
		}
		var got tenant
		e.Get(t, tenants+"/"+acme.ID, admin).JSON(t, &got)
		if got.ID != acme.ID || *got.EditionID != gold.ID {
			t.Fatalf("get: %+v", got)
		}
		var list page[tenant]
		e.Get(t, tenants+"?filter=ACM", admin).JSON(t, &list)
		if list.TotalCount != 1 || list.Items[0].ID != acme.ID {
			t.Fatalf("filter: %+v", list)
		}

		// Its administrator logs in and holds the tenant's permissions (not the host's).
		boss := e.Token(t, "admin", "1q2w3E*!", "acme")
		if res := e.Get(t, "/api/identity/users", boss); res.Status != http.StatusOK {
			t.Errorf("the new admin lists users: %d %s", res.Status, res.Body)
		}
		if res := e.Get(t, tenants, boss); res.Status != http.StatusForbidden {
			t.Errorf("the new admin lists tenants: %d", res.Status)
		}
		// It starts with what every tenant has: the static claim types, dictionaries, order
		// types and detail tables.
		acmeID := uuid.MustParse(acme.ID)
		for _, table := range []string{"identity_claim_types", "data_dictionaries", "sales_order_types", "sales_order_detail_tables"} {
			var n int
			if err := e.App.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table+` WHERE tenant_id = ?`, acmeID).Scan(&n); err != nil {
				t.Fatalf("%s: %v", table, err)
			}
			if n == 0 {
				t.Errorf("the new tenant has no %s", table)
			}
		}
		// The "tenant created" e-mail reached the administrator's address (development mailbox).
		waitForMail(t, e, admin, `Tenant "acme" created`, "boss@acme.test", e.App.Config.Public()+"/login")

		// Its features follow its edition, at once.
		if res := do(t, e, http.MethodPut, features+"?providerName=E&providerKey="+gold.ID, admin,
			map[string]any{"features": []map[string]any{{"name": "Kerf.Optimization", "value": "false"}}}); res.Status != http.StatusNoContent {
			t.Fatalf("edition features: %d %s", res.Status, res.Body)
		}
		if v := featureValue(t, e, admin, "T", acme.ID, "Kerf.Optimization"); v != "false" {
			t.Errorf("tenant of Gold: %s", v)
		}

		// Update: rename refused when taken; a stale stamp is a conflict; no edition: defaults.
		if res := do(t, e, http.MethodPut, tenants+"/"+acme.ID, admin, map[string]any{"name": "demo", "concurrencyStamp": acme.ConcurrencyStamp}); res.Status != http.StatusBadRequest {
			t.Errorf("rename to a taken name: %d", res.Status)
		}
		var upd tenant
		res = do(t, e, http.MethodPut, tenants+"/"+acme.ID, admin, map[string]any{"name": "acme", "concurrencyStamp": acme.ConcurrencyStamp})
		res.JSON(t, &upd)
		if res.Status != http.StatusOK || upd.EditionID != nil || !upd.IsActive {
			t.Fatalf("no edition: %d %+v", res.Status, upd)
		}
		if v := featureValue(t, e, admin, "T", acme.ID, "Kerf.Optimization"); v != "true" {
			t.Errorf("tenant without an edition: %s", v)
		}
		if res := do(t, e, http.MethodPut, tenants+"/"+acme.ID, admin, map[string]any{"name": "acme", "concurrencyStamp": acme.ConcurrencyStamp}); res.Status != http.StatusConflict {
			t.Errorf("stale stamp: %d", res.Status)
		}

		// Deactivate: check-tenant answers inactive with the message; logins are refused, and
		// the tokens the tenant's users hold stop working.
		res = do(t, e, http.MethodPut, tenants+"/"+acme.ID, admin, map[string]any{"name": "acme", "isActive": false,
			"activationMessage": "Your subscription has ended", "concurrencyStamp": upd.ConcurrencyStamp})
		res.JSON(t, &upd)
		if res.Status != http.StatusOK || upd.IsActive {
			t.Fatalf("deactivate: %d %s", res.Status, res.Body)
		}
		checkTenant(t, e, false, "Your subscription has ended")
		refused(t, e, "acme")
		if res := e.Get(t, "/api/identity/users", boss); res.Status != http.StatusUnauthorized {
			t.Errorf("the admin's token of an inactive tenant: %d", res.Status)
		}
		// Active again: logins work.
		res = do(t, e, http.MethodPut, tenants+"/"+acme.ID, admin, map[string]any{"name": "acme", "isActive": true, "concurrencyStamp": upd.ConcurrencyStamp})
		if res.Status != http.StatusOK {
			t.Fatalf("activate: %d %s", res.Status, res.Body)
		}
		e.Login(t, "admin", "1q2w3E*!", "acme")
		checkTenant(t, e, true, "")

		// The host's admin logs in as the tenant's administrator (Impersonation by TenantId).
		res = e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/connect/token", Form: url.Values{
			"grant_type": {"Impersonation"}, "client_id": {"kerf-web"}, "access_token": {admin},
			"TenantId": {acme.ID}, "scope": {"openid profile email phone role offline_access kerf"}}})
		if res.Status != http.StatusOK {
			t.Fatalf("impersonate: %d %s", res.Status, res.Body)
		}
		as, _ := res.Map(t)["access_token"].(string)
		var tc struct{ TenantName string }
		e.Get(t, "/api/tenantextend/check-tenant", as).JSON(t, &tc)
		if tc.TenantName != "acme" {
			t.Errorf("impersonated tenant: %+v", tc)
		}

		// Delete: soft; logins refused, check-tenant says the tenant is not available.
		if res := do(t, e, http.MethodDelete, tenants+"/"+acme.ID, admin, nil); res.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", res.Status, res.Body)
		}
		if res := e.Get(t, tenants+"/"+acme.ID, admin); res.Status != http.StatusNotFound {
			t.Errorf("deleted tenant: %d", res.Status)
		}
		refused(t, e, "acme")
		checkTenant(t, e, false, "not available")
		// Its name is free again.
		res = do(t, e, http.MethodPost, tenants, admin, map[string]any{"name": "ACME", "adminEmailAddress": "b@acme.test", "adminPassword": "1q2w3E*!"})
		if res.Status != http.StatusOK {
			t.Errorf("the name of a deleted tenant: %d %s", res.Status, res.Body)
		}
	})
}

// checkTenant asks check-tenant about acme as the login page does (by name, anonymous).
func checkTenant(t *testing.T, e *apptest.Env, active bool, message string) {
	t.Helper()
	var c struct {
		TenantName string `json:"tenantName"`
		IsActive   bool   `json:"isActive"`
		Message    string `json:"message"`
	}
	res := e.Do(t, apptest.Request{Method: http.MethodGet, Path: "/api/tenantextend/check-tenant?tenantName=acme", Header: en})
	res.JSON(t, &c)
	if res.Status != http.StatusOK || c.IsActive != active || !strings.Contains(c.Message, message) || c.TenantName != "acme" {
		t.Errorf("check-tenant: %d %+v, want active %v with %q", res.Status, c, active, message)
	}
}

// refused checks that the password grant refuses the tenant's admin.
func refused(t *testing.T, e *apptest.Env, tenantName string) {
	t.Helper()
	form := url.Values{"grant_type": {"password"}, "client_id": {"kerf-web"}, "username": {"admin"},
		"password": {"1q2w3E*!"}, "scope": {"openid kerf"}}
	res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/connect/token", Form: form,
		Header: http.Header{"__tenant": {tenantName}, "Accept-Language": {"en"}}})
	if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), "not available") {
		t.Errorf("login to %s: %d %s", tenantName, res.Status, res.Body)
	}
}

// waitForMail polls the host's development mailbox until a message with subject is there,
// and checks its recipient and that its body holds link.
func waitForMail(t *testing.T, e *apptest.Env, token, subject, to, link string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var p page[struct {
			ID, To, Subject string
		}]
		e.Get(t, "/api/setting-management/emailing/mailbox?maxResultCount=100", token).JSON(t, &p)
		for _, m := range p.Items {
			if m.Subject == subject {
				var one struct{ To, HTML string }
				e.Get(t, "/api/setting-management/emailing/mailbox/"+m.ID, token).JSON(t, &one)
				if one.To != to || !strings.Contains(one.HTML, link) || strings.Contains(one.HTML, "evil.example") {
					t.Errorf("e-mail: %+v", one)
				}
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no message %q in the mailbox: %+v", subject, p)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
