package identity_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"kerf/internal/app/apptest"
	"kerf/internal/identity"
	"kerf/internal/platform/permission"
)

type row = map[string]any

func must(t *testing.T, res *apptest.Response, want int, what string) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s: %d %s", what, res.Status, res.Body)
	}
}

// grant gives a role of a tenant ("" host) permissions, as the permissions screen would.
func grant(t *testing.T, e *apptest.Env, tenant, role string, names ...string) {
	t.Helper()
	var ch []permission.Change
	for _, n := range names {
		ch = append(ch, permission.Change{Name: n, IsGranted: true})
	}
	err := e.App.DB.InTx(e.In(t, tenant), func(ctx context.Context, tx bun.Tx) error {
		return e.App.Permissions.Set(ctx, tx, permission.Role, role, ch)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestEveryUserAndRoleEndpointAnswers401403400And200 is the area's scenario table: each call
// anonymous (401), by a user without its permission (403, or its answer when logging in is
// all it needs), by a user who may only read (403 for changes), with bad input (400, or 404
// where no input can be malformed) and right.
func TestEveryUserAndRoleEndpointAnswers401403400And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		nobody := e.CreateUser(t, "", "nobody")
		grant(t, e, "", "readers", identity.PermUsers, identity.PermRoles)
		reader := e.CreateUser(t, "", "reader", "readers")
		sales := e.UserID(t, "sales", "").String()
		adminID := e.UserID(t, "admin", "").String()
		e.CreateUser(t, "", "target")
		target := e.UserID(t, "target", "").String()
		e.CreateUser(t, "", "doomed")
		doomed := e.UserID(t, "doomed", "").String()
		roles := map[string]string{}
		var all struct{ Items []identity.RoleDto }
		e.Get(t, "/api/identity/roles/all", admin).JSON(t, &all)
		for _, r := range all.Items {
			roles[r.Name] = r.ID.String()
		}
		var doomedRole identity.RoleDto
		res := e.Do(t, apptest.Request{Method: "POST", Path: "/api/identity/roles", Token: admin, JSON: row{"name": "doomed-role"}})
		must(t, res, 200, "create doomed role")
		res.JSON(t, &doomedRole)

		type call struct {
			method, path string
			json         any
		}
		const users = "/api/identity/users/"
		scenarios := []struct {
			name     string
			ok, bad  call
			okCode   int
			badCode  int  // 0: 400
			loggedIn bool // any logged-in user may call it
			write    bool // a reader gets 403
		}{
			{name: "list users",
				ok:  call{"GET", "/api/identity/users?Filter=sa&Sorting=userName%20desc&SkipCount=0&MaxResultCount=10", nil},
				bad: call{"GET", "/api/identity/users?Sorting=passwordHash", nil}},
			{name: "get user",
				ok:  call{"GET", users + sales, nil},
				bad: call{"GET", users + "not-an-id", nil}},
			{name: "user by name", badCode: 404,
				ok:  call{"GET", users + "by-username/SALES", nil},
				bad: call{"GET", users + "by-username/nosuch", nil}},
			{name: "create user", write: true,
				ok:  call{"POST", "/api/identity/users", row{"userName": "created", "password": "Created-1", "email": "created@test.local", "roleNames": []string{"sales"}, "gender": 1}},
				bad: call{"POST", "/api/identity/users", row{"userName": "weak", "password": "weak"}}},
			{name: "update user", write: true,
				ok:  call{"PUT", users + target, row{"userName": "target", "name": "目标", "lockoutEnabled": true}},
				bad: call{"PUT", users + target, row{"userName": "", "name": "目标"}}},
			{name: "lock user", write: true, okCode: 204,
				ok:  call{"PUT", users + target + "/lock/" + time.Now().Add(time.Hour).UTC().Format(time.RFC3339), nil},
				bad: call{"PUT", users + target + "/lock/tomorrow", nil}},
			{name: "two-factor enabled",
				ok:  call{"GET", users + target + "/two-factor-enabled", nil},
				bad: call{"GET", users + "x/two-factor-enabled", nil}},
			{name: "set two-factor", write: true, okCode: 204,
				ok:  call{"PUT", users + target + "/two-factor/true", nil},
				bad: call{"PUT", users + target + "/two-factor/maybe", nil}},
			{name: "user roles",
				ok:  call{"GET", users + target + "/roles", nil},
				bad: call{"GET", users + "x/roles", nil}},
			{name: "set user roles", write: true, okCode: 204,
				ok:  call{"PUT", users + target + "/roles", row{"roleNames": []string{"sales"}}},
				bad: call{"PUT", users + target + "/roles", row{"roleNames": []string{"nosuch"}}}},
			{name: "set password", write: true, okCode: 204,
				ok:  call{"PUT", users + target + "/change-password", row{"newPassword": "Another-1"}},
				bad: call{"PUT", users + target + "/change-password", row{"newPassword": "abc"}}},
			{name: "lookup", loggedIn: true,
				ok:  call{"GET", users + "lookup/search?filter=sal&maxResultCount=10", nil},
				bad: call{"GET", users + "lookup/search?sorting=x", nil}},
			{name: "assignable roles", badCode: -1,
				ok: call{"GET", users + "assignable-roles", nil}},
			{name: "user list for pickers", loggedIn: true,
				ok:  call{"GET", "/api/userextend/get-user-list?Filter=sales&SkipCount=0&MaxResultCount=20", nil},
				bad: call{"GET", "/api/userextend/get-user-list?Sorting=name%20sideways", nil}},
			{name: "is system admin", loggedIn: true, badCode: -1,
				ok: call{"GET", "/api/app/salesorder/issystemadmin", nil}},
			{name: "list roles",
				ok:  call{"GET", "/api/identity/roles?MaxResultCount=999", nil},
				bad: call{"GET", "/api/identity/roles?Sorting=secret", nil}},
			{name: "all roles", badCode: -1,
				ok: call{"GET", "/api/identity/roles/all", nil}},
			{name: "get role",
				ok:  call{"GET", "/api/identity/roles/" + roles["sales"], nil},
				bad: call{"GET", "/api/identity/roles/1", nil}},
			{name: "create role", write: true,
				ok:  call{"POST", "/api/identity/roles", row{"name": "auditors", "isDefault": false}},
				bad: call{"POST", "/api/identity/roles", row{"name": "SALES"}}},
			{name: "update role", write: true,
				ok:  call{"PUT", "/api/identity/roles/" + roles["sales"], row{"name": "sales", "isPublic": false}},
				bad: call{"PUT", "/api/identity/roles/" + roles["admin"], row{"name": "boss"}}},
			// Deletes run last: the rows above are used first.
			{name: "delete role", write: true, okCode: 204,
				ok:  call{"DELETE", "/api/identity/roles/" + doomedRole.ID.String(), nil},
				bad: call{"DELETE", "/api/identity/roles/" + roles["admin"], nil}},
			{name: "delete user", write: true, okCode: 204,
				ok:  call{"DELETE", users + doomed, nil},
				bad: call{"DELETE", users + adminID, nil}},
		}
		do := func(c call, token string) *apptest.Response {
			return e.Do(t, apptest.Request{Method: c.method, Path: c.path, Token: token, JSON: c.json})
		}
		okCode := func(code int) int {
			if code == 0 {
				return http.StatusOK
			}
			return code
		}
		for _, s := range scenarios {
			if res := do(s.ok, ""); res.Status != http.StatusUnauthorized {
				t.Errorf("%s anonymous: %d %s", s.name, res.Status, res.Body)
			}
			switch res := do(s.ok, nobody); {
			case s.loggedIn && res.Status != okCode(s.okCode):
				t.Errorf("%s by any user: %d %s", s.name, res.Status, res.Body)
			case !s.loggedIn && res.Status != http.StatusForbidden:
				t.Errorf("%s without permission: %d %s", s.name, res.Status, res.Body)
			}
			if s.write {
				if res := do(s.ok, reader); res.Status != http.StatusForbidden {
					t.Errorf("%s by a reader: %d %s", s.name, res.Status, res.Body)
				}
			}
			switch {
			case s.badCode == -1:
			case s.badCode != 0:
				if res := do(s.bad, admin); res.Status != s.badCode {
					t.Errorf("%s bad input: %d %s", s.name, res.Status, res.Body)
				}
			default:
				if res := do(s.bad, admin); res.Status != http.StatusBadRequest {
					t.Errorf("%s bad input: %d %s", s.name, res.Status, res.Body)
				} else if res.ErrorMessage(t) == "" {
					t.Errorf("%s bad input: no message in %s", s.name, res.Body)
				}
			}
			res := do(s.ok, admin)
			if res.Status != okCode(s.okCode) {
				t.Errorf("%s: %d %s", s.name, res.Status, res.Body)
			}
			if strings.Contains(strings.ToLower(string(res.Body)), "passwordhash") || strings.Contains(strings.ToLower(string(res.Body)), "securitystamp") {
				t.Errorf("%s answers a password hash or security stamp: %s", s.name, res.Body)
			}
		}
	})
}

