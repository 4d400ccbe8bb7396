package auditlogging_test

import (
	"net/http"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/auditlogging"
	"kerf/internal/identity"
	"kerf/internal/platform/permission"
)

type row = map[string]any

type propertyChange struct {
	PropertyName         string  `json:"propertyName"`
	PropertyTypeFullName string  `json:"propertyTypeFullName"`
	OriginalValue        *string `json:"originalValue"`
	NewValue             *string `json:"newValue"`
}

type entityChange struct {
	ID                 string           `json:"id"`
	AuditLogID         *string          `json:"auditLogId"`
	TenantID           *string          `json:"tenantId"`
	ChangeTime         string           `json:"changeTime"`
	ChangeType         int              `json:"changeType"`
	EntityID           string           `json:"entityId"`
	EntityTypeFullName string           `json:"entityTypeFullName"`
	PropertyChanges    []propertyChange `json:"propertyChanges"`
}

func (c entityChange) prop(name string) *propertyChange {
	for i := range c.PropertyChanges {
		if c.PropertyChanges[i].PropertyName == name {
			return &c.PropertyChanges[i]
		}
	}
	return nil
}

type auditLog struct {
	ID             string `json:"id"`
	TenantID       *string
	UserName       string `json:"userName"`
	HTTPMethod     string `json:"httpMethod"`
	URL            string `json:"url"`
	HTTPStatusCode int    `json:"httpStatusCode"`
	Exceptions     string `json:"exceptions"`
	Application    string `json:"applicationName"`
	Actions        []struct {
		ServiceName string `json:"serviceName"`
		MethodName  string `json:"methodName"`
		Parameters  string `json:"parameters"`
	} `json:"actions"`
	EntityChanges []entityChange `json:"entityChanges"`
}

type logPage struct {
	Items      []auditLog `json:"items"`
	TotalCount int        `json:"totalCount"`
}

type changePage struct {
	Items      []entityChange `json:"items"`
	TotalCount int            `json:"totalCount"`
}

type withUserName struct {
	Items []struct {
		EntityChange entityChange `json:"entityChange"`
		UserName     string       `json:"userName"`
	} `json:"items"`
}

func ok(t *testing.T, res *apptest.Response, want int, what string) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s: %d %s", what, res.Status, res.Body)
	}
}

// env is a running app where the host admin created a product and renamed it through the
// catalogue's API, and the demo tenant's admin created one of its own.
type env struct {
	*apptest.Env
	admin, tenantAdmin, nobody string
	product, tenantProduct     string
	productDir                 string
	updateLog, tenantCreateLog string
	productType                string
}

const base = "/api/audit-logging/audit-logs"

func setup(t *testing.T, e *apptest.Env) *env {
	v := &env{Env: e, admin: e.Token(t, "admin", apptest.Password, ""), tenantAdmin: e.Token(t, "admin", apptest.Password, "demo"),
		nobody: e.CreateUser(t, "", "nobody"), productType: "catalog.Product"}
	post := func(token, path string, body any) row {
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: token, JSON: body})
		ok(t, res, 200, "POST "+path)
		return res.Map(t)
	}
	v.productDir = post(v.admin, "/api/salesorder/catalogs", row{"displayName": "审计目录", "moduleName": "product"})["id"].(string)
	v.product = post(v.admin, "/api/salesorder/products", row{"catalogId": v.productDir, "name": "地柜", "length": 600})["id"].(string)
	res := e.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/salesorder/products/" + v.product, Token: v.admin,
		JSON: row{"name": "地柜 改", "catalogId": v.productDir, "length": 800}})
	ok(t, res, 200, "update product")
	tdir := post(v.tenantAdmin, "/api/salesorder/catalogs", row{"displayName": "租户目录", "moduleName": "product"})["id"].(string)
	v.tenantProduct = post(v.tenantAdmin, "/api/salesorder/products", row{"catalogId": tdir, "name": "租户的柜"})["id"].(string)
	e.App.FlushAudit()

	var p logPage
	e.Get(t, base+"?httpMethod=PUT&url="+v.product, v.admin).JSON(t, &p)
	if p.TotalCount != 1 {
		t.Fatalf("the update's log: %+v", p)
	}
	v.updateLog = p.Items[0].ID
	e.Get(t, base+"?httpMethod=POST&url=/api/salesorder/products", v.tenantAdmin).JSON(t, &p)
	if p.TotalCount != 1 {
		t.Fatalf("the tenant's create log: %+v", p)
	}
	v.tenantCreateLog = p.Items[0].ID
	return v
}

