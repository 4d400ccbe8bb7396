package orgunits_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/app/apptest"
	"kerf/internal/identity"
	"kerf/internal/platform/permission"
)

type row = map[string]any

const base = "/api/identity/organization-units"

func ok(t *testing.T, res *apptest.Response, want int, what string) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s: %d %s", what, res.Status, res.Body)
	}
}

// page is a list answer.
type page struct {
	Items      []row `json:"items"`
	TotalCount int   `json:"totalCount"`
}

func pageOf(t *testing.T, res *apptest.Response) page {
	t.Helper()
	ok(t, res, 200, "list")
	var p page
	res.JSON(t, &p)
	return p
}

func names(p page, key string) []string {
	out := make([]string, len(p.Items))
	for i, r := range p.Items {
		out[i], _ = r[key].(string)
	}
	return out
}

// env is a running app with the demo tenant's admin and a few rows it made.
type env struct {
	*apptest.Env
	admin, nobody          string // tokens in the demo tenant
	root, child, deletable string // unit ids
	member, role           string // a user and a role of the demo tenant
}

func (v *env) do(t *testing.T, method, path, token string, body any) *apptest.Response {
	t.Helper()
	r := apptest.Request{Method: method, Path: path, Token: token, Header: http.Header{"Accept-Language": {"en"}}}
	if body != nil {
		r.JSON = body
	}
	return v.Do(t, r)
}

func (v *env) create(t *testing.T, token, name, parent string) row {
	t.Helper()
	body := row{"displayName": name}
	if parent != "" {
		body["parentId"] = parent
	}
	res := v.do(t, http.MethodPost, base, token, body)
	ok(t, res, 200, "create "+name)
	return res.Map(t)
}

func setup(t *testing.T, e *apptest.Env) *env {
	t.Helper()
	v := &env{Env: e, admin: e.Token(t, "admin", apptest.Password, "demo"), nobody: e.CreateUser(t, "demo", "ou-nobody")}
	v.root = v.create(t, v.admin, "测试总部", "")["id"].(string)
	v.child = v.create(t, v.admin, "测试部门", v.root)["id"].(string)
	v.deletable = v.create(t, v.admin, "可删除", v.root)["id"].(string)
	e.CreateUser(t, "demo", "ou-member")
	v.member = e.UserID(t, "ou-member", "demo").String()
	r, err := e.App.Identity.EnsureRole(e.In(t, "demo"), "ou-role", false, false)
	if err != nil {
		t.Fatal(err)
	}
	v.role = r.ID.String()
	return v
}

