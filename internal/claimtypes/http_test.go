package claimtypes_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/app/apptest"
	"kerf/internal/identity"
	"kerf/internal/platform/permission"
)

type row = map[string]any

const base = "/api/identity/claim-types"

func ok(t *testing.T, res *apptest.Response, want int, what string) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s: %d %s", what, res.Status, res.Body)
	}
}

// env is a running app with the demo tenant's admin and a few rows it made.
type env struct {
	*apptest.Env
	admin, nobody string // tokens in the demo tenant
	user, role    string // the demo tenant's sales clerk and sales role
	typ, doomed   string // claim types the admin made
	static        string // the demo tenant's given_name (static)
}

func (v *env) do(t *testing.T, method, path, token string, body any) *apptest.Response {
	t.Helper()
	return v.lang(t, "en", method, path, token, body)
}

func (v *env) lang(t *testing.T, lang, method, path, token string, body any) *apptest.Response {
	t.Helper()
	r := apptest.Request{Method: method, Path: path, Token: token, Header: http.Header{"Accept-Language": {lang}}}
	if body != nil {
		r.JSON = body
	}
	return v.Do(t, r)
}

func (v *env) create(t *testing.T, token string, body row) row {
	t.Helper()
	res := v.do(t, http.MethodPost, base, token, body)
	ok(t, res, 200, "create claim type")
	return res.Map(t)
}

// typeID answers the id of the claim type name among those token's side lists.
func (v *env) typeID(t *testing.T, token, name string) string {
	t.Helper()
	var all struct {
		Items []row `json:"items"`
	}
	res := v.do(t, "GET", base+"/actived-list", token, nil)
	ok(t, res, 200, "actived-list")
	res.JSON(t, &all)
	for _, r := range all.Items {
		if r["name"] == name {
			return r["id"].(string)
		}
	}
	t.Fatalf("no claim type %s", name)
	return ""
}

func setup(t *testing.T, e *apptest.Env) *env {
	t.Helper()
	v := &env{Env: e, admin: e.Token(t, "admin", apptest.Password, "demo"), nobody: e.CreateUser(t, "demo", "ct-nobody")}
	v.user = e.UserID(t, "sales", "demo").String()
	r, err := e.App.Identity.EnsureRole(e.In(t, "demo"), identity.SalesRole, false, false)
	if err != nil {
		t.Fatal(err)
	}
	v.role = r.ID.String()
	v.typ = v.create(t, v.admin, row{"name": "dept", "required": true, "description": "部门"})["id"].(string)
	v.doomed = v.create(t, v.admin, row{"name": "temp"})["id"].(string)
	v.static = v.typeID(t, v.admin, "given_name")
	return v
}

func claimsPath(side, id string) string { return "/api/identity/" + side + "/" + id + "/claims" }

func deletePath(side, id, claimType, value string) string {
	return claimsPath(side, id) + "?" + url.Values{"claimType": {claimType}, "claimValue": {value}}.Encode()
}