// TestEveryAuditLogEndpointAnswers401403400And200 is the scenario table of the area: each
// call anonymous, without its permission, with bad input and right.
func TestEveryAuditLogEndpointAnswers401403400And200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		scenarios := []struct {
			name, method, ok, bad string
			okCode                int
		}{
			{"list logs", "GET", base + "?startTime=2020-01-01&endTime=2999-12-31&hasException=false&httpStatusCode=200&minExecutionDuration=0&maxExecutionDuration=100000&sorting=executionDuration%20desc",
				base + "?startTime=yesterday", 200},
			{"list logs, bad sorting", "GET", base + "?sorting=userName", base + "?sorting=password", 200},
			{"list logs, bad number", "GET", base + "?httpStatusCode=404", base + "?httpStatusCode=many", 200},
			{"get log", "GET", base + "/" + v.updateLog, base + "/not-an-id", 200},
			{"list entity changes", "GET", base + "/entity-changes?entityTypeFullName=catalog.Product&entityChangeType=1&startDate=2020-01-01",
				base + "/entity-changes?entityChangeType=7", 200},
			{"list entity changes, bad id", "GET", base + "/entity-changes?entityId=" + v.product, base + "/entity-changes?auditLogId=x", 200},
			{"entity changes with user name", "GET", base + "/entity-changes-with-username?entityTypeFullName=catalog.Product&entityId=" + v.product,
				base + "/entity-changes-with-username?entityTypeFullName=catalog.Product", 200},
			{"delete log", "DELETE", base + "/" + v.updateLog, base + "/not-an-id", 204},
		}
		for _, s := range scenarios {
			t.Run(s.name, func(t *testing.T) {
				call := func(path, token string) *apptest.Response {
					return e.Do(t, apptest.Request{Method: s.method, Path: path, Token: token,
						Header: http.Header{"Accept-Language": {"en"}}})
				}
				ok(t, call(s.ok, ""), 401, "anonymous")
				ok(t, call(s.ok, v.nobody), 403, "without the permission")
				bad := call(s.bad, v.admin)
				ok(t, bad, 400, "bad input")
				if msg := bad.ErrorMessage(t); msg == "" {
					t.Errorf("bad input answered without a message: %s", bad.Body)
				}
				ok(t, call(s.ok, v.admin), s.okCode, "right")
			})
		}
		// The 400 is in the caller's language.
		zh := e.Do(t, apptest.Request{Method: "GET", Path: base + "/entity-changes?entityChangeType=7", Token: v.admin})
		en := e.Do(t, apptest.Request{Method: "GET", Path: base + "/entity-changes?entityChangeType=7", Token: v.admin,
			Header: http.Header{"Accept-Language": {"en"}}})
		if zh.Status != 400 || en.Status != 400 || !strings.Contains(zh.ErrorMessage(t)+string(zh.Body), "变更类型") ||
			!strings.Contains(string(en.Body), "change type") {
			t.Errorf("localised messages: zh %s / en %s", zh.Body, en.Body)
		}
	})
}

