package salesorder

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

// TestTheListsSortOnIndexes fills the orders and the two type tables (5,000 rows each on
// PostgreSQL, 500 on SQLite) and asks the database how it would read a page of ids of each
// list in every order of its whitelist, with and without a list filter: from an index, never
// by sorting the rows (PostgreSQL: no Sort node; SQLite: no temporary b-tree for the ORDER BY).
func TestTheListsSortOnIndexes(t *testing.T) {
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
			typeID := `'00000000-0000-7000-8000-00000000bbbb'::uuid`
			if dialect == db.SQLite {
				count, id = "500", `printf('00000000-0000-7000-8000-%012d', g)`
				tid, at = `'`+tenant+`'`, `datetime('2024-01-01', '+' || g || ' seconds') || '+00:00'`
				typeID = `'00000000-0000-7000-8000-00000000bbbb'`
			}
			fill := func(table, columns, values string) {
				_, err := d.ExecContext(ctx, `INSERT INTO `+table+` (id, tenant_id, creation_time, is_deleted, concurrency_stamp, `+columns+`)
					WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < `+count+`)
					SELECT `+id+`, `+tid+`, `+at+`, g % 10 = 0, 's', `+values+` FROM s`)
				if err != nil {
					t.Fatal(err)
				}
			}
			fill("sales_orders", `sales_order_id, order_type_id, dealer_name, customer_name, customer_phone, customer_address,
				status, is_urgent, remark, desgin_id, creator_name, order_date, pay_date, total_price, discount_total,
				logistics_price, total_sum_price, pay_total, difference_price, bill, is_h5, is_ship, is_import_confirmed,
				is_designer, is_close_file`,
				`'SO' || g, `+typeID+`, 'D' || (g % 97), 'C' || ((g * 7919) % 10007), '', '', (g % 7) * 10, g % 13 = 0, '', '', '',
				`+at+`, `+at+`, (g * 31) % 1000, 0, 0, (g * 37) % 1000, (g * 41) % 1000, 0, 0, false, false, false, false, false`)
			for _, table := range []string{"sales_order_types", "product_types"} {
				fill(table, "code, name, sort_order, is_enable, remark", `'T' || ((g * 7919) % 10007), 'N' || g, g % 50, g % 3 <> 0, ''`)
			}
			if dialect == db.Postgres {
				if _, err := d.ExecContext(ctx, `ANALYZE`); err != nil {
					t.Fatal(err)
				}
			}
			tenantID := uuid.MustParse(tenant)
			in := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tenantID})
			lists := []struct {
				name    string
				sorting map[string]string
				def     string
				filters []string
				page    func(order string, filter func(*bun.SelectQuery) *bun.SelectQuery) []string
			}{
				{"orders", orderSorting, defaultOrderSorting, []string{""}, pageQueries[SalesOrder](in, t, d)},
				{"order types", typeSorting, defaultTypeSorting, []string{"", "?TableAlias.is_enable = true"}, pageQueries[OrderType](in, t, d)},
				{"product types", typeSorting, defaultTypeSorting, []string{"", "?TableAlias.is_enable = true"}, pageQueries[ProductType](in, t, d)},
			}
			for _, l := range lists {
				orders := []string{""}
				for api := range l.sorting {
					orders = append(orders, api, api+" desc")
				}
				for _, o := range orders {
					order, err := db.Order(o, l.sorting, l.def)
					if err != nil {
						t.Fatal(err)
					}
					for _, f := range l.filters {
						filter := func(q *bun.SelectQuery) *bun.SelectQuery {
							if f != "" {
								q = q.Where(f)
							}
							return q
						}
						for _, q := range l.page(order, filter) {
							if plan := dbtest.Sorts(t, d, q); plan != "" {
								t.Errorf("%s by %q where %q: the page sorts the rows instead of reading an index:\n%s\n%s", l.name, order, f, q, plan)
							}
						}
					}
				}
			}
		})
	}
}

// pageQueries answers the statements db.List sends for the ids of the 11th page of ten rows.
func pageQueries[T any](ctx context.Context, t *testing.T, d *db.DB) func(string, func(*bun.SelectQuery) *bun.SelectQuery) []string {
	return func(order string, filter func(*bun.SelectQuery) *bun.SelectQuery) []string {
		t.Helper()
		var queries, out []string
		idb := d.DB.WithQueryHook(dbtest.Recorder{Queries: &queries})
		if _, _, err := db.List[T](ctx, idb, db.Page{Order: order, Skip: 100, Limit: 10}, filter); err != nil {
			t.Fatal(err)
		}
		for _, q := range queries {
			if strings.Contains(q, "LIMIT 10 OFFSET 100") {
				out = append(out, q)
			}
		}
		if len(out) == 0 {
			t.Fatalf("no page of ids among %v", queries)
		}
		return out
	}
}
