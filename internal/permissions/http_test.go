package permissions_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/permissions"
	"kerf/internal/session"
)

const (
	mgmt     = "/api/permission-management/permissions"
	treePath = "/api/menu/permission-feature/permission-list"
	listPath = "/api/menu/permission-feature/update-permission-list"
)

func q(path, providerName, providerKey string) string {
	return path + "?" + url.Values{"providerName": {providerName}, "providerKey": {providerKey}}.Encode()
}

type caller struct {
	t     *testing.T
	e     *apptest.Env
	token string
	h     http.Header
}

func (c caller) do(method, path string, body any) *apptest.Response {
	c.t.Helper()
	return c.e.Do(c.t, apptest.Request{Method: method, Path: path, Token: c.token, JSON: body, Header: c.h})
}

func (c caller) get(providerName, providerKey string) permissions.PermissionListResult {
	c.t.Helper()
	res := c.do(http.MethodGet, q(mgmt, providerName, providerKey), nil)
	if res.Status != http.StatusOK {
		c.t.Fatalf("GET %s %s: %d %s", providerName, providerKey, res.Status, res.Body)
	}
	var r permissions.PermissionListResult
	res.JSON(c.t, &r)
	return r
}

func (c caller) put(providerName, providerKey string, changes ...permissions.UpdatePermission) *apptest.Response {
	c.t.Helper()
	return c.do(http.MethodPut, q(mgmt, providerName, providerKey), permissions.UpdatePermissionsInput{Permissions: changes})
}

func grant(name string) permissions.UpdatePermission {
	return permissions.UpdatePermission{Name: name, IsGranted: true}
}
func revoke(name string) permissions.UpdatePermission {
	return permissions.UpdatePermission{Name: name, IsGranted: false}
}

func entry(r permissions.PermissionListResult, name string) *permissions.PermissionGrantDto {
	for _, g := range r.Groups {
		for _, p := range g.Permissions {
			if p.Name == name {
				return &p
			}
		}
	}
	return nil
}

func granted(r permissions.PermissionListResult) []string {
	var out []string
	for _, g := range r.Groups {
		for _, p := range g.Permissions {
			if p.IsGranted {
				out = append(out, p.Name)
			}
		}
	}
	return out
}