// TestUpdatingAProductShowsItsOldAndNewValues: the catalogue's own API writes; the
// data layer records Created with every value and Updated with the changed values only,
// both tied to the requests' logs, which name the operation and the user.
func TestUpdatingAProductShowsItsOldAndNewValues(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		var cp changePage
		e.Get(t, base+"/entity-changes?entityTypeFullName=catalog.Product&entityId="+v.product, v.admin).JSON(t, &cp)
		if cp.TotalCount != 2 || cp.Items[0].ChangeType != 1 || cp.Items[1].ChangeType != 0 {
			t.Fatalf("changes of the product, newest first: %+v", cp)
		}
		updated, created := cp.Items[0], cp.Items[1]
		if p := updated.prop("name"); p == nil || p.OriginalValue == nil || *p.OriginalValue != `"地柜"` || p.NewValue == nil || *p.NewValue != `"地柜 改"` {
			t.Fatalf("name change: %+v", updated.PropertyChanges)
		}
		if p := updated.prop("length"); p == nil || *p.OriginalValue != "600" || *p.NewValue != "800" {
			t.Fatalf("length change: %+v", updated.PropertyChanges)
		}
		if p := updated.prop("catalogId"); p != nil {
			t.Errorf("an unchanged property recorded: %+v", p)
		}
		if p := created.prop("name"); p == nil || p.OriginalValue != nil || *p.NewValue != `"地柜"` || created.prop("code") == nil {
			t.Errorf("creation: %+v", created.PropertyChanges)
		}
		for _, c := range cp.Items {
			if c.prop("concurrencyStamp") != nil || c.prop("creationTime") != nil {
				t.Errorf("bookkeeping recorded: %+v", c.PropertyChanges)
			}
		}
		if updated.AuditLogID == nil || *updated.AuditLogID != v.updateLog {
			t.Fatalf("the update names log %v, want %s", updated.AuditLogID, v.updateLog)
		}

		var l auditLog
		e.Get(t, base+"/"+v.updateLog, v.admin).JSON(t, &l)
		if l.UserName != "admin" || l.HTTPMethod != "PUT" || l.HTTPStatusCode != 200 || l.Application != "Kerf" ||
			len(l.Actions) != 1 || l.Actions[0].ServiceName != "catalog" || l.Actions[0].MethodName != "put-api-salesorder-products-id" ||
			!strings.Contains(l.Actions[0].Parameters, v.product) {
			t.Fatalf("the update's log: %+v", l)
		}
		if len(l.EntityChanges) != 1 || l.EntityChanges[0].ID != updated.ID || len(l.EntityChanges[0].PropertyChanges) != len(updated.PropertyChanges) {
			t.Fatalf("the log's entity changes: %+v", l.EntityChanges)
		}

		var h withUserName
		e.Get(t, base+"/entity-changes-with-username?entityTypeFullName=catalog.Product&entityId="+v.product, v.admin).JSON(t, &h)
		if len(h.Items) != 2 || h.Items[0].UserName != "admin" || h.Items[0].EntityChange.ChangeType != 1 || h.Items[1].UserName != "admin" {
			t.Fatalf("history with user names: %+v", h)
		}

		// The list's filters.
		var cl changePage
		e.Get(t, base+"/entity-changes?auditLogId="+v.updateLog, v.admin).JSON(t, &cl)
		if cl.TotalCount != 1 || cl.Items[0].ID != updated.ID {
			t.Errorf("by audit log: %+v", cl)
		}
		e.Get(t, base+"/entity-changes?entityChangeType=0&entityId="+v.product, v.admin).JSON(t, &cl)
		if cl.TotalCount != 1 || cl.Items[0].ID != created.ID {
			t.Errorf("by change type: %+v", cl)
		}
		e.Get(t, base+"/entity-changes?entityId="+v.product+"&endDate=2020-01-01", v.admin).JSON(t, &cl)
		if cl.TotalCount != 0 {
			t.Errorf("before 2020: %+v", cl)
		}
		var lp logPage
		e.Get(t, base+"?userName=ADM&httpMethod=put&hasException=false", v.admin).JSON(t, &lp)
		if lp.TotalCount != 1 || lp.Items[0].ID != v.updateLog {
			t.Errorf("logs by user name and method: %+v", lp)
		}
		e.Get(t, base+"?hasException=true", v.admin).JSON(t, &lp)
		for _, it := range lp.Items {
			if it.Exceptions == "" {
				t.Errorf("hasException=true listed %+v", it)
			}
		}
	})
}

// TestATenantSeesOnlyItsOwnLogsAndChanges: the host's logs and changes are invisible to a
// tenant's admin, and the tenant's to the host; neither can read or delete the other's.
func TestATenantSeesOnlyItsOwnLogsAndChanges(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		var lp logPage
		e.Get(t, base+"?maxResultCount=1000", v.tenantAdmin).JSON(t, &lp)
		for _, l := range lp.Items {
			if l.ID == v.updateLog || strings.Contains(l.URL, v.product) {
				t.Fatalf("the tenant sees the host's log %+v", l)
			}
		}
		ok(t, e.Get(t, base+"/"+v.updateLog, v.tenantAdmin), 404, "tenant reads a host log")
		ok(t, e.Do(t, apptest.Request{Method: "DELETE", Path: base + "/" + v.updateLog, Token: v.tenantAdmin}), 404, "tenant deletes a host log")
		ok(t, e.Get(t, base+"/"+v.tenantCreateLog, v.admin), 404, "host reads a tenant log")
		ok(t, e.Do(t, apptest.Request{Method: "DELETE", Path: base + "/" + v.tenantCreateLog, Token: v.admin}), 404, "host deletes a tenant log")

		var cp changePage
		e.Get(t, base+"/entity-changes?entityId="+v.product, v.tenantAdmin).JSON(t, &cp)
		if cp.TotalCount != 0 {
			t.Fatalf("the tenant sees the host's product changes: %+v", cp)
		}
		e.Get(t, base+"/entity-changes?entityId="+v.tenantProduct, v.admin).JSON(t, &cp)
		if cp.TotalCount != 0 {
			t.Fatalf("the host sees the tenant's product changes: %+v", cp)
		}
		e.Get(t, base+"/entity-changes?entityId="+v.tenantProduct, v.tenantAdmin).JSON(t, &cp)
		if cp.TotalCount != 1 || cp.Items[0].AuditLogID == nil || *cp.Items[0].AuditLogID != v.tenantCreateLog {
			t.Fatalf("the tenant's own product: %+v", cp)
		}
		var h withUserName
		e.Get(t, base+"/entity-changes-with-username?entityTypeFullName=catalog.Product&entityId="+v.product, v.tenantAdmin).JSON(t, &h)
		if len(h.Items) != 0 {
			t.Fatalf("the tenant reads the host's history: %+v", h)
		}
	})
}