// TestEveryClaimEndpointAnswers401403400And200 is the scenario table of the area: each call
// anonymous, without its permission, with bad input (where the call takes any) and right.
func TestEveryClaimEndpointAnswers401403400And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		type call struct {
			method, path string
			json         any
		}
		scenarios := []struct {
			name   string
			ok     call
			bad    *call // nil: the call takes no input that could be bad
			okCode int
		}{
			{name: "list claim types",
				ok:  call{"GET", base + "?MaxResultCount=50&SkipCount=0&Filter=e&Sorting=name%20desc", nil},
				bad: &call{"GET", base + "?Sorting=regex", nil}},
			{name: "actived-list", ok: call{"GET", base + "/actived-list", nil}},
			{name: "get claim type",
				ok:  call{"GET", base + "/" + v.typ, nil},
				bad: &call{"GET", base + "/not-an-id", nil}},
			{name: "create claim type",
				ok:  call{"POST", base, row{"name": "badge", "valueType": 1, "regex": `^\d+$`}},
				bad: &call{"POST", base, row{"name": "badge2", "regex": "(["}}},
			{name: "update claim type",
				ok:  call{"PUT", base + "/" + v.typ, row{"name": "department", "required": true}},
				bad: &call{"PUT", base + "/" + v.static, row{"name": "first_name"}}},
			{name: "users' claim types", ok: call{"GET", "/api/identity/users/all-claim-types", nil}},
			{name: "user claims",
				ok:  call{"GET", claimsPath("users", v.user), nil},
				bad: &call{"GET", claimsPath("users", "not-an-id"), nil}},
			{name: "add user claim", okCode: 204,
				ok:  call{"POST", claimsPath("users", v.user), row{"claimType": "employee_no", "claimValue": "E0013"}},
				bad: &call{"POST", claimsPath("users", v.user), row{"claimType": "employee_no", "claimValue": "13"}}},
			{name: "set user claims", okCode: 204,
				ok:  call{"PUT", claimsPath("users", v.user), []row{{"claimType": "employee_no", "claimValue": "E0012"}, {"claimType": "department", "claimValue": "销售"}}},
				bad: &call{"PUT", claimsPath("users", v.user), []row{{"claimType": "ghost", "claimValue": "1"}}}},
			{name: "remove user claim", okCode: 204,
				ok:  call{"DELETE", deletePath("users", v.user, "department", "销售"), nil},
				bad: &call{"DELETE", claimsPath("users", v.user) + "?claimValue=x", nil}},
			{name: "roles' claim types", ok: call{"GET", "/api/identity/roles/all-claim-types", nil}},
			{name: "role claims",
				ok:  call{"GET", claimsPath("roles", v.role), nil},
				bad: &call{"GET", claimsPath("roles", "x"), nil}},
			{name: "add role claim", okCode: 204,
				ok:  call{"POST", claimsPath("roles", v.role), row{"claimType": "department", "claimValue": "销售"}},
				bad: &call{"POST", claimsPath("roles", v.role), row{"claimType": "department", "claimValue": ""}}},
			{name: "set role claims", okCode: 204,
				ok:  call{"PUT", claimsPath("roles", v.role), []row{{"claimType": "department", "claimValue": "销售"}, {"claimType": "gender", "claimValue": "1"}}},
				bad: &call{"PUT", claimsPath("roles", v.role), []row{{"claimType": "gender", "claimValue": "female"}}}},
			{name: "remove role claim", okCode: 204,
				ok:  call{"DELETE", deletePath("roles", v.role, "gender", "1"), nil},
				bad: &call{"DELETE", claimsPath("roles", v.role), nil}},
			{name: "delete claim type", okCode: 204,
				ok:  call{"DELETE", base + "/" + v.doomed, nil},
				bad: &call{"DELETE", base + "/" + v.static, nil}},
		}
		for _, s := range scenarios {
			if res := v.do(t, s.ok.method, s.ok.path, "", s.ok.json); res.Status != http.StatusUnauthorized {
				t.Errorf("%s anonymous: %d", s.name, res.Status)
			}
			if res := v.do(t, s.ok.method, s.ok.path, v.nobody, s.ok.json); res.Status != http.StatusForbidden {
				t.Errorf("%s without permission: %d %s", s.name, res.Status, res.Body)
			}
			if s.bad != nil {
				if res := v.do(t, s.bad.method, s.bad.path, v.admin, s.bad.json); res.Status != http.StatusBadRequest {
					t.Errorf("%s bad input: %d %s", s.name, res.Status, res.Body)
				} else if msg := res.ErrorMessage(t); msg == "" {
					t.Errorf("%s bad input: no message", s.name)
				}
			}
			want := s.okCode
			if want == 0 {
				want = http.StatusOK
			}
			if res := v.do(t, s.ok.method, s.ok.path, v.admin, s.ok.json); res.Status != want {
				t.Errorf("%s: %d %s", s.name, res.Status, res.Body)
			}
		}
		// What the calls above left: the renamed type carried the user's claim with it, the
		// removals removed.
		var claims []row
		v.do(t, "GET", claimsPath("users", v.user), v.admin, nil).JSON(t, &claims)
		if len(claims) != 1 || claims[0]["claimType"] != "employee_no" || claims[0]["claimValue"] != "E0012" {
			t.Fatalf("user claims = %v", claims)
		}
		v.do(t, "GET", claimsPath("roles", v.role), v.admin, nil).JSON(t, &claims)
		if len(claims) != 1 || claims[0]["claimType"] != "department" {
			t.Fatalf("role claims = %v", claims)
		}
		ok(t, v.do(t, "GET", base+"/"+v.doomed, v.admin, nil), 404, "deleted type")
	})
}

