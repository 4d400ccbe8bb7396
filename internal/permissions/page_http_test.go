package permissions_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/permissions"
)

const pagePath = "/api/pagepermission"

func pq(providerName, providerKey, routeKey string) string {
	v := url.Values{"routeKey": {routeKey}}
	if providerName != "" {
		v.Set("providerName", providerName)
	}
	if providerKey != "" {
		v.Set("providerKey", providerKey)
	}
	return pagePath + "?" + v.Encode()
}

func grantedNames(t *testing.T, res *apptest.Response) []string {
	t.Helper()
	if res.Status != http.StatusOK {
		t.Fatalf("page permission: %d %s", res.Status, res.Body)
	}
	var p permissions.PagePermission
	res.JSON(t, &p)
	var out []string
	for _, a := range p.Actions {
		if a.IsGranted {
			out = append(out, a.Name)
		}
	}
	return out
}

func actions(a ...permissions.UpdatePageAction) permissions.UpdatePagePermissionInput {
	return permissions.UpdatePagePermissionInput{Actions: a}
}

func on(name string) permissions.UpdatePageAction {
	return permissions.UpdatePageAction{Name: name, IsGranted: true}
}

func TestPagePermissionEndpoints(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		const route = "/salesorder/detail"
		en := http.Header{"Accept-Language": {"en"}}
		admin := caller{t, e, e.Token(t, "admin", apptest.Password, ""), en}
		clerkToken := e.CreateUser(t, "", "clerk1", "clerk")
		clerk := caller{t, e, clerkToken, en}
		clerkID := e.UserID(t, "clerk1", "").String()
		// A role manager who may not manage users' permissions.
		roleManager := caller{t, e, e.CreateUser(t, "", "rolemgr", "rolemgr"), en}
		if res := admin.put("R", "rolemgr", grant("AbpIdentity.Roles"), grant("AbpIdentity.Roles.ManagePermissions")); res.Status != http.StatusNoContent {
			t.Fatalf("grant rolemgr: %d %s", res.Status, res.Body)
		}
		anonymous := caller{t, e, "", en}

		for _, c := range []struct {
			name   string
			who    caller
			method string
			path   string
			body   any
			want   int
		}{
			{"GET anonymous", anonymous, http.MethodGet, pq("R", "clerk", route), nil, http.StatusUnauthorized},
			{"PUT anonymous", anonymous, http.MethodPut, pq("R", "clerk", route), actions(on("create")), http.StatusUnauthorized},
			{"GET R without the role permission", clerk, http.MethodGet, pq("R", "clerk", route), nil, http.StatusForbidden},
			{"PUT R without the role permission", clerk, http.MethodPut, pq("R", "clerk", route), actions(on("create")), http.StatusForbidden},
			{"GET U with only the role permission", roleManager, http.MethodGet, pq("U", clerkID, route), nil, http.StatusForbidden},
			{"PUT U with only the role permission", roleManager, http.MethodPut, pq("U", clerkID, route), actions(on("create")), http.StatusForbidden},
			{"GET unknown provider", admin, http.MethodGet, pq("X", "clerk", route), nil, http.StatusBadRequest},
			{"GET no route key", admin, http.MethodGet, pq("R", "clerk", ""), nil, http.StatusBadRequest},
			{"GET own, no route key", clerk, http.MethodGet, pq("", "", ""), nil, http.StatusBadRequest},
			{"PUT unknown action", admin, http.MethodPut, pq("R", "clerk", route), actions(on("create"), on("delete")), http.StatusBadRequest},
			{"PUT bad user id", admin, http.MethodPut, pq("U", "nope", route), actions(on("create")), http.StatusBadRequest},
			{"PUT unknown user", admin, http.MethodPut, pq("U", "0190a000-0000-7000-8000-000000000001", route), actions(on("create")), http.StatusNotFound},
			{"GET R with the role permission", roleManager, http.MethodGet, pq("R", "clerk", route), nil, http.StatusOK},
		} {
			if res := c.who.do(c.method, c.path, c.body); res.Status != c.want {
				t.Errorf("%s: %d %s, want %d", c.name, res.Status, res.Body, c.want)
			}
		}
		res := admin.do(http.MethodPut, pq("R", "clerk", route), actions(on("delete")))
		if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), "The page action delete does not exist") {
			t.Errorf("unknown action message: %s", res.Body)
		}
		zh := caller{t, e, admin.token, nil}
		if res := zh.do(http.MethodPut, pq("R", "clerk", route), actions(on("delete"))); !strings.Contains(string(res.Body), "页面操作 delete 不存在") {
			t.Errorf("unknown action in Chinese: %s", res.Body)
		}
		if got := grantedNames(t, admin.do(http.MethodGet, pq("R", "clerk", route), nil)); len(got) != 0 {
			t.Fatalf("refused requests granted %v", got)
		}

		// 200: grant to the role and the user; the user reads their own effective actions.
		if got := grantedNames(t, roleManager.do(http.MethodPut, pq("R", "clerk", route), actions(on("create"), on("importExcel")))); !slices.Equal(got, []string{"create", "importExcel"}) {
			t.Fatalf("PUT R = %v", got)
		}
		if got := grantedNames(t, admin.do(http.MethodPut, pq("u", clerkID, route), actions(on("export")))); !slices.Equal(got, []string{"create", "importExcel", "export"}) {
			t.Fatalf("PUT U (with the role's) = %v", got)
		}
		if got := grantedNames(t, clerk.do(http.MethodGet, pq("", "", route), nil)); !slices.Equal(got, []string{"create", "importExcel", "export"}) {
			t.Fatalf("the clerk's own = %v", got)
		}
		if got := grantedNames(t, clerk.do(http.MethodGet, pq("", "", "/other"), nil)); len(got) != 0 {
			t.Fatalf("the clerk's own on another route = %v", got)
		}
		if got := grantedNames(t, admin.do(http.MethodGet, pq("", "", route), nil)); len(got) != 0 {
			t.Fatalf("the admin's own = %v (admin holds no clerk role)", got)
		}
	})
}