// TestEveryOrganisationUnitEndpointAnswers401403400And200 is the scenario table of the area:
// each call anonymous, without its permission, with bad input and right.
func TestEveryOrganisationUnitEndpointAnswers401403400And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		missing := uuid.NewString()
		type call struct {
			method, path string
			json         any
		}
		scenarios := []struct {
			name    string
			ok, bad call
			okCode  int
		}{
			{name: "list units",
				ok:  call{"GET", base + "?MaxResultCount=1000&Filter=测试", nil},
				bad: call{"GET", base + "?Sorting=parent_id", nil}},
			{name: "get unit",
				ok:  call{"GET", base + "/" + v.root, nil},
				bad: call{"GET", base + "/not-an-id", nil}},
			{name: "create unit",
				ok:  call{"POST", base, row{"displayName": "新部门", "parentId": v.root}},
				bad: call{"POST", base, row{"displayName": "", "parentId": v.root}}},
			{name: "update unit",
				ok:  call{"PUT", base + "/" + v.child, row{"displayName": "改名部门", "parentId": v.root}},
				bad: call{"PUT", base + "/" + v.root, row{"displayName": "测试总部", "parentId": v.child}}},
			{name: "list members",
				ok:  call{"GET", base + "/" + v.root + "/members?SkipCount=0&MaxResultCount=10&Sorting=userName%20desc", nil},
				bad: call{"GET", base + "/" + v.root + "/members?Sorting=password_hash", nil}},
			{name: "add members", okCode: 204,
				ok:  call{"PUT", base + "/" + v.root + "/members", row{"userIds": []string{v.member}}},
				bad: call{"PUT", base + "/" + v.root + "/members", row{"userIds": []string{missing}}}},
			{name: "list unit roles",
				ok:  call{"GET", base + "/" + v.root + "/roles?Filter=ou", nil},
				bad: call{"GET", base + "/" + v.root + "/roles?Sorting=name%20sideways", nil}},
			{name: "add unit roles", okCode: 204,
				ok:  call{"PUT", base + "/" + v.root + "/roles", row{"roleIds": []string{v.role}}},
				bad: call{"PUT", base + "/" + v.root + "/roles", row{"roleIds": []string{}}}},
			{name: "user's units",
				ok:  call{"GET", "/api/identity/users/" + v.member + "/organization-units?Sorting=code%20desc", nil},
				bad: call{"GET", "/api/identity/users/" + v.member + "/organization-units?Sorting=tenant_id", nil}},
			{name: "set user's units", okCode: 204,
				ok:  call{"PUT", "/api/identity/users/organization-units/" + v.member, row{"organizationUnitIds": []string{v.root, v.child}}},
				bad: call{"PUT", "/api/identity/users/organization-units/" + v.member, row{"organizationUnitIds": []string{missing}}}},
			{name: "role's units",
				ok:  call{"GET", "/api/identity/roles/" + v.role + "/organization-units", nil},
				bad: call{"GET", "/api/identity/roles/" + v.role + "/organization-units?MaxResultCount=5000", nil}},
			{name: "set role's units", okCode: 204,
				ok:  call{"PUT", "/api/identity/roles/organization-units/" + v.role, row{"organizationUnitIds": []string{v.child}}},
				bad: call{"PUT", "/api/identity/roles/organization-units/" + v.role, row{"organizationUnitIds": []string{v.child, missing}}}},
			// Removals run after the additions above.
			{name: "remove member", okCode: 204,
				ok:  call{"DELETE", base + "/" + v.root + "/members/" + v.member, nil},
				bad: call{"DELETE", base + "/" + v.root + "/members/x", nil}},
			{name: "remove unit role", okCode: 204,
				ok:  call{"DELETE", base + "/" + v.root + "/roles/" + v.role, nil},
				bad: call{"DELETE", base + "/" + v.root + "/roles/x", nil}},
			{name: "remove user's unit", okCode: 204,
				ok:  call{"DELETE", "/api/identity/users/" + v.member + "/organization-units/" + v.child, nil},
				bad: call{"DELETE", "/api/identity/users/" + v.member + "/organization-units/x", nil}},
			{name: "remove role's unit", okCode: 204,
				ok:  call{"DELETE", "/api/identity/roles/" + v.role + "/organization-units/" + v.child, nil},
				bad: call{"DELETE", "/api/identity/roles/x/organization-units/" + v.child, nil}},
			{name: "delete unit", okCode: 204,
				ok:  call{"DELETE", base + "/" + v.deletable, nil},
				bad: call{"DELETE", base + "/x", nil}},
		}
		for _, s := range scenarios {
			if res := v.do(t, s.ok.method, s.ok.path, "", s.ok.json); res.Status != http.StatusUnauthorized {
				t.Errorf("%s anonymous: %d", s.name, res.Status)
			}
			if res := v.do(t, s.ok.method, s.ok.path, v.nobody, s.ok.json); res.Status != http.StatusForbidden {
				t.Errorf("%s without permission: %d %s", s.name, res.Status, res.Body)
			}
			if res := v.do(t, s.bad.method, s.bad.path, v.admin, s.bad.json); res.Status != http.StatusBadRequest {
				t.Errorf("%s bad input: %d %s", s.name, res.Status, res.Body)
			} else if msg := res.ErrorMessage(t); msg == "" {
				t.Errorf("%s bad input: no message", s.name)
			}
			want := s.okCode
			if want == 0 {
				want = http.StatusOK
			}
			if res := v.do(t, s.ok.method, s.ok.path, v.admin, s.ok.json); res.Status != want {
				t.Errorf("%s: %d %s", s.name, res.Status, res.Body)
			}
		}
	})
}

