package tenantdb_test

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/uuid"

	"kerf/internal/app/apptest"
	"kerf/internal/identity"
	"kerf/internal/platform/db"
)

type row = map[string]any

func en() http.Header { return http.Header{"Accept-Language": {"en"}} }

// TestConnectionStringCallsAreForTheHostWithThePermission: anonymous 401; a host user
// without ManageConnectionStrings and any tenant's administrator 403; an unknown tenant 404.
func TestConnectionStringCallsAreForTheHostWithThePermission(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		host := e.Token(t, "admin", apptest.Password, "")
		nobody := e.CreateUser(t, "", "nobody")
		demo := e.Token(t, "admin", apptest.Password, identity.DemoTenantName)
		tn, err := e.App.Identity.ResolveTenant(context.Background(), identity.DemoTenantName)
		if err != nil {
			t.Fatal(err)
		}
		base := "/api/saas/tenants/" + tn.ID.String()
		calls := []struct {
			method, path string
			body         any
			ok           int
		}{
			{"GET", base + "/connection-strings", nil, 200},
			{"PUT", base + "/connection-strings", row{"databases": []row{{"databaseName": "Reports", "connectionString": "sqlite://r.db"}}}, 200},
			{"DELETE", base + "/connection-strings/Reports", nil, 204},
			{"POST", base + "/apply-database-migrations", nil, 400}, // no Default yet
		}
		if e.Dialect == db.Postgres {
			calls[1].body = row{"databases": []row{{"databaseName": "Reports", "connectionString": "postgres://x@127.0.0.1/r"}}}
		}
		for _, c := range calls {
			for _, who := range []struct {
				name, token string
				want        int
			}{{"anonymous", "", 401}, {"host user without the permission", nobody, 403}, {"tenant admin", demo, 403}, {"host admin", host, c.ok}} {
				res := e.Do(t, apptest.Request{Method: c.method, Path: c.path, Token: who.token, JSON: c.body})
				if res.Status != who.want {
					t.Errorf("%s %s as %s: %d %s, want %d", c.method, c.path, who.name, res.Status, res.Body, who.want)
				}
			}
		}
		missing := "/api/saas/tenants/" + uuid.NewString() + "/connection-strings"
		if res := e.Get(t, missing, host); res.Status != http.StatusNotFound {
			t.Errorf("an unknown tenant: %d %s", res.Status, res.Body)
		}
	})
}