func TestRoleAndUserPermissionsRoundTrip(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := caller{t, e, e.Token(t, "admin", apptest.Password, ""), http.Header{"Accept-Language": {"en"}}}

		// The admin role holds every host permission, each granted by the role itself.
		r := admin.get("R", "admin")
		if r.EntityDisplayName != "admin" || len(r.Groups) == 0 {
			t.Fatalf("admin role = %+v", r)
		}
		for _, g := range r.Groups {
			for _, p := range g.Permissions {
				if !p.IsGranted || len(p.GrantedProviders) != 1 || p.GrantedProviders[0] != (permissions.ProviderInfo{ProviderName: "R", ProviderKey: "admin"}) {
					t.Errorf("%s = %+v", p.Name, p)
				}
			}
		}
		if p := entry(r, "AbpIdentity.Users.Create"); p == nil || p.ParentName == nil || *p.ParentName != "AbpIdentity.Users" ||
			p.DisplayName != "Create" || p.AllowedProviders == nil {
			t.Errorf("child permission = %+v", p)
		}
		if p := entry(r, "AbpIdentity.Users"); p.ParentName != nil || p.DisplayName != "User management" {
			t.Errorf("root permission = %+v", p)
		}

		// A clerk: a user with the role clerk and nothing granted.
		clerkToken := e.CreateUser(t, "", "clerk1", "clerk")
		clerkID := e.UserID(t, "clerk1", "").String()
		u := admin.get("U", clerkID)
		if u.EntityDisplayName != "clerk1" || len(granted(u)) != 0 {
			t.Fatalf("new user = %s %v", u.EntityDisplayName, granted(u))
		}

		// Grant to the user and to the role; the user's view shows both, with their providers.
		if res := admin.put("U", clerkID, grant("AbpIdentity.Users"), grant("AbpIdentity.Users.Update")); res.Status != http.StatusNoContent {
			t.Fatalf("PUT user: %d %s", res.Status, res.Body)
		}
		if res := admin.put("R", "clerk", grant("AbpIdentity.Roles"), grant("AbpIdentity.Users")); res.Status != http.StatusNoContent {
			t.Fatalf("PUT role: %d %s", res.Status, res.Body)
		}
		u = admin.get("U", clerkID)
		if got := granted(u); !slices.Equal(got, []string{"AbpIdentity.Roles", "AbpIdentity.Users", "AbpIdentity.Users.Update"}) {
			t.Errorf("user's granted = %v", got)
		}
		if p := entry(u, "AbpIdentity.Users"); !slices.Equal(p.GrantedProviders, []permissions.ProviderInfo{{"U", clerkID}, {"R", "clerk"}}) {
			t.Errorf("providers of a permission granted twice = %v", p.GrantedProviders)
		}
		if p := entry(u, "AbpIdentity.Roles"); !slices.Equal(p.GrantedProviders, []permissions.ProviderInfo{{"R", "clerk"}}) {
			t.Errorf("providers of a role grant = %v", p.GrantedProviders)
		}
		if got := granted(admin.get("R", "clerk")); !slices.Equal(got, []string{"AbpIdentity.Roles", "AbpIdentity.Users"}) {
			t.Errorf("role's granted = %v", got)
		}

		// The clerk's own configuration now carries exactly these grants.
		res := e.Get(t, "/api/abp/application-configuration", clerkToken)
		var cfg session.ApplicationConfiguration
		res.JSON(t, &cfg)
		if len(cfg.Auth.GrantedPolicies) != 3 || !cfg.Auth.GrantedPolicies["AbpIdentity.Users.Update"] || !cfg.Auth.GrantedPolicies["AbpIdentity.Roles"] {
			t.Errorf("clerk's granted policies = %v", cfg.Auth.GrantedPolicies)
		}

		// Revoking the user's own grant leaves the role's.
		if res := admin.put("U", clerkID, revoke("AbpIdentity.Users"), revoke("AbpIdentity.Users.Update")); res.Status != http.StatusNoContent {
			t.Fatalf("revoke: %d %s", res.Status, res.Body)
		}
		if got := granted(admin.get("U", clerkID)); !slices.Equal(got, []string{"AbpIdentity.Roles", "AbpIdentity.Users"}) {
			t.Errorf("after revoking the user's grants = %v", got)
		}
	})
}

func TestManagingPermissionsNeedsTheManagePermission(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := caller{t, e, e.Token(t, "admin", apptest.Password, ""), nil}
		plain := caller{t, e, e.CreateUser(t, "", "plain"), nil}
		roleManager := caller{t, e, e.CreateUser(t, "", "rm", "role-managers"), nil}
		if res := admin.put("R", "role-managers", grant("AbpIdentity.Roles.ManagePermissions")); res.Status != http.StatusNoContent {
			t.Fatalf("grant: %d %s", res.Status, res.Body)
		}
		plainID := e.UserID(t, "plain", "").String()
		anon := caller{t, e, "", nil}
		for _, tc := range []struct {
			who                    caller
			method, path, provider string
			key                    string
			want                   int
		}{
			{anon, http.MethodGet, mgmt, "R", "admin", http.StatusUnauthorized},
			{anon, http.MethodPut, mgmt, "R", "admin", http.StatusUnauthorized},
			{anon, http.MethodGet, treePath, "R", "admin", http.StatusUnauthorized},
			{anon, http.MethodPut, listPath, "R", "admin", http.StatusUnauthorized},
			{plain, http.MethodGet, mgmt, "R", "admin", http.StatusForbidden},
			{plain, http.MethodPut, mgmt, "R", "admin", http.StatusForbidden},
			{plain, http.MethodGet, treePath, "R", "admin", http.StatusForbidden},
			{plain, http.MethodPut, listPath, "R", "admin", http.StatusForbidden},
			{plain, http.MethodGet, mgmt, "U", plainID, http.StatusForbidden},
			// Managing roles' permissions does not allow managing users' permissions.
			{roleManager, http.MethodGet, mgmt, "R", "admin", http.StatusOK},
			{roleManager, http.MethodGet, treePath, "R", "admin", http.StatusOK},
			{roleManager, http.MethodGet, mgmt, "U", plainID, http.StatusForbidden},
			{roleManager, http.MethodPut, mgmt, "U", plainID, http.StatusForbidden},
			{roleManager, http.MethodPut, listPath, "U", plainID, http.StatusForbidden},
		} {
			var body any
			if tc.method == http.MethodPut {
				body = map[string]any{"permissions": []any{}, "grantedNames": []string{"AbpIdentity.Users"}}
			}
			if res := tc.who.do(tc.method, q(tc.path, tc.provider, tc.key), body); res.Status != tc.want {
				t.Errorf("%s %s %s: %d, want %d (%s)", tc.method, tc.path, tc.provider, res.Status, tc.want, res.Body)
			}
		}
		if got := granted(admin.get("U", plainID)); len(got) != 0 {
			t.Errorf("refused requests changed grants: %v", got)
		}
	})
}

