package catalog_test

import (
	"net/http"
	"testing"
	"time"

	"kerf/internal/app/apptest"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
)

// productTotal is the totalCount of a one-row page of every product (a full page, so the
// total is counted, or taken from the replica's kept counts).
func productTotal(t *testing.T, e *apptest.Env, token string) int {
	t.Helper()
	res := e.Get(t, "/api/salesorder/products?MaxResultCount=1&SkipCount=0", token)
	ok(t, res, 200, "list products")
	var b struct {
		TotalCount int `json:"totalCount"`
	}
	res.JSON(t, &b)
	return b.TotalCount
}

func TestAListsTotalFollowsAnInsertASoftDeleteAndAnImportAtOnce(t *testing.T) {
	apptest.Each(t, func(t *testing.T, e *apptest.Env) {
		v := setup(t, e)
		before := productTotal(t, e, v.admin)
		if again := productTotal(t, e, v.admin); again != before || before < 2 {
			t.Fatalf("totals %d then %d, want the same, at least 2", before, again)
		}
		res := e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/salesorder/products", Token: v.admin,
			JSON: row{"catalogId": v.productDir, "name": "新产品"}})
		ok(t, res, 200, "create")
		if n := productTotal(t, e, v.admin); n != before+1 {
			t.Fatalf("total %d after an insert, want %d", n, before+1)
		}
		ok(t, e.Do(t, apptest.Request{Method: http.MethodDelete, Path: "/api/salesorder/products/" + res.Map(t)["id"].(string),
			Token: v.admin}), http.StatusNoContent, "delete")
		if n := productTotal(t, e, v.admin); n != before {
			t.Fatalf("total %d after a soft delete, want %d", n, before)
		}
		body, ct := upload(t, "file", "p.xlsx", xlsx(t, []any{"Name", "Code"}, []any{"导入一", "IMP-1"}, []any{"导入二", "IMP-2"}))
		ok(t, e.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/salesorder/products/import/" + v.productDir,
			Token: v.admin, Body: body, ContentType: ct}), 200, "import")
		if n := productTotal(t, e, v.admin); n != before+2 {
			t.Fatalf("total %d after importing two, want %d", n, before+2)
		}
	})
}

func TestAProductCreatedOnOneReplicaShowsInTheOthersTotal(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		if name != db.Postgres {
			continue // replicas share a database only on PostgreSQL (one process owns a SQLite file)
		}
		t.Run(name, func(t *testing.T) {
			t.Setenv("KERF_SECRET", "the secret both replicas of this test share")
			first, second := apptest.New(t, u), apptest.New(t, u)
			v := setup(t, first)
			onSecond := second.Token(t, "admin", apptest.Password, "")
			before := productTotal(t, second, onSecond) // now kept on the second replica
			if n := productTotal(t, first, v.admin); n != before {
				t.Fatalf("replicas disagree: %d and %d", n, before)
			}
			ok(t, first.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/salesorder/products", Token: v.admin,
				JSON: row{"catalogId": v.productDir, "name": "另一副本"}}), 200, "create on the first")
			deadline := time.Now().Add(10 * time.Second) // the bus delivers through PostgreSQL, asynchronously
			for productTotal(t, second, onSecond) != before+1 {
				if time.Now().After(deadline) {
					t.Fatal("the second replica still answers the total from before a product was created on the first")
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
}
