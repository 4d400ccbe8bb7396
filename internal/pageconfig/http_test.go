package pageconfig_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/pageconfig"
)

type row = map[string]any

func ok(t *testing.T, res *apptest.Response, want int, what string) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s: %d %s", what, res.Status, res.Body)
	}
}

func items(t *testing.T, res *apptest.Response) []row {
	t.Helper()
	var b struct {
		Items      []row `json:"items"`
		TotalCount int   `json:"totalCount"`
	}
	res.JSON(t, &b)
	return b.Items
}

// config is a config showing the given keys in that order.
func config(keys ...string) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = `{"key":"` + k + `","title":"` + k + `","isShow":true,"order":` + string(rune('0'+i)) + `}`
	}
	return "[" + strings.Join(parts, ",") + "]"
}

const orders = "zzzsaleszzzorders"

// env is a running app with the tokens the scenarios use.
type env struct {
	*apptest.Env
	admin, sales, nobody string
}

func setup(t *testing.T, e *apptest.Env) *env {
	return &env{Env: e, admin: e.Token(t, "admin", apptest.Password, ""), sales: e.Token(t, "sales", apptest.Password, ""),
		nobody: e.CreateUser(t, "", "nobody")}
}

func (v *env) call(t *testing.T, method, path, token string, body any) *apptest.Response {
	t.Helper()
	return v.Do(t, apptest.Request{Method: method, Path: path, Token: token, JSON: body, Header: http.Header{"Accept-Language": {"en"}}})
}

// TestEveryPageConfigurationEndpointAnswers401403400And200 is the scenario table of the area:
// each call anonymous, without its permission (the calls of one's own columns need only a
// login), with bad input and right.
func TestEveryPageConfigurationEndpointAnswers401403400And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		res := v.call(t, "POST", "/api/pageConfiguration", v.admin, row{"routeKey": orders, "config": config("a", "b"), "roleList": []string{"sales"}})
		ok(t, res, 200, "create")
		roleRow := res.Map(t)["id"].(string)
		res = v.call(t, "POST", "/api/pageConfiguration", v.admin, row{"routeKey": "zzzdelete", "config": config("a")})
		ok(t, res, 200, "create a default")
		doomed := res.Map(t)["id"].(string)

		type call struct {
			method, path string
			json         any
		}
		bad := `[{"key":"a","isShow":true,"order":-1}]`
		scenarios := []struct {
			name     string
			ok, bad  call
			okCode   int
			loggedIn bool // needs only a login: no 403
		}{
			{name: "list",
				ok:  call{"GET", "/api/pageConfiguration?maxResultCount=10&skipCount=0&kind=role&routeKey=" + orders, nil},
				bad: call{"GET", "/api/pageConfiguration?sorting=config", nil}},
			{name: "create",
				ok:  call{"POST", "/api/pageConfiguration", row{"routeKey": orders, "config": config("b", "a"), "roleList": []string{"admin"}, "hiddenFields": `["b"]`}},
				bad: call{"POST", "/api/pageConfiguration", row{"routeKey": orders, "config": "{not json", "roleList": []string{"sales"}}}},
			{name: "update",
				ok:  call{"PUT", "/api/pageConfiguration/" + roleRow, row{"hiddenFields": `["a"]`, "roleList": []string{"sales", "admin"}}},
				bad: call{"PUT", "/api/pageConfiguration/" + roleRow, row{"config": bad}}},
			{name: "delete", okCode: 204,
				ok:  call{"DELETE", "/api/pageConfiguration/" + doomed, nil},
				bad: call{"DELETE", "/api/pageConfiguration/not-an-id", nil}},
			{name: "config that applies", loggedIn: true,
				ok:  call{"GET", "/api/pageconfiguration/config/" + orders, nil},
				bad: call{"GET", "/api/pageconfiguration/config/zzzsales.orders", nil}},
			{name: "save my config", loggedIn: true,
				ok:  call{"POST", "/api/pageconfiguration/save-config", row{"routeKey": orders, "config": config("a"), "id": ""}},
				bad: call{"POST", "/api/pageconfiguration/save-config", row{"routeKey": orders, "config": bad}}},
			{name: "reset my config", loggedIn: true, okCode: 204,
				ok:  call{"DELETE", "/api/pageconfiguration/config/" + orders, nil},
				bad: call{"DELETE", "/api/pageconfiguration/config/zzz%20orders", nil}},
			{name: "tenant config",
				ok:  call{"GET", "/api/pageconfiguration/tenant-config/" + orders, nil},
				bad: call{"GET", "/api/pageconfiguration/tenant-config/a.b", nil}},
			{name: "save tenant config",
				ok:  call{"POST", "/api/pageconfiguration/save-tenant-config", row{"routeKey": orders, "config": config("a", "b")}},
				bad: call{"POST", "/api/pageconfiguration/save-tenant-config", row{"routeKey": orders, "config": `[{"key":"a","isShow":true},{"key":"a","isShow":true}]`}}},
		}
		for _, s := range scenarios {
			if res := v.call(t, s.ok.method, s.ok.path, "", s.ok.json); res.Status != http.StatusUnauthorized {
				t.Errorf("%s anonymous: %d", s.name, res.Status)
			}
			if !s.loggedIn {
				for _, tok := range []string{v.nobody, v.sales} {
					if res := v.call(t, s.ok.method, s.ok.path, tok, s.ok.json); res.Status != http.StatusForbidden {
						t.Errorf("%s without permission: %d %s", s.name, res.Status, res.Body)
					}
				}
			}
			if res := v.call(t, s.bad.method, s.bad.path, v.admin, s.bad.json); res.Status != http.StatusBadRequest {
				t.Errorf("%s bad input: %d %s", s.name, res.Status, res.Body)
			} else if msg := res.ErrorMessage(t); msg == "" {
				t.Errorf("%s bad input: no message", s.name)
			}
			want := s.okCode
			if want == 0 {
				want = http.StatusOK
			}
			if res := v.call(t, s.ok.method, s.ok.path, v.admin, s.ok.json); res.Status != want {
				t.Errorf("%s: %d %s", s.name, res.Status, res.Body)
			}
			if s.loggedIn {
				if res := v.call(t, s.ok.method, s.ok.path, v.nobody, s.ok.json); res.Status != want {
					t.Errorf("%s by a user without permissions: %d %s", s.name, res.Status, res.Body)
				}
			}
		}
	})
}