// TestAUserAdministratorReadsTheHistoryOfUsersAndRolesOnly: AbpIdentity.Users opens the
// history of a user or a role (the admin's "user change history"), nothing else of the log.
func TestAUserAdministratorReadsTheHistoryOfUsersAndRolesOnly(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		if auditlogging.UserEntityType != "identity.User" || auditlogging.RoleEntityType != "identity.Role" {
			t.Fatalf("entity types %s, %s", auditlogging.UserEntityType, auditlogging.RoleEntityType)
		}
		if err := e.App.Permissions.Set(t.Context(), e.App.DB, permission.Role, "user-admin",
			[]permission.Change{{Name: identity.PermUsers, IsGranted: true}}); err != nil {
			t.Fatal(err)
		}
		userAdmin := e.CreateUser(t, "", "useradmin", "user-admin")
		// The admin changes their own profile through the API: an Updated change of a user.
		res := e.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/identity/my-profile", Token: v.admin,
			JSON: row{"name": "Ada", "surname": "Lovelace", "email": "admin@kerf.local", "phoneNumber": ""}})
		ok(t, res, 200, "update my profile")
		e.App.FlushAudit()
		adminID := e.UserID(t, "admin", "").String()
		var h withUserName
		path := base + "/entity-changes-with-username?entityTypeFullName=identity.User&entityId=" + adminID
		ok(t, e.Get(t, path, userAdmin), 200, "user history with AbpIdentity.Users")
		e.Get(t, path, userAdmin).JSON(t, &h)
		if len(h.Items) == 0 || h.Items[0].EntityChange.ChangeType != 1 || h.Items[0].UserName != "admin" {
			t.Fatalf("the admin's history: %+v", h)
		}
		if p := h.Items[0].EntityChange.prop("name"); p == nil || *p.NewValue != `"Ada"` {
			t.Fatalf("the profile change: %+v", h.Items[0].EntityChange.PropertyChanges)
		}
		for _, it := range h.Items {
			for _, p := range it.EntityChange.PropertyChanges {
				if strings.Contains(strings.ToLower(p.PropertyName), "password") || strings.Contains(strings.ToLower(p.PropertyName), "securitystamp") {
					t.Errorf("a secret in the user's history: %+v", p)
				}
			}
		}
		ok(t, e.Get(t, base+"/entity-changes-with-username?entityTypeFullName=identity.Role&entityId="+adminID, userAdmin), 200, "role history")
		ok(t, e.Get(t, base+"/entity-changes-with-username?entityTypeFullName=catalog.Product&entityId="+v.product, userAdmin), 403, "product history")
		ok(t, e.Get(t, base, userAdmin), 403, "the log itself")
		ok(t, e.Get(t, base+"/entity-changes", userAdmin), 403, "every change")
	})
}

// TestDeletingALogDeletesItsActionsAndChangesAndNeedsItsPermission.
func TestDeletingALogDeletesItsActionsAndChangesAndNeedsItsPermission(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		if err := e.App.Permissions.Set(t.Context(), e.App.DB, permission.Role, "log-reader",
			[]permission.Change{{Name: identity.PermAuditLog, IsGranted: true}}); err != nil {
			t.Fatal(err)
		}
		reader := e.CreateUser(t, "", "reader", "log-reader")
		del := func(token string) int {
			return e.Do(t, apptest.Request{Method: http.MethodDelete, Path: base + "/" + v.updateLog, Token: token}).Status
		}
		ok(t, e.Get(t, base+"/"+v.updateLog, reader), 200, "the reader reads")
		if got := del(reader); got != 403 {
			t.Fatalf("delete with the read permission only: %d", got)
		}
		if got := del(v.admin); got != 204 {
			t.Fatalf("delete: %d", got)
		}
		ok(t, e.Get(t, base+"/"+v.updateLog, v.admin), 404, "deleted log")
		var cp changePage
		e.Get(t, base+"/entity-changes?auditLogId="+v.updateLog, v.admin).JSON(t, &cp)
		if cp.TotalCount != 0 {
			t.Fatalf("the deleted log's changes remain: %+v", cp)
		}
		e.Get(t, base+"/entity-changes?entityId="+v.product, v.admin).JSON(t, &cp)
		if cp.TotalCount != 1 || cp.Items[0].ChangeType != 0 {
			t.Fatalf("the other log's change must stay: %+v", cp)
		}
		if got := del(v.admin); got != 404 {
			t.Fatalf("second delete: %d", got)
		}
	})
}