func TestUserAdministrationThroughHTTP(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		do := func(method, path, token string, body any, lang string) *apptest.Response {
			t.Helper()
			h := http.Header{}
			if lang != "" {
				h.Set("Accept-Language", lang)
			}
			return e.Do(t, apptest.Request{Method: method, Path: path, Token: token, JSON: body, Header: h})
		}

		// A weak password is refused with one localised message per broken rule, in both
		// languages, and nothing is stored.
		weak := row{"userName": "weakling", "password": "abc"}
		en := do("POST", "/api/identity/users", admin, weak, "en")
		zh := do("POST", "/api/identity/users", admin, weak, "zh-Hans")
		must(t, en, 400, "weak password (en)")
		for _, want := range []string{"at least 6 characters", "at least one digit", "upper-case letter", "not a letter or digit"} {
			if !strings.Contains(string(en.Body), want) {
				t.Errorf("English messages lack %q: %s", want, en.Body)
			}
		}
		for _, want := range []string{"密码长度至少为6位", "数字", "大写字母", "字母和数字以外的字符"} {
			if !strings.Contains(string(zh.Body), want) {
				t.Errorf("Chinese messages lack %q: %s", want, zh.Body)
			}
		}
		if res := do("GET", "/api/identity/users/by-username/weakling", admin, nil, ""); res.Status != 404 {
			t.Errorf("a refused user was stored: %d", res.Status)
		}
		dup := do("POST", "/api/identity/users", admin, row{"userName": "Sales", "password": "Good-pass1"}, "en")
		if dup.Status != 400 || !strings.Contains(string(dup.Body), "The user name Sales is already taken") {
			t.Errorf("duplicate user name: %d %s", dup.Status, dup.Body)
		}

		// The flow: a user created with a role logs in and holds what the role grants;
		// a change of roles reaches its next request.
		grant(t, e, "", "user-readers", identity.PermUsers)
		must(t, do("POST", "/api/identity/roles", admin, row{"name": "user-readers"}, ""), 200, "create role")
		res := do("POST", "/api/identity/users", admin, row{"userName": "wang", "name": "王", "password": "Wang-123",
			"email": "wang@test.local", "lockoutEnabled": true, "roleNames": []string{"user-readers"}}, "")
		must(t, res, 200, "create user")
		var wang identity.UserDto
		res.JSON(t, &wang)
		if wang.UserName != "wang" || len(wang.RoleNames) != 1 || wang.RoleNames[0] != "user-readers" || !wang.IsActive || wang.IsStatic {
			t.Fatalf("created = %+v", wang)
		}
		token := e.Token(t, "wang", "Wang-123", "")
		must(t, do("GET", "/api/identity/users", token, nil, ""), 200, "the role's permission")
		must(t, do("GET", "/api/identity/roles", token, nil, ""), 403, "a permission the role lacks")
		must(t, do("PUT", "/api/identity/users/"+wang.ID.String()+"/roles", admin, row{"roleNames": []string{}}, ""), 204, "remove roles")
		must(t, do("GET", "/api/identity/users", token, nil, ""), 403, "the next request after the roles changed")

		// A stale concurrency stamp is a conflict.
		upd := row{"userName": "wang", "name": "王五", "concurrencyStamp": wang.ConcurrencyStamp}
		must(t, do("PUT", "/api/identity/users/"+wang.ID.String(), admin, upd, ""), 409, "stale stamp")

		// Locking refuses the login with a clear message; a past time unlocks.
		must(t, do("PUT", "/api/identity/users/"+wang.ID.String()+"/lock/2099-01-01", admin, nil, ""), 204, "lock")
		var got identity.UserDto
		do("GET", "/api/identity/users/"+wang.ID.String(), admin, nil, "").JSON(t, &got)
		if got.LockoutEnd == nil || got.LockoutEnd.Year() != 2099 {
			t.Errorf("lockoutEnd = %v", got.LockoutEnd)
		}
		login := func() *apptest.Response {
			return e.Do(t, apptest.Request{Method: "POST", Path: "/connect/token", Header: http.Header{"Accept-Language": {"en"}},
				Form: url.Values{"grant_type": {"password"}, "client_id": {"kerf-web"}, "username": {"wang"}, "password": {"Wang-123"}}})
		}
		if res := login(); res.Status != 400 || !strings.Contains(strings.ToLower(string(res.Body)), "locked") {
			t.Errorf("a locked user's login: %d %s", res.Status, res.Body)
		}
		must(t, do("PUT", "/api/identity/users/"+wang.ID.String()+"/lock/2000-01-01T00:00:00Z", admin, nil, ""), 204, "unlock")
		must(t, login(), 200, "login after unlock")

		// Deleting oneself or the built-in admin is refused with a message.
		self := do("DELETE", "/api/identity/users/"+e.UserID(t, "admin", "").String(), admin, nil, "en")
		if self.Status != 400 || !strings.Contains(string(self.Body), "cannot delete your own account") {
			t.Errorf("delete oneself: %d %s", self.Status, self.Body)
		}

		// issystemadmin: the admin yes, sales no.
		var yes, no bool
		do("GET", "/api/app/salesorder/issystemadmin", admin, nil, "").JSON(t, &yes)
		do("GET", "/api/app/salesorder/issystemadmin", e.Token(t, "sales", apptest.Password, ""), nil, "").JSON(t, &no)
		if !yes || no {
			t.Errorf("issystemadmin: admin %v, sales %v", yes, no)
		}
	})
}

