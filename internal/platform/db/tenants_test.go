package db_test

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

// hostRow is a host table: no tenant_id.
type hostRow struct {
	bun.BaseModel `bun:"table:test_host_rows"`
	ID            uuid.UUID `bun:"id,pk,type:uuid"`
	Name          string    `bun:"name,notnull"`
}

// residentRow has a tenant_id but stays on the host (db.HostTable).
type residentRow struct {
	bun.BaseModel `bun:"table:test_resident_rows"`
	db.Entity
	Name string `bun:"name,notnull"`
}

var routingMigrations = append(append([]db.Migration{}, migrations...), db.Migration{ID: "test/0002_host_rows", Up: db.DDL(`
CREATE TABLE "test_host_rows" ("id" uuid NOT NULL, "name" VARCHAR NOT NULL, PRIMARY KEY ("id"));
CREATE TABLE "test_resident_rows" ("id" uuid NOT NULL, "tenant_id" uuid, "creation_time" TIMESTAMP NOT NULL, "creator_id" uuid,
	"last_modification_time" TIMESTAMP, "last_modifier_id" uuid, "is_deleted" BOOLEAN NOT NULL DEFAULT false, "deleter_id" uuid,
	"deletion_time" TIMESTAMP, "concurrency_stamp" VARCHAR NOT NULL, "name" VARCHAR NOT NULL, PRIMARY KEY ("id"))
`, `
CREATE TABLE "test_host_rows" ("id" uuid NOT NULL, "name" VARCHAR NOT NULL, PRIMARY KEY ("id"));
CREATE TABLE "test_resident_rows" ("id" uuid NOT NULL, "tenant_id" uuid, "creation_time" TIMESTAMPTZ NOT NULL, "creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ, "last_modifier_id" uuid, "is_deleted" BOOLEAN NOT NULL DEFAULT false, "deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ, "concurrency_stamp" VARCHAR NOT NULL, "name" VARCHAR NOT NULL, PRIMARY KEY ("id"))
`)})

// routing is a root database and a second one that tenant "own" keeps its rows in.
type routing struct {
	root, own   *db.DB // own: opened separately, to look at what landed there
	ownID, euID uuid.UUID
	resolved    map[uuid.UUID]int // resolutions per tenant
	mu          sync.Mutex
	url         string // "" : the tenant is on the host again
}

func newRouting(t *testing.T, rootURL, ownURL string) *routing {
	t.Helper()
	ctx := context.Background()
	r := &routing{root: dbtest.Open(t, rootURL), own: dbtest.Open(t, ownURL), ownID: uuid.New(), euID: uuid.New(),
		resolved: map[uuid.UUID]int{}, url: ownURL}
	for _, d := range []*db.DB{r.root, r.own} {
		if err := d.Migrate(ctx, routingMigrations); err != nil {
			t.Fatal(err)
		}
	}
	db.HostTable("test_resident_rows")
	r.root.UseTenantDatabases(func(_ context.Context, id uuid.UUID) (string, error) {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.resolved[id]++
		if id == r.ownID {
			return r.url, nil
		}
		return "", nil
	}, db.Pool{MaxOpen: 2})
	return r
}

// secondURL is another database of the same dialect as rootURL.
func secondURL(t *testing.T, rootURL string) string {
	if rootURL[:6] == "sqlite" {
		return dbtest.SQLiteURL(t)
	}
	return dbtest.PostgresURL(t, os.Getenv(dbtest.EnvPostgres))
}