func TestPagePermissionsStayInTheirTenant(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		const route = "/salesorder/detail"
		en := http.Header{"Accept-Language": {"en"}}
		host := caller{t, e, e.Token(t, "admin", apptest.Password, ""), en}
		demo := caller{t, e, e.Token(t, "admin", apptest.Password, "demo"), en}
		hostClerk := caller{t, e, e.CreateUser(t, "", "clerk1", "clerk"), en}
		demoClerk := caller{t, e, e.CreateUser(t, "demo", "clerk1", "clerk"), en}
		hostClerkID := e.UserID(t, "clerk1", "").String()

		if got := grantedNames(t, demo.do(http.MethodPut, pq("R", "clerk", route), actions(on("clear")))); !slices.Equal(got, []string{"clear"}) {
			t.Fatalf("demo grant = %v", got)
		}
		if got := grantedNames(t, host.do(http.MethodGet, pq("R", "clerk", route), nil)); len(got) != 0 {
			t.Errorf("a tenant's grant shows on the host: %v", got)
		}
		if got := grantedNames(t, demoClerk.do(http.MethodGet, pq("", "", route), nil)); !slices.Equal(got, []string{"clear"}) {
			t.Errorf("the tenant's clerk = %v", got)
		}
		if got := grantedNames(t, hostClerk.do(http.MethodGet, pq("", "", route), nil)); len(got) != 0 {
			t.Errorf("the host's clerk holds a tenant's grant: %v", got)
		}
		// A tenant admin neither reads nor changes a host user's page permissions.
		for _, method := range []string{http.MethodGet, http.MethodPut} {
			if res := demo.do(method, pq("U", hostClerkID, route), actions(on("create"))); res.Status != http.StatusNotFound {
				t.Errorf("%s a host user from a tenant: %d %s", method, res.Status, res.Body)
			}
		}
		if got := grantedNames(t, host.do(http.MethodGet, pq("U", hostClerkID, route), nil)); len(got) != 0 {
			t.Errorf("the host user after the tenant's attempt: %v", got)
		}
	})
}
