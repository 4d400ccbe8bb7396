package menus_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/menus"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/module"
)

func webMenu(t *testing.T, e *apptest.Env, token string, h http.Header) []menus.MenuItem {
	t.Helper()
	res := e.Do(t, apptest.Request{Method: http.MethodGet, Path: "/api/menu/getWebMenu", Token: token, Header: h})
	if res.Status != http.StatusOK {
		t.Fatalf("getWebMenu: %d %s", res.Status, res.Body)
	}
	var body struct {
		Items []menus.MenuItem `json:"items"`
	}
	res.JSON(t, &body)
	return body.Items
}

// flatten lists every item of the tree, depth first.
func flatten(items []menus.MenuItem) []menus.MenuItem {
	var out []menus.MenuItem
	for _, it := range items {
		out = append(out, it)
		out = append(out, flatten(it.Children)...)
	}
	return out
}

func find(items []menus.MenuItem, name string) *menus.MenuItem {
	for _, it := range flatten(items) {
		if it.Name == name {
			return &it
		}
	}
	return nil
}

// Every module's declarations must fit together: unique names, parents that exist,
// permissions that are defined. The sync only warns about these at start-up.
func TestDeclaredEntriesAreConsistent(t *testing.T) {
	e := apptest.New(t, "sqlite://"+t.TempDir()+"/kerf.db")
	declared := map[string]module.MenuEntry{}
	for _, m := range e.App.Modules {
		for _, entry := range m.Menus() {
			if _, dup := declared[entry.Name]; dup {
				t.Errorf("menu %q declared twice (module %s)", entry.Name, m.Name())
			}
			declared[entry.Name] = entry
		}
	}
	for name, entry := range declared {
		if entry.Parent != "" {
			if _, ok := declared[entry.Parent]; !ok {
				t.Errorf("menu %q: parent %q is not declared", name, entry.Parent)
			}
		}
		if entry.Permission != "" {
			if _, ok := e.App.Registry.Lookup(entry.Permission); !ok {
				t.Errorf("menu %q: permission %q is not defined", name, entry.Permission)
			}
		}
		if entry.Feature != "" {
			if d, ok := e.App.Features.Definition(entry.Feature); !ok || d.Type != feature.TypeBool {
				t.Errorf("menu %q: feature %q is not a declared switch", name, entry.Feature)
			}
		}
		if entry.DisplayName.ZhHans == "" || entry.DisplayName.En == "" {
			t.Errorf("menu %q needs display names in zh-Hans and en", name)
		}
		if !entry.External && !strings.HasPrefix(entry.Path, "/") {
			t.Errorf("menu %q: path %q must start with /", name, entry.Path)
		}
	}
}

func TestWebMenuFollowsPermissionsTenantAndLanguage(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		if res := e.Get(t, "/api/menu/getWebMenu", ""); res.Status != http.StatusUnauthorized {
			t.Fatalf("anonymous: %d", res.Status)
		}
		admin := e.Token(t, "admin", apptest.Password, "")

		// The administrator adds a host-only section (as SaaS and the identity server are)
		// and a page that needs a permission.
		saas := createMenu(t, e, admin, map[string]any{"name": "test.saas", "path": "/saas", "component": "Layout",
			"displayNameZhHans": "SaaS 管理", "displayNameEn": "SaaS", "hostOnly": true, "order": 50})
		createMenu(t, e, admin, map[string]any{"name": "test.saas.tenants", "parentId": saas, "path": "/saas/tenants",
			"component": "saas/tenants/index", "displayNameZhHans": "租户", "displayNameEn": "Tenants",
			"permission": "AbpTenantManagement.Tenants", "multiTenancyOnly": true})
		createMenu(t, e, admin, map[string]any{"name": "test.users", "path": "/admin/users", "component": "admin/users/index",
			"displayNameZhHans": "用户", "displayNameEn": "Users", "permission": "AbpIdentity.Users", "order": 40})

		// A user with no permissions sees the dashboard, the chat (any logged-in user may chat,
		// decision 0015) and nothing that needs a permission; the hidden profile-setting entry is
		// not in the menu.
		plain := e.CreateUser(t, "", "plain")
		items := webMenu(t, e, plain, nil)
		if find(items, "dashboard") == nil {
			t.Fatalf("dashboard missing: %+v", items)
		}
		for _, it := range flatten(items) {
			if it.Permission != "" || strings.HasPrefix(it.Name, "test.") || it.Name == "container" || it.Name == "profile-setting" {
				t.Errorf("plain user sees %s (permission %q)", it.Name, it.Permission)
			}
		}
		if got := names(items); !slices.Equal(got, []string{"dashboard", "im", "im.chat"}) {
			t.Errorf("plain user's menu = %v, want only the dashboard and the chat", got)
		}

		// The host admin sees everything but hidden entries, sorted by order, in the language
		// asked for.
		zh := webMenu(t, e, admin, http.Header{"Accept-Language": {"zh-CN,zh;q=0.9"}})
		en := webMenu(t, e, admin, http.Header{"Accept-Language": {"en"}})
		for _, name := range []string{"dashboard", "container", "container.menus", "test.saas", "test.saas.tenants", "test.users"} {
			if find(zh, name) == nil {
				t.Errorf("admin misses %s", name)
			}
		}
		if find(zh, "profile-setting") != nil {
			t.Error("hidden entry shown")
		}
		if d := find(zh, "dashboard"); d.DisplayName != "首页" || !d.Affix || d.Path != "/dashboard" || d.Component != "dashboard/index" {
			t.Errorf("zh dashboard = %+v", d)
		}
		if d := find(en, "dashboard"); d.DisplayName != "Dashboard" {
			t.Errorf("en dashboard = %q", d.DisplayName)
		}
		if m := find(en, "container.menus"); m == nil || m.DisplayName != "Menus" || m.ParentID != find(en, "container").ID {
			t.Errorf("en menus entry = %+v", m)
		}
		for i := 1; i < len(zh); i++ {
			if zh[i-1].Order > zh[i].Order {
				t.Errorf("roots not sorted by order: %s(%d) before %s(%d)", zh[i-1].Name, zh[i-1].Order, zh[i].Name, zh[i].Order)
			}
		}

		// A tenant's admin, and the host admin acting in the tenant, get no host-only section
		// and no host-only permission's entries.
		for who, tc := range map[string]struct {
			token string
			h     http.Header
		}{
			"demo admin":         {e.Token(t, "admin", apptest.Password, "demo"), nil},
			"host admin in demo": {admin, http.Header{"__tenant": {"demo"}}},
		} {
			items := webMenu(t, e, tc.token, tc.h)
			if find(items, "test.saas") != nil || find(items, "test.saas.tenants") != nil || find(items, "container.menus") != nil {
				t.Errorf("%s sees host-only entries: %v", who, names(items))
			}
			if find(items, "test.users") == nil || find(items, "dashboard") == nil {
				t.Errorf("%s misses tenant entries: %v", who, names(items))
			}
		}
	})
}

func names(items []menus.MenuItem) []string {
	var out []string
	for _, it := range flatten(items) {
		out = append(out, it.Name)
	}
	return out
}

func createMenu(t *testing.T, e *apptest.Env, token string, body map[string]any) string {
	t.Helper()
	res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/menu", Token: token, JSON: body})
	if res.Status != http.StatusOK {
		t.Fatalf("create %v: %d %s", body["name"], res.Status, res.Body)
	}
	return fmt.Sprint(res.Map(t)["id"])
}
