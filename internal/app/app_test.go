package app_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"kerf/internal/app/apptest"
	"kerf/internal/platform/audit"
)

var param = regexp.MustCompile(`\{[^}]+\}`)

// TestEveryOperationEnforcesItsAccess walks every registered operation: an anonymous
// caller gets 401 from each that is not public, and a logged-in user without
// permissions gets 403 from each that needs one.
func TestEveryOperationEnforcesItsAccess(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		nobody := e.CreateUser(t, "", "nobody")
		ops := e.App.API.Ops()
		if len(ops) < 5 {
			t.Fatalf("only %d operations registered", len(ops))
		}
		for _, op := range ops {
			path := param.ReplaceAllString(op.Path, "3fa85f64-5717-4562-b3fc-2c963f66afa6")
			if !op.Access.IsPublic() {
				res := e.Do(t, apptest.Request{Method: op.Method, Path: path})
				if res.Status != http.StatusUnauthorized {
					t.Errorf("%s %s anonymous: %d, want 401", op.Method, op.Path, res.Status)
				}
			}
			if len(op.Access.Permissions()) > 0 {
				res := e.Do(t, apptest.Request{Method: op.Method, Path: path, Token: nobody})
				if res.Status != http.StatusForbidden {
					t.Errorf("%s %s without %v: %d, want 403", op.Method, op.Path, op.Access.Permissions(), res.Status)
				}
			}
		}
	})
}

func TestErrorsAreLocalisedABPShapes(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		cases := []struct {
			lang, want string
		}{
			{"en-US,en;q=0.9", "The requested resource does not exist"},
			{"zh-CN", "请求的资源不存在"},
			{"", "请求的资源不存在"},
		}
		for _, c := range cases {
			res := e.Do(t, apptest.Request{Method: http.MethodGet, Path: "/api/no-such-thing",
				Header: http.Header{"Accept-Language": {c.lang}}})
			if res.Status != http.StatusNotFound || res.ErrorMessage(t) != c.want {
				t.Errorf("lang %q: %d %s", c.lang, res.Status, res.Body)
			}
		}
		var shape map[string]map[string]any
		e.Get(t, "/api/no-such-thing", "").JSON(t, &shape)
		for _, k := range []string{"code", "message", "details", "data", "validationErrors"} {
			if _, ok := shape["error"][k]; !ok {
				t.Errorf("error body lacks %q: %v", k, shape)
			}
		}
		res := e.Do(t, apptest.Request{Method: http.MethodGet, Path: "/api/identity/my-profile",
			Header: http.Header{"__tenant": {"no-such-tenant"}, "Accept-Language": {"en"}}})
		if res.Status != http.StatusBadRequest || res.ErrorMessage(t) != "Tenant is not available: no-such-tenant" {
			t.Errorf("unknown tenant: %d %s", res.Status, res.Body)
		}
	})
}

func TestServesHealthSPAAndPreflight(t *testing.T) {
	e := apptest.New(t, "sqlite://"+t.TempDir()+"/k.db")
	if res := e.Get(t, "/healthz", ""); res.Status != http.StatusOK {
		t.Fatalf("healthz: %d", res.Status)
	}
	res := e.Get(t, "/catalog/products", "")
	if res.Status != http.StatusOK || !strings.Contains(string(res.Body), "<") || res.Header.Get("Cache-Control") != "no-store, must-revalidate" {
		t.Fatalf("unknown page must serve index.html uncached: %d %v", res.Status, res.Header)
	}
	if res := e.Get(t, "/assets/index-gone.js", ""); res.Status != http.StatusNotFound {
		t.Fatalf("a missing asset must be 404, got %d", res.Status)
	}
	pre := e.Do(t, apptest.Request{Method: http.MethodOptions, Path: "/api/identity/my-profile", Header: http.Header{
		"Origin": {"http://localhost:5173"}, "Access-Control-Request-Method": {"PUT"},
		"Access-Control-Request-Headers": {"authorization,__tenant"}}})
	if pre.Status != http.StatusNoContent || pre.Header.Get("Access-Control-Allow-Origin") != "http://localhost:5173" ||
		!strings.Contains(pre.Header.Get("Access-Control-Allow-Methods"), "PUT") {
		t.Fatalf("preflight: %d %v", pre.Status, pre.Header)
	}
	doc := e.Get(t, "/openapi.json", "")
	if doc.Status != http.StatusOK || !strings.Contains(string(doc.Body), "/api/identity/my-profile") {
		t.Fatalf("openapi.json must list operations: %d", doc.Status)
	}
	if sw := e.Get(t, "/swagger", ""); sw.Status != http.StatusOK || !strings.Contains(string(sw.Body), "/openapi.json") {
		t.Fatalf("/swagger must render the document: %d", sw.Status)
	}
}

func TestWritesAndFailedReadsAreAudited(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		tok := e.Token(t, "admin", apptest.Password, "demo")
		e.Do(t, apptest.Request{Method: http.MethodGet, Path: "/api/identity/my-profile?y=1", Token: tok}) // a read: not audited
		e.Do(t, apptest.Request{Method: http.MethodPut, Path: "/api/identity/my-profile?x=1", Token: tok,
			JSON:   map[string]any{"name": "Ada", "surname": "", "email": "admin@kerf.local", "phoneNumber": ""},
			Header: http.Header{"User-Agent": {"kerf-test-browser"}}})
		e.Do(t, apptest.Request{Method: http.MethodGet, Path: "/api/no-such-thing", Token: tok})
		e.App.FlushAudit()
		var rows []audit.Log
		if err := e.App.DB.NewSelect().Model(&rows).Where("url LIKE ?", "/api/%").OrderExpr("execution_time").Scan(context.Background()); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 2 {
			t.Fatalf("want 2 audit rows, got %d", len(rows))
		}
		r := rows[0]
		if r.UserName != "admin" || r.TenantName != "demo" || r.TenantID == nil || r.UserID == nil || r.ClientID != "kerf-web" ||
			r.HTTPMethod != "PUT" || r.URL != "/api/identity/my-profile?x=1" || r.HTTPStatusCode != 200 ||
			r.BrowserInfo != "kerf-test-browser" || r.ClientIPAddress == "" {
			t.Fatalf("audit row incomplete: %+v", r)
		}
		if rows[1].HTTPStatusCode != 404 || rows[1].Exceptions == "" {
			t.Fatalf("failed request must record status and exception: %+v", rows[1])
		}
	})
}