func TestShapesOfClaimTypesAndClaims(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		var p struct {
			Items      []row `json:"items"`
			TotalCount int   `json:"totalCount"`
		}
		res := v.do(t, "GET", base+"?MaxResultCount=3", v.admin, nil)
		ok(t, res, 200, "list")
		res.JSON(t, &p)
		// The static types of the side, the demo's employee_no and the two setup made: by name.
		if p.TotalCount != 10 || len(p.Items) != 3 || p.Items[0]["name"] != "address" || p.Items[1]["name"] != "birthdate" {
			t.Fatalf("page = %+v", p)
		}
		for _, k := range []string{"id", "tenantId", "name", "isStatic", "valueType", "required", "regex", "regexDescription",
			"description", "concurrencyStamp", "creationTime"} {
			if _, has := p.Items[1][k]; !has {
				t.Errorf("a claim type lacks %s: %v", k, p.Items[1])
			}
		}
		if p.Items[1]["valueType"] != float64(3) || p.Items[1]["isStatic"] != true {
			t.Fatalf("birthdate = %v", p.Items[1])
		}

		// all-claim-types: a JSON array of ABP's ClaimTypeDto, by name, on both sides.
		for _, side := range []string{"users", "roles"} {
			var all []row
			res := v.do(t, "GET", "/api/identity/"+side+"/all-claim-types", v.admin, nil)
			ok(t, res, 200, side+" all-claim-types")
			res.JSON(t, &all)
			names := make([]string, len(all))
			for i, r := range all {
				names[i] = r["name"].(string)
			}
			want := []string{"address", "birthdate", "dept", "email", "employee_no", "family_name", "gender", "given_name", "phone_number", "temp"}
			if !slices.Equal(names, want) {
				t.Fatalf("%s all-claim-types = %v", side, names)
			}
			emp := all[4]
			if emp["regex"] != `^E\d{4}$` || emp["valueType"] != float64(0) || emp["valueTypeAsString"] != "String" ||
				emp["required"] != false || emp["isStatic"] != false || emp["regexDescription"] == "" || len(emp) != 9 {
				t.Fatalf("employee_no = %v", emp)
			}
		}
		var actived struct {
			Items []row `json:"items"`
		}
		v.do(t, "GET", base+"/actived-list", v.admin, nil).JSON(t, &actived)
		if len(actived.Items) != 10 {
			t.Fatalf("actived-list = %d", len(actived.Items))
		}

		// The demo sales clerk holds the seeded employee number: a JSON array of {claimType, claimValue}.
		res = v.do(t, "GET", claimsPath("users", v.user), v.admin, nil)
		ok(t, res, 200, "claims")
		if got := strings.TrimSpace(string(res.Body)); got != `[{"claimType":"employee_no","claimValue":"E0012"}]` {
			t.Fatalf("claims = %s", got)
		}
		res = v.do(t, "GET", claimsPath("roles", v.role), v.admin, nil)
		if got := strings.TrimSpace(string(res.Body)); got != `[]` {
			t.Fatalf("role claims = %s", got)
		}

		// A create answers the row; a stale stamp answers 409; a missing type 404.
		created := v.create(t, v.admin, row{"name": "  level ", "valueType": 1, "regex": `^[1-9]$`, "regexDescription": "1 到 9"})
		if created["name"] != "level" || created["isStatic"] != false || created["valueType"] != float64(1) {
			t.Fatalf("created = %v", created)
		}
		id := created["id"].(string)
		res = v.do(t, "PUT", base+"/"+id, v.admin, row{"name": "level", "valueType": 1, "concurrencyStamp": created["concurrencyStamp"]})
		ok(t, res, 200, "update")
		if res.Map(t)["regex"] != "" {
			t.Fatalf("an update without a regex keeps none: %s", res.Body)
		}
		ok(t, v.do(t, "PUT", base+"/"+id, v.admin, row{"name": "level", "concurrencyStamp": created["concurrencyStamp"]}), 409, "stale stamp")
		ok(t, v.do(t, "GET", base+"/"+uuid.NewString(), v.admin, nil), 404, "missing type")
		ok(t, v.do(t, "DELETE", base+"/"+uuid.NewString(), v.admin, nil), 404, "delete a missing type")
		ok(t, v.do(t, "GET", claimsPath("users", uuid.NewString()), v.admin, nil), 404, "missing user")
		ok(t, v.do(t, "PUT", claimsPath("roles", uuid.NewString()), v.admin, []row{}), 404, "missing role")
	})
}

// errorOf is the ABP error body of a 400.
type errorOf struct {
	Error struct {
		Message          string `json:"message"`
		ValidationErrors []struct {
			Message string   `json:"message"`
			Members []string `json:"members"`
		} `json:"validationErrors"`
	} `json:"error"`
}

