package menus_test

import (
	"net/http"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/menus"
)

func TestMenuAdministration(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "")
		plain := e.CreateUser(t, "", "plain")
		demoAdmin := e.Token(t, "admin", apptest.Password, "demo")
		en := http.Header{"Accept-Language": {"en"}}
		do := func(method, path, token string, body any) *apptest.Response {
			t.Helper()
			return e.Do(t, apptest.Request{Method: method, Path: path, Token: token, JSON: body, Header: en})
		}
		valid := map[string]any{"name": "reports.sales", "path": "/reports/sales", "component": "reports/sales/index",
			"displayNameZhHans": "销售报表", "displayNameEn": "Sales report", "order": 7}

		// Access: anonymous 401; no permission 403; a tenant admin 403 (menus are host rows,
		// Platform.Menus is host-only).
		for _, tc := range []struct {
			method, path, token string
			want                int
		}{
			{http.MethodGet, "/api/menu", "", http.StatusUnauthorized},
			{http.MethodGet, "/api/menu", plain, http.StatusForbidden},
			{http.MethodPost, "/api/menu", plain, http.StatusForbidden},
			{http.MethodGet, "/api/menu", demoAdmin, http.StatusForbidden},
			{http.MethodPost, "/api/menu", demoAdmin, http.StatusForbidden},
		} {
			if res := do(tc.method, tc.path, tc.token, valid); res.Status != tc.want {
				t.Errorf("%s %s: %d, want %d", tc.method, tc.path, res.Status, tc.want)
			}
		}

		// The list holds the declared entries, with child counts.
		res := do(http.MethodGet, "/api/menu?maxResultCount=1000&sorting=name", admin, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("list: %d %s", res.Status, res.Body)
		}
		var page struct {
			Items      []menus.MenuDto `json:"items"`
			TotalCount int             `json:"totalCount"`
		}
		res.JSON(t, &page)
		byName := map[string]menus.MenuDto{}
		for _, m := range page.Items {
			byName[m.Name] = m
		}
		container, ok := byName["container"]
		if !ok || container.ChildCount != 1 || container.Customized || page.TotalCount != len(page.Items) {
			t.Fatalf("list = %+v", page)
		}
		if d := byName["dashboard"]; d.DisplayName != "Dashboard" || d.DisplayNameZhHans != "首页" {
			t.Errorf("dashboard row = %+v", d)
		}
		if res := do(http.MethodGet, "/api/menu?sorting=secret", admin, nil); res.Status != http.StatusBadRequest {
			t.Errorf("sorting outside the whitelist: %d", res.Status)
		}
		res = do(http.MethodGet, "/api/menu?filter=MENUS&parentId="+container.ID.String(), admin, nil)
		res.JSON(t, &page)
		if page.TotalCount != 1 || page.Items[0].Name != "container.menus" {
			t.Errorf("filtered list = %+v", page.Items)
		}

		// Validation: every broken field answered at once, in the caller's language; nothing stored.
		res = do(http.MethodPost, "/api/menu", admin, map[string]any{"name": "bad name", "path": "relative",
			"permission": "No.Such", "parentId": "00000000-0000-0000-0000-00000000abcd"})
		if res.Status != http.StatusBadRequest {
			t.Fatalf("invalid create: %d %s", res.Status, res.Body)
		}
		for _, want := range []string{"may contain only letters", "Display name is required", "must start with /",
			"Component is required", "permission No.Such does not exist", "parent menu does not exist"} {
			if !strings.Contains(string(res.Body), want) {
				t.Errorf("validation answer lacks %q: %s", want, res.Body)
			}
		}
		res = e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/menu", Token: admin,
			JSON: map[string]any{"name": "container", "path": "/x", "component": "x", "displayNameZhHans": "x"}})
		if res.Status != http.StatusBadRequest || !strings.Contains(res.ErrorMessage(t)+string(res.Body), "名称为 container 的菜单已存在") {
			t.Errorf("duplicate name (zh): %d %s", res.Status, res.Body)
		}

		// Create, read, update, delete.
		valid["parentId"] = container.ID
		res = do(http.MethodPost, "/api/menu", admin, valid)
		if res.Status != http.StatusOK {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		var created menus.MenuDto
		res.JSON(t, &created)
		if created.Name != "reports.sales" || created.ParentID != container.ID || !created.Customized || created.ConcurrencyStamp == "" {
			t.Errorf("created = %+v", created)
		}
		path := "/api/menu/" + created.ID.String()
		res = do(http.MethodPut, path, admin, map[string]any{"displayNameEn": "Sales", "hidden": true,
			"concurrencyStamp": created.ConcurrencyStamp})
		var updated menus.MenuDto
		res.JSON(t, &updated)
		if res.Status != http.StatusOK || updated.DisplayName != "Sales" || !updated.Hidden || updated.Path != "/reports/sales" ||
			updated.ConcurrencyStamp == created.ConcurrencyStamp {
			t.Errorf("update: %d %+v", res.Status, updated)
		}
		if res := do(http.MethodPut, path, admin, map[string]any{"order": 1, "concurrencyStamp": created.ConcurrencyStamp}); res.Status != http.StatusConflict {
			t.Errorf("stale stamp: %d", res.Status)
		}
		if res := do(http.MethodPut, "/api/menu/"+container.ID.String(), admin, map[string]any{"parentId": created.ID}); res.Status != http.StatusBadRequest ||
			!strings.Contains(string(res.Body), "cannot be moved under itself") {
			t.Errorf("cycle: %d %s", res.Status, res.Body)
		}
		if res := do(http.MethodDelete, "/api/menu/"+container.ID.String(), admin, nil); res.Status != http.StatusBadRequest ||
			!strings.Contains(res.ErrorMessage(t), "2 child menus") {
			t.Errorf("delete with children: %d %s", res.Status, res.Body)
		}
		if res := do(http.MethodDelete, path, admin, nil); res.Status != http.StatusNoContent {
			t.Errorf("delete: %d %s", res.Status, res.Body)
		}
		if res := do(http.MethodGet, path, admin, nil); res.Status != http.StatusNotFound {
			t.Errorf("deleted row: %d", res.Status)
		}
		if res := do(http.MethodDelete, path, admin, nil); res.Status != http.StatusNotFound {
			t.Errorf("delete twice: %d", res.Status)
		}

		// An administrator's edit of a declared entry survives the next start.
		dash := byName["dashboard"]
		res = do(http.MethodPut, "/api/menu/"+dash.ID.String(), admin, map[string]any{"displayNameEn": "Home"})
		if res.Status != http.StatusOK {
			t.Fatalf("edit dashboard: %d %s", res.Status, res.Body)
		}
		if err := e.App.Seed(t.Context(), true); err != nil {
			t.Fatal(err)
		}
		if d := find(webMenu(t, e, admin, en), "dashboard"); d == nil || d.DisplayName != "Home" {
			t.Errorf("edited dashboard after restart = %+v", d)
		}

		// A deleted declared entry stays deleted across starts; initdataasync restores the
		// declared entries and leaves the administrator's own rows alone.
		menusRow := byName["container.menus"]
		if res := do(http.MethodDelete, "/api/menu/"+menusRow.ID.String(), admin, nil); res.Status != http.StatusNoContent {
			t.Fatalf("delete declared entry: %d %s", res.Status, res.Body)
		}
		own := createMenu(t, e, admin, map[string]any{"name": "own.page", "path": "/own", "component": "own/index",
			"displayNameZhHans": "自己的", "displayNameEn": "Own"})
		if err := e.App.Seed(t.Context(), true); err != nil {
			t.Fatal(err)
		}
		if m := find(webMenu(t, e, admin, en), "container.menus"); m != nil {
			t.Error("a deleted declared entry came back on start")
		}
		if res := do(http.MethodPost, "/api/menu/initdataasync", plain, nil); res.Status != http.StatusForbidden {
			t.Errorf("restore without permission: %d", res.Status)
		}
		if res := do(http.MethodPost, "/api/menu/initdataasync", admin, nil); res.Status != http.StatusNoContent {
			t.Fatalf("restore: %d %s", res.Status, res.Body)
		}
		after := webMenu(t, e, admin, en)
		if m := find(after, "container.menus"); m == nil || m.ID != menusRow.ID {
			t.Errorf("restored entry = %+v", m)
		}
		if d := find(after, "dashboard"); d.DisplayName != "Dashboard" {
			t.Errorf("restored dashboard = %q", d.DisplayName)
		}
		if o := find(after, "own.page"); o == nil || o.ID.String() != own {
			t.Error("restore removed an administrator's own row")
		}
	})
}
