package warehouse_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"kerf/internal/app/apptest"
	"kerf/internal/platform/permission"
	"kerf/internal/warehouse"
)

// grantRole gives a role of the demo tenant permissions, as the permissions screen would.
func grantRole(t *testing.T, e *apptest.Env, role string, names ...string) {
	t.Helper()
	var ch []permission.Change
	for _, n := range names {
		ch = append(ch, permission.Change{Name: n, IsGranted: true})
	}
	if err := e.App.DB.InTx(e.In(t, "demo"), func(ctx context.Context, tx bun.Tx) error {
		return e.App.Permissions.Set(ctx, tx, permission.Role, role, ch)
	}); err != nil {
		t.Fatal(err)
	}
}

func must(t *testing.T, res *apptest.Response, want int, what string) *apptest.Response {
	t.Helper()
	if res.Status != want {
		t.Fatalf("%s: %d %s, want %d", what, res.Status, res.Body, want)
	}
	return res
}

// TestSettingUpTheStorehouseAnswers401403OtherTenantAnd200 walks the create, update and
// delete of factories, rows and shelves: anonymous 401; a user without the permissions, and
// one who may only look at the shelves, 403; the host (another side) 404 on the demo's rows
// and 400 for a parent it cannot see; the demo's admin sets up a factory, a row and a shelf
// of 3 × 4 bins, shrinks it to 2 levels, is refused deleting it while it holds stock, with a
// localised message naming the bin, and deletes it all once it is empty.
func TestSettingUpTheStorehouseAnswers401403OtherTenantAnd200(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		admin := e.Token(t, "admin", apptest.Password, "demo")
		host := e.Token(t, "admin", apptest.Password, "")
		nobody := e.CreateUser(t, "demo", "nobody")
		e.CreateUser(t, "demo", "looker", "lookers")
		grantRole(t, e, "lookers", warehouse.PermShelves, warehouse.PermFactories)
		looker := e.Token(t, "looker", apptest.Password, "demo")

		f := must(t, call(t, e, http.MethodPost, "/api/app/factory", admin, row{"code": "SZ01", "name": "Suzhou", "address": "Suzhou"}), 200, "create factory").Map(t)
		r := must(t, call(t, e, http.MethodPost, "/api/app/storehouse/rows", admin, row{"factoryId": f["id"], "code": "S", "name": "Row S", "sort": 5}), 200, "create row").Map(t)
		sh := must(t, call(t, e, http.MethodPost, "/api/app/storehouse/shelves", admin,
			row{"rowId": r["id"], "code": "S01", "name": "Shelf S01", "storageType": 0, "levels": 3, "binsPerLevel": 4}), 200, "create shelf").Map(t)
		if f["isDefault"] != false || r["factoryId"] != f["id"] || sh["levels"] != float64(3) {
			t.Fatalf("created %v %v %v", f, r, sh)
		}
		bins := func() []string {
			var info struct {
				Items []struct{ Bins []struct{ Code string } }
			}
			must(t, call(t, e, http.MethodGet, "/api/app/storehouse/get-shelvesinfo?Code=S01", admin, nil), 200, "shelf info").JSON(t, &info)
			var codes []string
			for _, b := range info.Items[0].Bins {
				codes = append(codes, b.Code)
			}
			return codes
		}
		if got := bins(); len(got) != 12 || got[0] != "S01-1-1" || got[11] != "S01-3-4" {
			t.Fatalf("bins %v", got)
		}

		type endpoint struct {
			method, path string
			body         row
		}
		id := func(m row) string { return m["id"].(string) }
		endpoints := []endpoint{
			{http.MethodPost, "/api/app/factory", row{"code": "X1", "name": "X"}},
			{http.MethodPut, "/api/app/factory/" + id(f), row{"code": "SZ01", "name": "Suzhou 2"}},
			{http.MethodDelete, "/api/app/factory/" + id(f), nil},
			{http.MethodPost, "/api/app/storehouse/rows", row{"factoryId": f["id"], "code": "X", "name": "X"}},
			{http.MethodPut, "/api/app/storehouse/rows/" + id(r), row{"code": "S", "name": "Row S 2"}},
			{http.MethodDelete, "/api/app/storehouse/rows/" + id(r), nil},
			{http.MethodPost, "/api/app/storehouse/shelves", row{"rowId": r["id"], "code": "X01", "levels": 1, "binsPerLevel": 1}},
			{http.MethodPut, "/api/app/storehouse/shelves/" + id(sh), row{"rowId": r["id"], "code": "S01", "levels": 3, "binsPerLevel": 4}},
			{http.MethodDelete, "/api/app/storehouse/shelves/" + id(sh), nil},
		}
		for _, ep := range endpoints {
			what := ep.method + " " + ep.path
			var body any
			if ep.body != nil {
				body = ep.body
			}
			must(t, call(t, e, ep.method, ep.path, "", body), 401, "anonymous "+what)
			must(t, call(t, e, ep.method, ep.path, nobody, body), 403, "nobody "+what)
			must(t, call(t, e, ep.method, ep.path, looker, body), 403, "looker "+what)
			// The host is another side: the demo's factory, row and shelf are none of its own.
			want := 404
			switch {
			case ep.path == "/api/app/factory":
				want = 200 // its own factory
			case ep.method == http.MethodPost:
				want = 400 // a parent it cannot see
			}
			must(t, call(t, e, ep.method, ep.path, host, body), want, "host "+what)
		}
		if got := bins(); len(got) != 12 {
			t.Fatalf("the refused calls changed the shelf: %v", got)
		}

		// Bad input: localised messages on the members; a stale stamp 409.
		res := must(t, call(t, e, http.MethodPost, "/api/app/storehouse/shelves", admin, row{"rowId": r["id"], "code": "s01", "levels": 0, "binsPerLevel": 4}), 400, "bad shelf")
		var bad struct {
			Error struct {
				ValidationErrors []struct {
					Message string
					Members []string
				}
			}
		}
		res.JSON(t, &bad)
		if fmt.Sprint(bad.Error.ValidationErrors) != `[{The number of levels must be a whole number from 1 to 20 [levels]}]` {
			t.Fatalf("bad shelf %s", res.Body)
		}
		res = must(t, call(t, e, http.MethodPost, "/api/app/storehouse/shelves", admin, row{"rowId": r["id"], "code": "s01", "levels": 1, "binsPerLevel": 4}), 400, "taken code")
		if !strings.Contains(string(res.Body), `"message":"The shelf code \"s01\" is already taken","members":["code"]`) {
			t.Fatalf("taken code %s", res.Body)
		}
		must(t, call(t, e, http.MethodPut, "/api/app/storehouse/shelves/"+id(sh), admin,
			row{"rowId": r["id"], "code": "S01", "levels": 2, "binsPerLevel": 4, "concurrencyStamp": "stale"}), 409, "stale stamp")

		// Shrink to 2 levels: 8 bins.
		sh = must(t, call(t, e, http.MethodPut, "/api/app/storehouse/shelves/"+id(sh), admin,
			row{"rowId": r["id"], "code": "S01", "name": "Shelf S01", "levels": 2, "binsPerLevel": 4, "concurrencyStamp": sh["concurrencyStamp"]}), 200, "shrink").Map(t)
		if got := bins(); len(got) != 8 || got[7] != "S01-2-4" {
			t.Fatalf("shrunk bins %v", got)
		}
		must(t, call(t, e, http.MethodPut, "/api/app/factory/"+id(f), admin, row{"code": "SZ01", "name": "Suzhou 2", "concurrencyStamp": f["concurrencyStamp"]}), 200, "update factory")
		must(t, call(t, e, http.MethodPut, "/api/app/storehouse/rows/"+id(r), admin, row{"code": "S", "name": "Row S 2", "sort": 6}), 200, "update row")

		// Stock in S01-2-4: shelf, row and factory are refused, named, in both languages.
		receipt := row{"kind": 0, "materialCode": "PB18-WW", "thickness": 18, "length": 2800, "width": 2070, "binCode": "S01-2-4", "quantity": 3, "direction": 0}
		must(t, call(t, e, http.MethodPost, "/api/app/board-in-out-bound-logs/book", admin, receipt), 200, "receive")
		for _, c := range []struct{ path, en, zh string }{
			{"/api/app/storehouse/shelves/" + id(sh), "Shelf S01 holds stock (bin S01-2-4: 3 pieces); it cannot be deleted", "货架 S01 有库存（库位 S01-2-4：3 件），不能删除"},
			{"/api/app/storehouse/rows/" + id(r), "Row S holds stock (bin S01-2-4: 3 pieces); it cannot be deleted", "货架排 S 有库存（库位 S01-2-4：3 件），不能删除"},
			{"/api/app/factory/" + id(f), "Factory SZ01 holds stock (bin S01-2-4: 3 pieces); it cannot be deleted", "工厂 SZ01 有库存（库位 S01-2-4：3 件），不能删除"},
		} {
			if msg := must(t, call(t, e, http.MethodDelete, c.path, admin, nil), 400, "delete with stock").ErrorMessage(t); msg != c.en {
				t.Errorf("en: %s", msg)
			}
			zh := e.Do(t, apptest.Request{Method: http.MethodDelete, Path: c.path, Token: admin})
			if zh.Status != 400 || zh.ErrorMessage(t) != c.zh {
				t.Errorf("zh-Hans: %d %s", zh.Status, zh.Body)
			}
		}
		res = must(t, call(t, e, http.MethodPut, "/api/app/storehouse/shelves/"+id(sh), admin, row{"rowId": r["id"], "code": "S01", "levels": 1, "binsPerLevel": 4}), 400, "remove a bin with stock")
		if !strings.Contains(string(res.Body), "Bin S01-2-4 holds 3 pieces") {
			t.Fatalf("remove a bin with stock: %s", res.Body)
		}
		receipt["direction"] = 1
		must(t, call(t, e, http.MethodPost, "/api/app/board-in-out-bound-logs/book", admin, receipt), 200, "issue")

		// Empty: deleted after all.
		must(t, call(t, e, http.MethodDelete, "/api/app/storehouse/shelves/"+id(sh), admin, nil), 204, "delete shelf")
		must(t, call(t, e, http.MethodGet, "/api/app/storehouse/get-shelvesinfo?Code=S01", admin, nil), 404, "deleted shelf")
		must(t, call(t, e, http.MethodDelete, "/api/app/storehouse/rows/"+id(r), admin, nil), 204, "delete row")
		must(t, call(t, e, http.MethodDelete, "/api/app/factory/"+id(f), admin, nil), 204, "delete factory")
		must(t, call(t, e, http.MethodDelete, "/api/app/factory/"+id(f), admin, nil), 404, "delete it again")
		var factories struct{ Items []row }
		call(t, e, http.MethodGet, "/api/app/factory", admin, nil).JSON(t, &factories)
		if len(factories.Items) != 1 || factories.Items[0]["code"] != "HZ01" {
			t.Fatalf("factories %v", factories.Items)
		}
	})
}