func TestBadClaimsAreRefusedInTheCallersLanguageNamingTheTypeAndChangeNothing(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		put := []row{{"claimType": "dept", "claimValue": "销售"}, {"claimType": "employee_no", "claimValue": "12"},
			{"claimType": "birthdate", "claimValue": "yesterday"}, {"claimType": "dept", "claimValue": "销售"}}
		for lang, want := range map[string][]string{
			"en": {
				"The value of the claim employee_no is not in the expected format: E 加四位数字，如 E0012 (E and four digits)",
				"The value of the claim birthdate must be a date or a date and time (e.g. 2026-01-31 or 2026-01-31T08:00:00Z)",
				"The claim dept = 销售 is there already",
			},
			"zh-Hans": {
				"声明 employee_no 的值格式不正确：E 加四位数字，如 E0012 (E and four digits)",
				"声明 birthdate 的值必须是日期或日期时间（如 2026-01-31 或 2026-01-31T08:00:00Z）",
				"声明 dept = 销售 已存在",
			},
		} {
			res := v.lang(t, lang, "PUT", claimsPath("users", v.user), v.admin, put)
			ok(t, res, 400, lang)
			var body errorOf
			res.JSON(t, &body)
			var msgs, members []string
			for _, ve := range body.Error.ValidationErrors {
				msgs = append(msgs, ve.Message)
				members = append(members, ve.Members...)
			}
			if !slices.Equal(msgs, want) || !slices.Equal(members, []string{"[1].claimValue", "[2].claimValue", "[3].claimValue"}) {
				t.Fatalf("%s: %s", lang, res.Body)
			}
		}
		res := v.lang(t, "zh-Hans", "POST", claimsPath("roles", v.role), v.admin, row{"claimType": "dept"})
		var body errorOf
		res.JSON(t, &body)
		if res.Status != 400 || len(body.Error.ValidationErrors) != 1 || body.Error.ValidationErrors[0].Message != "声明 dept 的值不能为空" {
			t.Fatalf("required: %d %s", res.Status, res.Body)
		}
		res = v.do(t, "POST", base, v.admin, row{"name": "x", "regex": "(?=a)"})
		if ok(t, res, 400, "regex"); !strings.Contains(string(res.Body), "The regular expression (?=a) does not compile") {
			t.Fatalf("regex: %s", res.Body)
		}
		res = v.lang(t, "zh-Hans", "POST", base, v.admin, row{"name": "dept"})
		if ok(t, res, 400, "duplicate name"); !strings.Contains(string(res.Body), "已有名为 dept 的声明类型") {
			t.Fatalf("duplicate name: %s", res.Body)
		}
		res = v.lang(t, "zh-Hans", "DELETE", base+"/"+v.static, v.admin, nil)
		if ok(t, res, 400, "delete static"); res.ErrorMessage(t) != "声明类型 given_name 是系统内置的，不能删除" {
			t.Fatalf("delete static: %s", res.Body)
		}
		// Nothing changed.
		var claims []row
		v.do(t, "GET", claimsPath("users", v.user), v.admin, nil).JSON(t, &claims)
		if len(claims) != 1 || claims[0]["claimValue"] != "E0012" {
			t.Fatalf("a refused PUT changed the claims: %v", claims)
		}
	})
}

func TestClaimsNeedTheUsersAndRolesPermissionsAndTypesTheirOwn(t *testing.T) {
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
		grant("ct-readers", identity.PermUsers, identity.PermRoles)
		grant("ct-user-editors", identity.PermUsers, identity.PermUsersUpdate)
		grant("ct-role-editors", identity.PermRoles, identity.PermRolesUpdate)
		grant("ct-types", identity.PermClaimTypes)
		readers := e.CreateUser(t, "demo", "ct-reader", "ct-readers")
		userEditor := e.CreateUser(t, "demo", "ct-user-editor", "ct-user-editors")
		roleEditor := e.CreateUser(t, "demo", "ct-role-editor", "ct-role-editors")
		types := e.CreateUser(t, "demo", "ct-types-only", "ct-types")
		add := row{"claimType": "dept", "claimValue": "x"}
		for _, c := range []struct {
			method, path, token string
			body                any
			want                int
		}{
			{"GET", claimsPath("users", v.user), readers, nil, 200},
			{"GET", claimsPath("roles", v.role), readers, nil, 200},
			{"GET", "/api/identity/users/all-claim-types", readers, nil, 200},
			{"GET", "/api/identity/roles/all-claim-types", readers, nil, 200},
			{"POST", claimsPath("users", v.user), readers, add, 403},
			{"PUT", claimsPath("roles", v.role), readers, []row{}, 403},
			{"DELETE", deletePath("users", v.user, "dept", "x"), readers, nil, 403},
			{"GET", base, readers, nil, 403},
			{"POST", claimsPath("users", v.user), userEditor, add, 204},
			{"DELETE", deletePath("users", v.user, "dept", "x"), userEditor, nil, 204},
			{"GET", "/api/identity/roles/all-claim-types", userEditor, nil, 403},
			{"POST", claimsPath("roles", v.role), userEditor, add, 403},
			{"POST", claimsPath("roles", v.role), roleEditor, add, 204},
			{"GET", "/api/identity/users/all-claim-types", roleEditor, nil, 403},
			{"PUT", claimsPath("users", v.user), roleEditor, []row{}, 403},
			{"GET", base, types, nil, 200},
			{"GET", "/api/identity/users/all-claim-types", types, nil, 403},
			{"GET", claimsPath("users", v.user), types, nil, 403},
		} {
			if res := v.do(t, c.method, c.path, c.token, c.body); res.Status != c.want {
				t.Errorf("%s %s: %d, want %d (%s)", c.method, c.path, res.Status, c.want, res.Body)
			}
		}
	})
}