func names(t *testing.T, ctx context.Context, idb bun.IDB) []string {
	t.Helper()
	var out []string
	if err := db.Select(ctx, idb, (*widget)(nil)).Column("name").OrderExpr("name").Scan(ctx, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestATenantOnItsOwnDatabaseReadsAndWritesOnlyThere(t *testing.T) {
	for name, u := range dbtest.Dialects(t) {
		t.Run(name, func(t *testing.T) {
			r := newRouting(t, u, secondURL(t, u))
			ctx := context.Background()
			own := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &r.ownID})
			eu := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &r.euID})

			// Every wrapper, handed the root database, runs on the tenant's own database.
			w := &widget{Name: "own-1"}
			if err := db.Insert(own, r.root, w); err != nil {
				t.Fatal(err)
			}
			if err := db.Insert(own, r.root.DB, &widget{Name: "own-2"}); err != nil {
				t.Fatal(err)
			}
			if err := db.Insert(eu, r.root, &widget{Name: "eu-1"}); err != nil {
				t.Fatal(err)
			}
			if err := db.Insert(ctx, r.root, &widget{Name: "host-1"}); err != nil {
				t.Fatal(err)
			}
			w.Name = "own-1b"
			if err := db.UpdateStamped(own, r.root, w, w.ConcurrencyStamp, "name"); err != nil {
				t.Fatal(err)
			}
			err := r.root.InTx(own, func(ctx context.Context, tx bun.Tx) error {
				if err := db.Insert(ctx, tx, &widget{Name: "own-3"}); err != nil {
					return err
				}
				_, err := db.Update(ctx, tx, (*widget)(nil)).Set("name = ?", "own-2b").Where("name = ?", "own-2").Exec(ctx)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			rows, total, err := db.List[widget](own, r.root, db.Page{Order: "name", Limit: 2}, nil)
			if err != nil || total != 3 || len(rows) != 2 || rows[0].Name != "own-1b" {
				t.Fatalf("list of the tenant: %d rows of %d (%v), want own-1b first of 3", len(rows), total, err)
			}
			if err := db.SoftDelete(own, r.root, &widget{Entity: db.Entity{ID: w.ID}}); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Delete(own, r.root, (*widget)(nil)).Where("name = ?", "own-3").Exec(own); err != nil {
				t.Fatal(err)
			}

			all := db.WithDeleted(tenancy.AllTenants(ctx))
			if got := names(t, all, r.own); len(got) != 2 || got[0] != "own-1b" || got[1] != "own-2b" {
				t.Errorf("the tenant's database holds %v, want its own rows (own-1b deleted softly, own-2b)", got)
			}
			if got := names(t, all, r.root); len(got) != 2 || got[0] != "eu-1" || got[1] != "host-1" {
				t.Errorf("the host database holds %v, want only the other tenant's and the host's", got)
			}
			if got := names(t, own, r.root); len(got) != 1 || got[0] != "own-2b" {
				t.Errorf("the tenant sees %v, want only its own live row", got)
			}
			if got := names(t, eu, r.root); len(got) != 1 || got[0] != "eu-1" {
				t.Errorf("another tenant sees %v", got)
			}

			// Host tables stay on the host, for the tenant too.
			if err := db.Insert(own, r.root, &hostRow{ID: uuid.New(), Name: "h"}); err != nil {
				t.Fatal(err)
			}
			if err := db.Insert(own, r.root, &residentRow{Name: "resident"}); err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				model any
				on    *db.DB
				want  int64
			}{{(*hostRow)(nil), r.root, 1}, {(*hostRow)(nil), r.own, 0}, {(*residentRow)(nil), r.root, 1}, {(*residentRow)(nil), r.own, 0}} {
				n, err := db.Select(all, c.on, c.model).Count(ctx)
				if err != nil || n != c.want {
					t.Errorf("%T on the %v database: %d rows (%v), want %d", c.model, c.on == r.root, n, err, c.want)
				}
			}
			if n, err := db.Select(own, r.root, (*residentRow)(nil)).Count(own); err != nil || n != 1 {
				t.Errorf("the tenant reads its host-resident row: %d (%v)", n, err)
			}

			// A host table inside the tenant's transaction is refused, and rolls it back.
			err = r.root.InTx(own, func(ctx context.Context, tx bun.Tx) error {
				if err := db.Insert(ctx, tx, &widget{Name: "own-rolled-back"}); err != nil {
					return err
				}
				return db.Insert(ctx, tx, &hostRow{ID: uuid.New(), Name: "in-tenant-tx"})
			})
			if !errors.Is(err, db.ErrHostTableInTenantTx) {
				t.Fatalf("a host table in the tenant's transaction = %v, want ErrHostTableInTenantTx", err)
			}
			err = r.root.InTx(own, func(ctx context.Context, tx bun.Tx) error {
				_, err := db.Select(ctx, tx, (*hostRow)(nil)).Count(ctx)
				return err
			})
			if !errors.Is(err, db.ErrHostTableInTenantTx) {
				t.Fatalf("a read of a host table in the tenant's transaction = %v, want ErrHostTableInTenantTx", err)
			}
			if got := names(t, all, r.own); len(got) != 2 {
				t.Errorf("the refused transaction left rows: %v", got)
			}
			// The host's and the other tenant's transactions are on the host, host tables allowed.
			err = r.root.InTx(eu, func(ctx context.Context, tx bun.Tx) error {
				return db.Insert(ctx, tx, &hostRow{ID: uuid.New(), Name: "in-host-tx"})
			})
			if err != nil {
				t.Fatal(err)
			}

			// Resolutions are kept; ForgetTenant drops them and the pool: the tenant is on the host again.
			if n := r.resolved[r.ownID]; n != 1 {
				t.Errorf("the tenant's database was resolved %d times, want once", n)
			}
			r.mu.Lock()
			r.url = ""
			r.mu.Unlock()
			r.root.ForgetTenant(r.ownID)
			if got := names(t, own, r.root); len(got) != 0 {
				t.Errorf("back on the host the tenant sees %v, want none of its own database's rows", got)
			}
		})
	}
}

func TestAfterRollbackRunsOnlyWhenTheTransactionDoesNotCommit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		ran := 0
		db.AfterRollback(ctx, func() { ran++ })
		if ran != 0 {
			t.Fatal("outside a transaction AfterRollback ran")
		}
		_ = d.InTx(ctx, func(ctx context.Context, _ bun.Tx) error {
			db.AfterRollback(ctx, func() { ran++ })
			return nil
		})
		if ran != 0 {
			t.Fatalf("committed: rollback hook ran %d times", ran)
		}
		boom := errors.New("boom")
		_ = d.InTx(ctx, func(ctx context.Context, _ bun.Tx) error {
			db.AfterRollback(ctx, func() { ran++ })
			return boom
		})
		if ran != 1 {
			t.Fatalf("rolled back: hook ran %d times, want 1", ran)
		}
	})
}