func TestBadRequestsChangeNothing(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		en := caller{t, e, e.Token(t, "admin", apptest.Password, ""), http.Header{"Accept-Language": {"en"}}}
		zh := caller{t, e, en.token, nil}
		e.CreateUser(t, "", "clerk1", "clerk")

		// One unknown name rejects the whole request: the known one is not granted either.
		res := en.put("R", "clerk", grant("AbpIdentity.Users"), grant("No.Such.Permission"))
		if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), "The permission No.Such.Permission does not exist") {
			t.Errorf("unknown name: %d %s", res.Status, res.Body)
		}
		res = zh.put("R", "clerk", grant("Nope"))
		if !strings.Contains(string(res.Body), "权限 Nope 不存在") {
			t.Errorf("unknown name in Chinese: %s", res.Body)
		}
		res = en.do(http.MethodPut, q(listPath, "R", "clerk"), permissions.UpdatePermissionListInput{GrantedNames: []string{"AbpIdentity.Users", "Nope"}})
		if res.Status != http.StatusBadRequest {
			t.Errorf("unknown name in the list: %d %s", res.Status, res.Body)
		}
		if got := granted(en.get("R", "clerk")); len(got) != 0 {
			t.Errorf("a rejected request granted %v", got)
		}

		for _, tc := range []struct{ path, want string }{
			{q(mgmt, "X", "clerk"), "Unknown provider X"},
			{q(mgmt, "U", "not-a-guid"), "not-a-guid is not a valid user id"},
			{q(mgmt, "R", ""), "Provider key is required"},
		} {
			res := en.do(http.MethodGet, tc.path, nil)
			if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), tc.want) {
				t.Errorf("%s: %d %s", tc.path, res.Status, res.Body)
			}
		}
		if res := en.do(http.MethodGet, q(mgmt, "U", "00000000-0000-0000-0000-000000000001"), nil); res.Status != http.StatusNotFound {
			t.Errorf("unknown user: %d", res.Status)
		}
	})
}

func TestGrantsStayInTheirTenant(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		host := caller{t, e, e.Token(t, "admin", apptest.Password, ""), http.Header{"Accept-Language": {"en"}}}
		demo := caller{t, e, e.Token(t, "admin", apptest.Password, "demo"), http.Header{"Accept-Language": {"en"}}}
		hostInDemo := caller{t, e, host.token, http.Header{"Accept-Language": {"en"}, "__tenant": {"demo"}}}
		hostClerk := e.CreateUser(t, "", "clerk1", "clerk")
		demoClerk := e.CreateUser(t, "demo", "clerk1", "clerk")

		if res := demo.put("R", "clerk", grant("AbpIdentity.Users")); res.Status != http.StatusNoContent {
			t.Fatalf("demo grant: %d %s", res.Status, res.Body)
		}
		if got := granted(demo.get("R", "clerk")); !slices.Equal(got, []string{"AbpIdentity.Users"}) {
			t.Errorf("demo clerk role = %v", got)
		}
		if got := granted(hostInDemo.get("R", "clerk")); !slices.Equal(got, []string{"AbpIdentity.Users"}) {
			t.Errorf("host admin acting in demo sees %v", got)
		}
		if got := granted(host.get("R", "clerk")); len(got) != 0 {
			t.Errorf("a demo grant shows in the host: %v", got)
		}
		for token, want := range map[string]bool{demoClerk: true, hostClerk: false} {
			var cfg session.ApplicationConfiguration
			e.Get(t, "/api/abp/application-configuration", token).JSON(t, &cfg)
			if cfg.Auth.GrantedPolicies["AbpIdentity.Users"] != want {
				t.Errorf("clerk in tenant %v: granted %v", cfg.CurrentTenant.Name, cfg.Auth.GrantedPolicies)
			}
		}

		// A user of another tenant is not found; host-only permissions are neither listed
		// nor grantable in a tenant.
		demoClerkID := e.UserID(t, "clerk1", "demo").String()
		if res := host.do(http.MethodGet, q(mgmt, "U", demoClerkID), nil); res.Status != http.StatusNotFound {
			t.Errorf("demo user from the host: %d", res.Status)
		}
		if demo.get("U", demoClerkID).EntityDisplayName != "clerk1" {
			t.Error("demo user from demo")
		}
		if p := entry(demo.get("R", "admin"), "AbpTenantManagement.Tenants"); p != nil {
			t.Errorf("host-only permission listed in a tenant: %+v", p)
		}
		res := demo.put("R", "clerk", grant("AbpTenantManagement.Tenants"))
		if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), "can only be granted in the host") {
			t.Errorf("host-only grant in a tenant: %d %s", res.Status, res.Body)
		}
	})
}