func TestATenantNeverSeesOrChangesAnotherSidesClaimTypesOrClaims(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		host := e.Token(t, "admin", apptest.Password, "")
		hostType := v.create(t, host, row{"name": "host_only"})["id"].(string)
		hostStatic := v.typeID(t, host, "given_name")
		if hostStatic == v.static {
			t.Fatal("the host and the demo tenant share a static type row")
		}
		hostUser := e.UserID(t, "admin", "").String()
		hostRole, err := e.App.Identity.EnsureRole(e.In(t, ""), "host-role", false, false)
		if err != nil {
			t.Fatal(err)
		}
		ok(t, v.do(t, "POST", claimsPath("users", hostUser), host, row{"claimType": "host_only", "claimValue": "h"}), 204, "host claim")
		// Each side lists its own types: the host has no employee_no, the demo no host_only.
		var all []row
		v.do(t, "GET", "/api/identity/users/all-claim-types", host, nil).JSON(t, &all)
		for _, r := range all {
			if r["name"] == "employee_no" || r["name"] == "dept" {
				t.Fatalf("the host sees the demo's %v", r["name"])
			}
		}
		if len(all) != 8 {
			t.Fatalf("host types = %v", all)
		}
		res := v.do(t, "GET", base+"?Filter=host_only", v.admin, nil)
		if ok(t, res, 200, "filter"); !strings.Contains(string(res.Body), `"totalCount":0`) {
			t.Fatalf("the demo sees the host's type: %s", res.Body)
		}
		// Paths naming the host's rows: not found, and nothing changes.
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"GET", base + "/" + hostType, nil},
			{"PUT", base + "/" + hostType, row{"name": "renamed"}},
			{"DELETE", base + "/" + hostType, nil},
			{"DELETE", base + "/" + hostStatic, nil},
			{"GET", claimsPath("users", hostUser), nil},
			{"POST", claimsPath("users", hostUser), row{"claimType": "dept", "claimValue": "x"}},
			{"PUT", claimsPath("users", hostUser), []row{}},
			{"DELETE", deletePath("users", hostUser, "host_only", "h"), nil},
			{"GET", claimsPath("roles", hostRole.ID.String()), nil},
			{"POST", claimsPath("roles", hostRole.ID.String()), row{"claimType": "dept", "claimValue": "x"}},
			{"PUT", claimsPath("roles", hostRole.ID.String()), []row{}},
			{"DELETE", deletePath("roles", hostRole.ID.String(), "dept", "x"), nil},
		} {
			if res := v.do(t, c.method, c.path, v.admin, c.body); res.Status != http.StatusNotFound {
				t.Errorf("%s %s: %d %s", c.method, c.path, res.Status, res.Body)
			}
		}
		// A type of the host's is unknown to the demo tenant's claims.
		res = v.do(t, "POST", claimsPath("users", v.user), v.admin, row{"claimType": "host_only", "claimValue": "x"})
		if ok(t, res, 400, "host type in demo"); !strings.Contains(string(res.Body), "There is no claim type named host_only") {
			t.Fatalf("host type in demo: %s", res.Body)
		}
		got := v.do(t, "GET", base+"/"+hostType, host, nil).Map(t)
		if got["name"] != "host_only" {
			t.Fatalf("the host's type changed: %v", got)
		}
		var claims []row
		v.do(t, "GET", claimsPath("users", hostUser), host, nil).JSON(t, &claims)
		if len(claims) != 1 || claims[0]["claimValue"] != "h" {
			t.Fatalf("the host's claims changed: %v", claims)
		}
	})
}