func TestMalformedJSONIsRefusedWithAMessageNamingTheMemberInTheCallersLanguage(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		for lang, want := range map[string]string{"en": "The column configuration (config) is not valid JSON", "zh-CN": "列配置（config）不是有效的 JSON"} {
			res := v.Do(t, apptest.Request{Method: "POST", Path: "/api/pageconfiguration/save-config", Token: v.sales,
				JSON: row{"routeKey": orders, "config": `[{"key":"a","isShow":true}`}, Header: http.Header{"Accept-Language": {lang}}})
			ok(t, res, 400, "malformed config")
			var b struct {
				Error struct {
					Message          string `json:"message"`
					ValidationErrors []struct {
						Message string   `json:"message"`
						Members []string `json:"members"`
					} `json:"validationErrors"`
				} `json:"error"`
			}
			res.JSON(t, &b)
			if len(b.Error.ValidationErrors) != 1 || !slices.Equal(b.Error.ValidationErrors[0].Members, []string{"config"}) ||
				!strings.Contains(b.Error.ValidationErrors[0].Message, want) {
				t.Fatalf("%s: %s", lang, res.Body)
			}
		}
		res := v.call(t, "GET", "/api/pageconfiguration/config/"+orders, v.sales, nil)
		ok(t, res, 200, "config")
		if got := res.Map(t); got["source"] != "none" || got["config"] != "" {
			t.Fatalf("a refused save was stored: %v", got)
		}
	})
}

// applied reads what applies to the holder of token on route.
func applied(t *testing.T, v *env, token, route string) row {
	t.Helper()
	res := v.call(t, "GET", "/api/pageconfiguration/config/"+route, token, nil)
	ok(t, res, 200, "config of "+route)
	return res.Map(t)
}