func TestShapesOfUnitsMembersAndRoles(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		res := v.do(t, "GET", base+"?MaxResultCount=1000", v.admin, nil)
		p := pageOf(t, res)
		// The demo tree, then the units setup made, in code order (the tree depth first).
		want := []string{"总部", "销售部", "生产部", "开料车间", "封边车间", "测试总部", "测试部门", "可删除"}
		if got := names(p, "displayName"); !slices.Equal(got, want) || p.TotalCount != len(want) {
			t.Fatalf("units = %v (%d)", got, p.TotalCount)
		}
		if got := names(p, "code"); !slices.Equal(got, []string{"00001", "00001.00001", "00001.00002", "00001.00002.00001",
			"00001.00002.00002", "00002", "00002.00001", "00002.00002"}) {
			t.Fatalf("codes = %v", got)
		}
		for _, k := range []string{"id", "tenantId", "parentId", "code", "displayName", "concurrencyStamp", "creationTime"} {
			if _, has := p.Items[0][k]; !has {
				t.Errorf("a unit lacks %s: %v", k, p.Items[0])
			}
		}
		if p.Items[0]["parentId"] != nil || p.Items[1]["parentId"] != p.Items[0]["id"] {
			t.Fatalf("parentId: root %v, child %v", p.Items[0]["parentId"], p.Items[1]["parentId"])
		}
		// The demo admin is a member of 总部 and 销售部.
		res = v.do(t, "GET", base+"/"+p.Items[0]["id"].(string)+"/members", v.admin, nil)
		members := pageOf(t, res)
		if members.TotalCount != 1 || members.Items[0]["userName"] != "admin" {
			t.Fatalf("demo members = %+v", members)
		}
		for _, k := range []string{"id", "userName", "name", "surname", "email", "phoneNumber"} {
			if _, has := members.Items[0][k]; !has {
				t.Errorf("a member lacks %s", k)
			}
		}
		if _, has := members.Items[0]["passwordHash"]; has || len(members.Items[0]) != 6 {
			t.Fatalf("a member answers only its six fields: %v", members.Items[0])
		}
		ok(t, v.do(t, "PUT", base+"/"+v.root+"/roles", v.admin, row{"roleIds": []string{v.role}}), 204, "add role")
		roles := pageOf(t, v.do(t, "GET", base+"/"+v.root+"/roles", v.admin, nil))
		r := roles.Items[0]
		if roles.TotalCount != 1 || r["id"] != v.role || r["name"] != "ou-role" || r["isDefault"] != false || r["isPublic"] != true || r["isStatic"] != false {
			t.Fatalf("unit roles = %+v", roles)
		}
		// The role's units and the user's units are units.
		units := pageOf(t, v.do(t, "GET", "/api/identity/roles/"+v.role+"/organization-units", v.admin, nil))
		if units.TotalCount != 1 || units.Items[0]["id"] != v.root || units.Items[0]["code"] != "00002" {
			t.Fatalf("role's units = %+v", units)
		}

		// A move answers the unit with its new parent and code; a stale stamp answers 409.
		child := v.do(t, "GET", base+"/"+v.child, v.admin, nil).Map(t)
		res = v.do(t, "PUT", base+"/"+v.child, v.admin, row{"displayName": "测试部门", "parentId": p.Items[0]["id"],
			"concurrencyStamp": child["concurrencyStamp"]})
		ok(t, res, 200, "move")
		if m := res.Map(t); m["code"] != "00001.00003" || m["parentId"] != p.Items[0]["id"] {
			t.Fatalf("moved = %v", m)
		}
		res = v.do(t, "PUT", base+"/"+v.child, v.admin, row{"displayName": "x", "concurrencyStamp": child["concurrencyStamp"]})
		ok(t, res, 409, "stale stamp")
		// An empty parentId keeps the parent; the all-zero UUID makes a root.
		res = v.do(t, "PUT", base+"/"+v.child, v.admin, row{"displayName": "测试部门", "parentId": ""})
		if m := res.Map(t); m["code"] != "00001.00003" {
			t.Fatalf("an empty parentId moved the unit: %v", m)
		}
		res = v.do(t, "PUT", base+"/"+v.child, v.admin, row{"displayName": "测试部门", "parentId": uuid.Nil.String()})
		if m := res.Map(t); m["code"] != "00003" || m["parentId"] != nil {
			t.Fatalf("to the root: %v", m)
		}
	})
}

func TestBadInputIsRefusedInTheCallersLanguageNamingTheMember(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		missing := uuid.NewString()
		for lang, want := range map[string]string{"en": "These users do not exist: " + missing, "zh-Hans": "以下用户不存在：" + missing} {
			res := e.Do(t, apptest.Request{Method: "PUT", Path: base + "/" + v.root + "/members", Token: v.admin,
				JSON: row{"userIds": []string{v.member, missing}}, Header: http.Header{"Accept-Language": {lang}}})
			ok(t, res, 400, "missing user")
			var body struct {
				Error struct {
					ValidationErrors []struct {
						Message string   `json:"message"`
						Members []string `json:"members"`
					} `json:"validationErrors"`
				} `json:"error"`
			}
			res.JSON(t, &body)
			ve := body.Error.ValidationErrors
			if len(ve) != 1 || ve[0].Message != want || !slices.Equal(ve[0].Members, []string{"userIds"}) {
				t.Fatalf("%s: %s", lang, res.Body)
			}
		}
		// Nothing was added.
		if p := pageOf(t, v.do(t, "GET", base+"/"+v.root+"/members", v.admin, nil)); p.TotalCount != 0 {
			t.Fatalf("a refused add added members: %+v", p)
		}
		res := v.do(t, "POST", base, v.admin, row{"displayName": strings.Repeat("长", 129)})
		if ok(t, res, 400, "long name"); !strings.Contains(string(res.Body), "at most 128") {
			t.Fatalf("long name: %s", res.Body)
		}
		res = v.do(t, "PUT", base+"/"+v.root, v.admin, row{"displayName": "测试总部", "parentId": v.child})
		if ok(t, res, 400, "cycle"); !strings.Contains(string(res.Body), "cannot be moved under itself") {
			t.Fatalf("cycle: %s", res.Body)
		}
		ok(t, v.do(t, "GET", base+"/"+uuid.NewString(), v.admin, nil), 404, "missing unit")
	})
}