func TestATenantAdminNeverSeesOrChangesAnotherSidesUsersOrRoles(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		host := e.Token(t, "admin", apptest.Password, "")
		demo := e.Token(t, "admin", apptest.Password, "demo")
		hostSales := e.UserID(t, "sales", "").String()
		var hostRoles struct{ Items []identity.RoleDto }
		e.Get(t, "/api/identity/roles/all", host).JSON(t, &hostRoles)
		var hostSalesRole string
		for _, r := range hostRoles.Items {
			if r.Name == identity.SalesRole {
				hostSalesRole = r.ID.String()
			}
		}
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"GET", "/api/identity/users/" + hostSales, nil},
			{"PUT", "/api/identity/users/" + hostSales, row{"userName": "hijacked"}},
			{"DELETE", "/api/identity/users/" + hostSales, nil},
			{"PUT", "/api/identity/users/" + hostSales + "/lock/2099-01-01", nil},
			{"PUT", "/api/identity/users/" + hostSales + "/roles", row{"roleNames": []string{}}},
			{"PUT", "/api/identity/users/" + hostSales + "/change-password", row{"newPassword": "Hijack-1"}},
			{"GET", "/api/identity/users/" + hostSales + "/roles", nil},
			{"GET", "/api/identity/roles/" + hostSalesRole, nil},
			{"PUT", "/api/identity/roles/" + hostSalesRole, row{"name": "hijacked"}},
			{"DELETE", "/api/identity/roles/" + hostSalesRole, nil},
		} {
			res := e.Do(t, apptest.Request{Method: c.method, Path: c.path, Token: demo, JSON: c.body})
			if res.Status != http.StatusNotFound {
				t.Errorf("demo admin %s %s: %d %s", c.method, c.path, res.Status, res.Body)
			}
		}
		// The host's sales is untouched and still logs in.
		e.Login(t, "sales", apptest.Password, "")

		var page struct {
			Items      []identity.UserDto
			TotalCount int
		}
		e.Get(t, "/api/identity/users?MaxResultCount=100", demo).JSON(t, &page)
		for _, u := range page.Items {
			if u.TenantID == nil || u.ID.String() == hostSales {
				t.Errorf("the demo admin lists host user %s", u.UserName)
			}
		}
		if page.TotalCount != 2 {
			t.Errorf("demo users = %d, want its admin and sales", page.TotalCount)
		}
		// By name, each side finds its own sales.
		res := e.Get(t, "/api/identity/users/by-username/sales", demo)
		var demoSales identity.UserDto
		res.JSON(t, &demoSales)
		if res.Status != 200 || demoSales.TenantID == nil || demoSales.ID.String() == hostSales {
			t.Errorf("the demo admin's sales: %d %s", res.Status, res.Body)
		}
	})
}