func TestTheConfigurationFollowsTheCallersRolesAndTheAdministratorSeesEverything(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		designer := e.CreateUser(t, "", "designer", "design")
		ok(t, v.call(t, "POST", "/api/pageconfiguration/save-tenant-config", v.admin, row{"routeKey": orders, "config": config("orderNo", "price")}), 200, "default")
		if got := applied(t, v, designer, orders); got["source"] != "tenant" || got["allowed"] != true {
			t.Fatalf("the default: %v", got)
		}
		res := v.call(t, "POST", "/api/pageConfiguration", v.admin, row{"routeKey": orders, "config": config("orderNo", "price"),
			"roleList": []string{"sales"}, "hiddenFields": `["price"]`})
		ok(t, res, 200, "role configuration")
		roleID := res.Map(t)["id"]

		got := applied(t, v, v.sales, orders)
		if got["source"] != "role" || got["id"] != roleID || got["allowed"] != true || !slices.Equal(strs(got["hiddenFields"]), []string{"price"}) {
			t.Fatalf("sales: %v", got)
		}
		if got := applied(t, v, designer, orders); got["source"] != "tenant" || got["allowed"] != false {
			t.Fatalf("a designer, in no role list: %v", got)
		}
		if got := applied(t, v, v.admin, orders); got["allowed"] != true || len(strs(got["hiddenFields"])) != 0 {
			t.Fatalf("the administrator: %v", got)
		}
		// The designer's own columns apply to them, still without rows.
		res = v.call(t, "POST", "/api/pageconfiguration/save-config", designer, row{"routeKey": orders, "config": config("price")})
		ok(t, res, 200, "save mine")
		saved := res.Map(t)
		if saved["config"] != config("price") || saved["id"] == "" {
			t.Fatalf("save-config answers id and config: %v", saved)
		}
		if got := applied(t, v, designer, orders); got["source"] != "user" || got["id"] != saved["id"] || got["allowed"] != false {
			t.Fatalf("the designer's own: %v", got)
		}
		// Given the design role, the designer is allowed.
		res = v.call(t, "PUT", "/api/pageConfiguration/"+roleID.(string), v.admin, row{"roleList": []string{"sales", "design"}})
		ok(t, res, 200, "add design")
		if got := applied(t, v, designer, orders); got["allowed"] != true || !slices.Equal(strs(got["hiddenFields"]), []string{"price"}) {
			t.Fatalf("the designer in the role list: %v", got)
		}
	})
}

func strs(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, x := range list {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

func TestAnotherUsersRowIsNotFoundAndTheListNamesItsOwner(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		res := v.call(t, "POST", "/api/pageconfiguration/save-config", v.sales, row{"routeKey": orders, "config": config("a", "b")})
		ok(t, res, 200, "sales saves")
		id := res.Map(t)["id"].(string)
		res = v.call(t, "POST", "/api/pageconfiguration/save-config", v.nobody, row{"id": id, "routeKey": orders, "config": config("b")})
		ok(t, res, 404, "another user's row")
		if got := applied(t, v, v.sales, orders); got["config"] != config("a", "b") {
			t.Fatalf("sales's row after another's attempt: %v", got)
		}
		ok(t, v.call(t, "DELETE", "/api/pageconfiguration/config/"+orders, v.nobody, nil), 204, "another's reset")
		if got := applied(t, v, v.sales, orders); got["source"] != "user" {
			t.Fatalf("another's reset dropped sales's row: %v", got)
		}
		res = v.call(t, "GET", "/api/pageConfiguration?kind=user", v.admin, nil)
		ok(t, res, 200, "list")
		list := items(t, res)
		if len(list) != 1 || list[0]["userName"] != "sales" || list[0]["kind"] != "user" || list[0]["shownColumnCount"] != 2.0 {
			t.Fatalf("the list: %v", list)
		}
	})
}

func TestTenantsNeverSeeEachOthersRows(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		demo := e.Token(t, "admin", apptest.Password, "demo")
		res := v.call(t, "POST", "/api/pageConfiguration", v.admin, row{"routeKey": orders, "config": config("a"), "roleList": []string{"sales"}})
		ok(t, res, 200, "host row")
		id := res.Map(t)["id"].(string)
		res = v.call(t, "GET", "/api/pageConfiguration", demo, nil)
		ok(t, res, 200, "demo list")
		if len(items(t, res)) != 0 {
			t.Fatalf("the demo tenant lists the host's rows: %s", res.Body)
		}
		ok(t, v.call(t, "PUT", "/api/pageConfiguration/"+id, demo, row{"config": config("b")}), 404, "demo updates the host's row")
		ok(t, v.call(t, "DELETE", "/api/pageConfiguration/"+id, demo, nil), 404, "demo deletes the host's row")
		if got := applied(t, v, e.Token(t, "sales", apptest.Password, "demo"), orders); got["source"] != "none" || got["allowed"] != true {
			t.Fatalf("the demo tenant's sales sees the host's role configuration: %v", got)
		}
	})
}