func TestAUnitsRoleGrantsItsMembersPermissionsOnTheirNextRequest(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		ctx := e.In(t, "demo")
		if err := e.App.Permissions.Set(ctx, e.App.DB, permission.Role, "ou-role",
			[]permission.Change{{Name: identity.PermOrganizationUnits, IsGranted: true}}); err != nil {
			t.Fatal(err)
		}
		viewer := e.CreateUser(t, "demo", "ou-viewer")
		viewerID := e.UserID(t, "ou-viewer", "demo")
		ok(t, v.do(t, "GET", base, viewer, nil), 403, "before")

		ok(t, v.do(t, "PUT", base+"/"+v.child+"/members", v.admin, row{"userIds": []string{viewerID.String()}}), 204, "add member")
		ok(t, v.do(t, "GET", base, viewer, nil), 403, "a member of a unit without roles")
		// The role on the parent unit does not pass down to the child's members.
		ok(t, v.do(t, "PUT", base+"/"+v.root+"/roles", v.admin, row{"roleIds": []string{v.role}}), 204, "role on the parent")
		ok(t, v.do(t, "GET", base, viewer, nil), 403, "a member of the child")

		ok(t, v.do(t, "PUT", "/api/identity/roles/organization-units/"+v.role, v.admin,
			row{"organizationUnitIds": []string{v.child}}), 204, "role on the child")
		ok(t, v.do(t, "GET", base, viewer, nil), 200, "with the unit's role, same token")
		roles, err := e.App.Identity.EffectiveRoles(ctx, viewerID)
		if err != nil || !slices.Contains(roles, "ou-role") {
			t.Fatalf("effective roles = %v %v", roles, err)
		}
		ok(t, v.do(t, "DELETE", "/api/identity/users/"+viewerID.String()+"/organization-units/"+v.child, v.admin, nil), 204, "leave")
		ok(t, v.do(t, "GET", base, viewer, nil), 403, "after leaving the unit")
		ok(t, v.do(t, "PUT", "/api/identity/users/organization-units/"+viewerID.String(), v.admin,
			row{"organizationUnitIds": []string{v.child}}), 204, "join again")
		ok(t, v.do(t, "GET", base, viewer, nil), 200, "member again")
		ok(t, v.do(t, "DELETE", base+"/"+v.root, v.admin, nil), 204, "delete the tree")
		ok(t, v.do(t, "GET", base, viewer, nil), 403, "after the unit was deleted")
	})
}

func TestUserAndRoleSidesNeedTheUsersAndRolesPermissions(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		ctx := e.In(t, "demo")
		grant := func(role string, names ...string) {
			changes := make([]permission.Change, len(names))
			for i, n := range names {
				changes[i] = permission.Change{Name: n, IsGranted: true}
			}
			if err := e.App.Permissions.Set(ctx, e.App.DB, permission.Role, role, changes); err != nil {
				t.Fatal(err)
			}
		}
		grant("ou-units", identity.PermOrganizationUnits)
		grant("ou-readers", identity.PermUsers, identity.PermRoles)
		units := e.CreateUser(t, "demo", "ou-units-only", "ou-units")
		readers := e.CreateUser(t, "demo", "ou-readers-only", "ou-readers")
		userSide := "/api/identity/users/" + v.member + "/organization-units"
		roleSide := "/api/identity/roles/" + v.role + "/organization-units"
		setUser := "/api/identity/users/organization-units/" + v.member
		setRole := "/api/identity/roles/organization-units/" + v.role
		body := row{"organizationUnitIds": []string{v.root}}
		for _, c := range []struct {
			method, path, token string
			body                any
			want                int
		}{
			{"GET", userSide, units, nil, 403},
			{"GET", roleSide, units, nil, 403},
			{"GET", userSide, readers, nil, 200},
			{"GET", roleSide, readers, nil, 200},
			{"PUT", setUser, readers, body, 403},
			{"PUT", setRole, readers, body, 403},
			{"DELETE", userSide + "/" + v.root, readers, nil, 403},
			{"DELETE", roleSide + "/" + v.root, readers, nil, 403},
			{"GET", base, readers, nil, 403},
			{"GET", base, units, nil, 200},
		} {
			if res := v.do(t, c.method, c.path, c.token, c.body); res.Status != c.want {
				t.Errorf("%s %s: %d, want %d", c.method, c.path, res.Status, c.want)
			}
		}
	})
}