func TestPermissionTreeAndListUpdate(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := caller{t, e, e.Token(t, "admin", apptest.Password, ""), http.Header{"Accept-Language": {"en"}}}
		e.CreateUser(t, "", "clerk1", "clerk")
		clerkID := e.UserID(t, "clerk1", "").String()
		if res := admin.put("R", "clerk", grant("AbpIdentity.Roles")); res.Status != http.StatusNoContent {
			t.Fatal(res.Status)
		}
		if res := admin.put("U", clerkID, grant("AbpAuditing.AuditLog")); res.Status != http.StatusNoContent {
			t.Fatal(res.Status)
		}

		// Replace the user's own list: AuditLog goes, Users and Users.Create come.
		res := admin.do(http.MethodPut, q(listPath, "U", clerkID), permissions.UpdatePermissionListInput{
			GrantedNames: []string{"AbpIdentity.Users", "AbpIdentity.Users.Create"}})
		if res.Status != http.StatusNoContent {
			t.Fatalf("update list: %d %s", res.Status, res.Body)
		}
		res = admin.do(http.MethodGet, q(treePath, "U", clerkID), nil)
		if res.Status != http.StatusOK {
			t.Fatalf("tree: %d %s", res.Status, res.Body)
		}
		var tree permissions.PermissionTree
		res.JSON(t, &tree)
		if tree.EntityDisplayName != "clerk1" || tree.ProviderName != "U" ||
			!slices.Equal(tree.GrantedNames, []string{"AbpIdentity.Users", "AbpIdentity.Users.Create"}) {
			t.Errorf("tree = %s %s %v", tree.EntityDisplayName, tree.ProviderName, tree.GrantedNames)
		}
		var identityGroup *permissions.PermissionNode
		for i := range tree.Items {
			if !tree.Items[i].IsGroup {
				t.Errorf("top node %s is not a group", tree.Items[i].Name)
			}
			if tree.Items[i].Name == "AbpIdentity" {
				identityGroup = &tree.Items[i]
			}
		}
		if identityGroup == nil || identityGroup.DisplayName != "Identity management" {
			t.Fatalf("identity group = %+v", identityGroup)
		}
		nodes := map[string]permissions.PermissionNode{}
		for _, n := range identityGroup.Children {
			nodes[n.Name] = n
		}
		users, roles := nodes["AbpIdentity.Users"], nodes["AbpIdentity.Roles"]
		if !users.IsGranted || users.GrantedByOther || len(users.Children) != 5 || !users.Children[0].IsGranted ||
			users.Children[0].Name != "AbpIdentity.Users.Create" || users.Children[1].IsGranted {
			t.Errorf("users node = %+v", users)
		}
		if !roles.IsGranted || !roles.GrantedByOther || slices.Contains(tree.GrantedNames, "AbpIdentity.Roles") {
			t.Errorf("a role's grant must show as granted by another provider: %+v", roles)
		}
		if granted := granted(admin.get("U", clerkID)); slices.Contains(granted, "AbpAuditing.AuditLog") {
			t.Errorf("replaced list kept AuditLog: %v", granted)
		}
	})
}