// TestADeletedRoleLeavesEveryRoleList: role lists hold names, so a deleted role is taken out of
// them in the deleting transaction; a list left empty goes with it, and a new role of the same
// name inherits nothing. A deleted user's own rows go too.
func TestADeletedRoleLeavesEveryRoleListAndADeletedUserTheirRows(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		temp := e.CreateUser(t, "", "temp-user", "temp")
		role, err := e.App.Identity.EnsureRole(t.Context(), "temp", false, false)
		if err != nil {
			t.Fatal(err)
		}
		create := func(roles ...string) string {
			res := v.call(t, "POST", "/api/pageConfiguration", v.admin, row{"routeKey": orders, "config": config("a"), "roleList": roles})
			ok(t, res, 200, "create")
			return res.Map(t)["id"].(string)
		}
		shared, only := create("temp", "sales"), create("temp")
		ok(t, v.call(t, "POST", "/api/pageconfiguration/save-config", temp, row{"routeKey": orders, "config": config("a")}), 200, "temp saves")
		ok(t, v.call(t, "DELETE", "/api/identity/roles/"+role.ID.String(), v.admin, nil), 204, "delete role")

		res := v.call(t, "GET", "/api/pageConfiguration?routeKey="+orders, v.admin, nil)
		ok(t, res, 200, "list")
		byID := map[string]row{}
		for _, r := range items(t, res) {
			byID[r["id"].(string)] = r
		}
		if got := strs(byID[shared]["roleList"]); !slices.Equal(got, []string{"sales"}) {
			t.Fatalf("the shared list after the deletion: %v", got)
		}
		if _, found := byID[only]; found {
			t.Fatalf("a configuration of the deleted role alone is still listed: %v", byID[only])
		}
		if _, err := e.App.Identity.EnsureRole(t.Context(), "temp", false, false); err != nil {
			t.Fatal(err)
		}
		if got := applied(t, v, temp, orders); got["source"] != "user" || got["allowed"] != false {
			t.Fatalf("a new role of the deleted one's name inherits its configuration: %v", got)
		}

		uid := e.UserID(t, "temp-user", "")
		ok(t, v.call(t, "DELETE", "/api/identity/users/"+uid.String(), v.admin, nil), 204, "delete user")
		res = v.call(t, "GET", "/api/pageConfiguration?kind=user", v.admin, nil)
		ok(t, res, 200, "list")
		if len(items(t, res)) != 0 {
			t.Fatalf("a deleted user's rows are still listed: %s", res.Body)
		}
	})
}

func TestTheScreenIsInTheBasicSetupMenuForItsReaders(t *testing.T) {
	for _, m := range pageconfig.New(pageconfig.Deps{}).Menus() {
		if m.Component != "basic-setup/page-configuration/index" || m.Path != "/basic-setup/page-configuration" ||
			m.Parent != "basicSetup" || m.Permission != pageconfig.PermPageConfiguration {
			t.Fatalf("menu entry: %+v", m)
		}
	}
}

// TestARenamedRoleIsRenamedInEveryRoleList: role lists hold names, so a rename follows into
// them in the renaming transaction, and the role's users keep their configuration.
func TestARenamedRoleIsRenamedInEveryRoleList(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		role, err := e.App.Identity.EnsureRole(t.Context(), "cutter", false, false)
		if err != nil {
			t.Fatal(err)
		}
		res := v.call(t, "POST", "/api/pageConfiguration", v.admin, row{"routeKey": orders, "config": config("a"), "roleList": []string{"cutter", "sales"}})
		ok(t, res, 200, "create")
		id := res.Map(t)["id"].(string)
		ok(t, v.call(t, "PUT", "/api/identity/roles/"+role.ID.String(), v.admin, row{"name": "saw-operator"}), 200, "rename")

		res = v.call(t, "GET", "/api/pageConfiguration?routeKey="+orders, v.admin, nil)
		ok(t, res, 200, "list")
		for _, r := range items(t, res) {
			if r["id"] == id {
				if got := strs(r["roleList"]); !slices.Equal(got, []string{"saw-operator", "sales"}) {
					t.Fatalf("the role list after the rename: %v", got)
				}
				return
			}
		}
		t.Fatalf("the configuration is gone after the rename: %s", res.Body)
	})
}