func TestATenantNeverSeesOrChangesAnotherTenantsUnits(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		host := e.Token(t, "admin", apptest.Password, "")
		hostUnit := v.create(t, host, "主机部门", "")["id"].(string)
		hostAdmin := e.UserID(t, "admin", "").String()
		hostRole, err := e.App.Identity.EnsureRole(e.In(t, ""), "host-role", false, false)
		if err != nil {
			t.Fatal(err)
		}
		// Each side lists only its own units.
		if got := names(pageOf(t, v.do(t, "GET", base+"?MaxResultCount=1000", host, nil)), "displayName"); !slices.Equal(got, []string{"主机部门"}) {
			t.Fatalf("host units = %v", got)
		}
		if got := names(pageOf(t, v.do(t, "GET", base+"?MaxResultCount=1000", v.admin, nil)), "displayName"); slices.Contains(got, "主机部门") {
			t.Fatalf("demo sees the host's unit: %v", got)
		}
		// Paths naming another tenant's rows: not found, and nothing changes.
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"GET", base + "/" + hostUnit, nil},
			{"PUT", base + "/" + hostUnit, row{"displayName": "改掉"}},
			{"DELETE", base + "/" + hostUnit, nil},
			{"GET", base + "/" + hostUnit + "/members", nil},
			{"PUT", base + "/" + hostUnit + "/members", row{"userIds": []string{v.member}}},
			{"DELETE", base + "/" + hostUnit + "/members/" + v.member, nil},
			{"GET", base + "/" + hostUnit + "/roles", nil},
			{"PUT", base + "/" + hostUnit + "/roles", row{"roleIds": []string{v.role}}},
			{"GET", "/api/identity/users/" + hostAdmin + "/organization-units", nil},
			{"PUT", "/api/identity/users/organization-units/" + hostAdmin, row{"organizationUnitIds": []string{v.root}}},
			{"DELETE", "/api/identity/users/" + hostAdmin + "/organization-units/" + v.root, nil},
			{"GET", "/api/identity/roles/" + hostRole.ID.String() + "/organization-units", nil},
			{"PUT", "/api/identity/roles/organization-units/" + hostRole.ID.String(), row{"organizationUnitIds": []string{v.root}}},
		} {
			if res := v.do(t, c.method, c.path, v.admin, c.body); res.Status != http.StatusNotFound {
				t.Errorf("%s %s: %d %s", c.method, c.path, res.Status, res.Body)
			}
		}
		// Bodies naming another tenant's rows: 400 on the member.
		for _, c := range []struct {
			path   string
			body   row
			member string
		}{
			{base + "/" + v.root + "/members", row{"userIds": []string{hostAdmin}}, "userIds"},
			{base + "/" + v.root + "/roles", row{"roleIds": []string{hostRole.ID.String()}}, "roleIds"},
			{"/api/identity/users/organization-units/" + v.member, row{"organizationUnitIds": []string{hostUnit}}, "organizationUnitIds"},
			{"/api/identity/roles/organization-units/" + v.role, row{"organizationUnitIds": []string{hostUnit}}, "organizationUnitIds"},
			{base, row{"displayName": "x", "parentId": hostUnit}, "parentId"},
		} {
			method := "PUT"
			if c.path == base {
				method = "POST"
			}
			res := v.do(t, method, c.path, v.admin, c.body)
			if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), `"members":["`+c.member+`"]`) {
				t.Errorf("%s: %d %s", c.path, res.Status, res.Body)
			}
		}
		got := v.do(t, "GET", base+"/"+hostUnit, host, nil).Map(t)
		if got["displayName"] != "主机部门" {
			t.Fatalf("the host's unit changed: %v", got)
		}
		if p := pageOf(t, v.do(t, "GET", base+"/"+hostUnit+"/members", host, nil)); p.TotalCount != 0 {
			t.Fatalf("the host's unit gained members: %+v", p)
		}
	})
}
