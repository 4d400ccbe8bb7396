package pageconfig

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

// TestTheListSortsOnIndexes fills page_configurations (5,000 rows on PostgreSQL, 500 on SQLite)
// and asks the database how it would read a page of ids of the administrators' list in every
// order of its whitelist, with and without the kind filter: from an index, never by sorting the
// rows (PostgreSQL: no Sort node; SQLite: no temporary b-tree for the ORDER BY).
func TestTheListSortsOnIndexes(t *testing.T) {
	ctx := context.Background()
	const tenant = "00000000-0000-7000-8000-00000000aaaa"
	for dialect, u := range dbtest.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			if dialect == db.Postgres {
				u += "&enable_seqscan=off" // the question is whether an index can serve the page
			}
			d := dbtest.Open(t, u)
			if err := d.Migrate(ctx, migrations); err != nil {
				t.Fatal(err)
			}
			count, id, tid, at := "5000", `('00000000-0000-7000-8000-' || lpad(CAST(g AS VARCHAR), 12, '0'))::uuid`,
				`'`+tenant+`'::uuid`, `'2024-01-01 00:00:00+00:00'::timestamptz + g * interval '1 second'`
			if dialect == db.SQLite {
				count, id = "500", `printf('00000000-0000-7000-8000-%012d', g)`
				tid, at = `'`+tenant+`'`, `datetime('2024-01-01', '+' || g || ' seconds') || '+00:00'`
			}
			_, err := d.ExecContext(ctx, `INSERT INTO page_configurations (id, tenant_id, creation_time, last_modification_time,
				is_deleted, concurrency_stamp, route_key, kind, user_id, config, role_list, hidden_fields)
				WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < `+count+`)
				SELECT `+id+`, `+tid+`, `+at+`, `+at+`, g % 10 = 0, 's', 'zzzr' || ((g * 7919) % 10007),
				CASE WHEN g % 3 = 0 THEN 'user' WHEN g % 3 = 1 THEN 'role' ELSE 'tenant' END, NULL, '[]', '[]', '[]' FROM s`)
			if err != nil {
				t.Fatal(err)
			}
			if dialect == db.Postgres {
				if _, err := d.ExecContext(ctx, `ANALYZE page_configurations`); err != nil {
					t.Fatal(err)
				}
			}
			tenantID := uuid.MustParse(tenant)
			in := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tenantID})
			for api := range sorting {
				for _, dir := range []string{"", " desc"} {
					for _, kind := range []string{"", KindRole} {
						order, err := db.Order(api+dir, sorting, defaultOrder)
						if err != nil {
							t.Fatal(err)
						}
						var queries []string
						idb := d.DB.WithQueryHook(dbtest.Recorder{Queries: &queries})
						_, _, err = db.List[PageConfiguration](in, idb, db.Page{Order: order, Skip: 100, Limit: 10},
							func(q *bun.SelectQuery) *bun.SelectQuery {
								if kind != "" {
									q = q.Where("?TableAlias.kind = ?", kind)
								}
								return q
							})
						if err != nil {
							t.Fatal(err)
						}
						for _, q := range queries {
							if strings.Contains(q, "LIMIT 10 OFFSET 100") {
								if plan := dbtest.Sorts(t, d, q); plan != "" {
									t.Errorf("by %q (kind %q): the page sorts the rows instead of reading an index:\n%s\n%s", order, kind, q, plan)
								}
							}
						}
					}
				}
			}
		})
	}
}