// TestBadConnectionStringsAreRefusedAndChangeNothing: a string of the other dialect, a SQLite
// path leaving the data folder, a database that cannot be opened, a named one without a name
// are refused with a message in the caller's language naming the member; nothing is stored.
// A moved tenant's Default can be neither changed nor deleted.
func TestBadConnectionStringsAreRefusedAndChangeNothing(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		host := e.Token(t, "admin", apptest.Password, "")
		if _, err := e.App.Identity.CreateTenant(context.Background(), "acme"); err != nil {
			t.Fatal(err)
		}
		tn, err := e.App.Identity.ResolveTenant(context.Background(), "acme")
		if err != nil {
			t.Fatal(err)
		}
		base := "/api/saas/tenants/" + tn.ID.String()
		put := func(body any, lang string) *apptest.Response {
			return e.Do(t, apptest.Request{Method: "PUT", Path: base + "/connection-strings", Token: host, JSON: body,
				Header: http.Header{"Accept-Language": {lang}}})
		}
		type bad struct {
			name   string
			body   row
			member string
			en, zh string
		}
		var cases []bad
		if err := os.MkdirAll(filepath.Join(e.App.Config.DataDir, "a-folder"), 0o755); err != nil {
			t.Fatal(err)
		}
		if e.Dialect == db.SQLite {
			cases = []bad{
				{"another dialect", row{"default": "postgres://x@127.0.0.1/db"}, "default",
					"The connection string must start with sqlite:// (this installation runs on SQLite)", "连接字符串须以 sqlite:// 开头"},
				{"out of the data folder", row{"default": "sqlite://../elsewhere.db"}, "default",
					`The SQLite file must be a path relative to the data folder, without "..": ../elsewhere.db`, "SQLite 文件须是数据目录下的相对路径"},
				{"an absolute path", row{"default": "sqlite:///tmp/x.db"}, "default",
					`The SQLite file must be a path relative to the data folder, without "..": /tmp/x.db`, "SQLite 文件须是数据目录下的相对路径"},
				{"a folder", row{"default": "sqlite://a-folder"}, "default", "The database cannot be opened: ", "无法打开该数据库："},
			}
		} else {
			cases = []bad{
				{"another dialect", row{"default": "sqlite://x.db"}, "default",
					"The connection string must start with postgres:// (this installation runs on PostgreSQL)", "连接字符串须以 postgres:// 开头"},
				{"a URL that does not parse", row{"default": "postgres://x@127.0.0.1:notaport/db"}, "default",
					"The connection string cannot be read: ", "连接字符串无法解析："},
				{"a server that does not answer", row{"default": "postgres://x@127.0.0.1:1/db?connect_timeout=2"}, "default",
					"The database cannot be opened: ", "无法打开该数据库："},
			}
		}
		cases = append(cases, bad{"a named string without a name", row{"databases": []row{{"connectionString": "postgres://x@h/d"}}},
			"databases[0].databaseName", "The database name is required", "请填写数据库名称"})
		for _, c := range cases {
			for lang, want := range map[string]string{"en": c.en, "zh-Hans": c.zh} {
				res := put(c.body, lang)
				var b struct {
					Error struct {
						ValidationErrors []struct {
							Message string   `json:"message"`
							Members []string `json:"members"`
						} `json:"validationErrors"`
					} `json:"error"`
				}
				res.JSON(t, &b)
				ok := res.Status == http.StatusBadRequest && len(b.Error.ValidationErrors) > 0
				if ok {
					v := b.Error.ValidationErrors[0]
					ok = strings.HasPrefix(v.Message, want) && len(v.Members) == 1 && v.Members[0] == c.member
				}
				if !ok {
					t.Errorf("%s (%s): %d %s, want 400 on %s starting %q", c.name, lang, res.Status, res.Body, c.member, want)
				}
			}
		}
		var got struct {
			Default   string `json:"default"`
			Databases []row  `json:"databases"`
		}
		e.Get(t, base+"/connection-strings", host).JSON(t, &got)
		if got.Default != "" || len(got.Databases) != 0 {
			t.Fatalf("refused strings were stored: %+v", got)
		}

		res := e.Do(t, apptest.Request{Method: "POST", Path: base + "/apply-database-migrations", Token: host, Header: en()})
		if res.Status != http.StatusBadRequest || res.ErrorMessage(t) != "The tenant has no Default connection string" {
			t.Errorf("apply without a Default: %d %s", res.Status, res.Body)
		}
		if res := e.Do(t, apptest.Request{Method: "DELETE", Path: base + "/connection-strings/Nope", Token: host}); res.Status != http.StatusNotFound {
			t.Errorf("delete an unknown name: %d %s", res.Status, res.Body)
		}

		// Once moved, the Default stays.
		own := "sqlite://tenants/acme.db"
		if e.Dialect == db.Postgres {
			own = secondPostgres(t)
		}
		if res := put(row{"default": own}, "en"); res.Status != http.StatusOK {
			t.Fatalf("put: %d %s", res.Status, res.Body)
		}
		if res := e.Do(t, apptest.Request{Method: "POST", Path: base + "/apply-database-migrations", Token: host}); res.Status != http.StatusOK {
			t.Fatalf("apply: %d %s", res.Status, res.Body)
		}
		other := "sqlite://tenants/acme2.db"
		if e.Dialect == db.Postgres {
			other = own + "&application_name=other"
		}
		res = put(row{"default": other}, "en")
		if res.Status != http.StatusBadRequest || !strings.Contains(string(res.Body), "its Default connection string cannot be changed or deleted") {
			t.Errorf("change a moved tenant's Default: %d %s", res.Status, res.Body)
		}
		res = e.Do(t, apptest.Request{Method: "DELETE", Path: base + "/connection-strings/Default", Token: host, Header: en()})
		if res.Status != http.StatusBadRequest || !strings.Contains(res.ErrorMessage(t), "cannot be changed or deleted") {
			t.Errorf("delete a moved tenant's Default: %d %s", res.Status, res.Body)
		}
		e.Get(t, base+"/connection-strings", host).JSON(t, &got)
		if got.Default != own {
			t.Errorf("the Default is now %q, want %q", got.Default, own)
		}
	})
}
