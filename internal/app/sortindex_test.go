package app_test

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

// TestListPagesSortOnIndexes fills the large lists' tables (10,000 rows on PostgreSQL) and asks the
// database how it would answer the query db.List sends first for a page (SELECT id …
// WHERE tenant_id = ? AND is_deleted = false [AND the list's filters] ORDER BY <column>
// <dir>, id <dir> LIMIT 10 OFFSET 100) in every whitelisted order: the order must come from an
// index, never from sorting all the rows (PostgreSQL: no Sort node; SQLite: no temporary
// b-tree for the ORDER BY). The total (COUNT under the same filters) is read from an
// index too, never by scanning the table.
func TestListPagesSortOnIndexes(t *testing.T) {
	ctx := context.Background()
	const tenant = "00000000-0000-7000-8000-00000000aaaa"
	const catalog = "00000000-0000-7000-8000-00000000cccc"
	for dialect := range dbtest.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			u := newDatabaseURL(t, dialect)
			if dialect == db.Postgres {
				// The question is whether an index can serve each page and total. With
				// sequential scans priced out, the plan answers exactly that, and not whether
				// VACUUM could mark the pages all-visible while other test packages' transactions
				// run on the same server (a whole-table count may then be cheaper to scan).
				u += "&enable_seqscan=off"
			}
			a := openApp(t, u)
			defer a.Close()
			if err := a.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			d := a.DB
			exec := func(q string) {
				t.Helper()
				if _, err := d.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			// 10,000 rows per table on PostgreSQL, whose planner weighs the table's
			// statistics; SQLite plans by its indexes alone (Kerf never runs ANALYZE there),
			// so a few hundred rows show the same plan and keep the race-detector build
			// quick. The rows have the columns of their table's first migration (later ones
			// only add columns with defaults); a tenth are in another catalogue, a tenth
			// deleted, the names and numbers in no particular order.
			count := "10000"
			if dialect == db.SQLite {
				count = "500"
			}
			id := `('00000000-0000-7000-8000-' || lpad(CAST(g AS VARCHAR), 12, '0'))::uuid`
			tid, at := `'`+tenant+`'::uuid`, `'2024-01-01 00:00:00+00:00'::timestamptz + g * interval '1 second'`
			if dialect == db.SQLite {
				id = `printf('00000000-0000-7000-8000-%012d', g)`
				tid, at = `'`+tenant+`'`, `datetime('2024-01-01', '+' || g || ' seconds') || '+00:00'`
			}
			rows := func(table, columns, values string) {
				exec(`INSERT INTO ` + table + ` (id, tenant_id, creation_time, is_deleted, concurrency_stamp, ` + columns + `)
					WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < ` + count + `)
					SELECT ` + id + `, ` + tid + `, ` + at + `, g % 10 = 0, 's', ` + values + ` FROM s`)
			}
			cast := "::uuid"
			if dialect == db.SQLite {
				cast = ""
			}
			item := `CASE WHEN g % 10 = 1 THEN '00000000-0000-7000-8000-00000000dddd' ELSE '` + catalog + `' END` + cast + `,
				'P' || ((g * 7919) % 10007), 'C' || ((g * 104729) % 10007), 'E' || (g % 97), '', '', '',
				(g * 31) % 1000, (g * 37) % 1000, (g * 41) % 1000, (g * 43) % 1000, '', '', '', '', g % 3 <> 0`
			rows("catalog_products", `module_name, catalog_id, name, code, erp_code, stock_code, workshop_code, factory_code,
				length, width, height, price, describe, color, unit, images, is_enable`, `'product', `+item)
			rows("catalog_parts", `catalog_id, name, code, erp_code, stock_code, workshop_code, factory_code,
				length, width, height, price, describe, color, unit, images, is_enable, size`, item+`, ''`)
			rows("standard_products", `product_name, images, product_code, product_width, product_height, product_depth,
				product_material, door_material, product_style, product_version, level_name, product_image, remark,
				info1, info2, info3, info4, info5, info6, info7, info8, info9, info10, is_enable, creator, last_modifier`,
				`'S' || ((g * 7919) % 10007), '', 'C' || g, (g * 31) % 1000, (g * 37) % 1000, (g * 41) % 1000,
				'', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', g % 3 <> 0, '', ''`)
			exec(`INSERT INTO identity_security_logs (id, tenant_id, application_name, identity, action, user_name, tenant_name,
				client_id, client_ip_address, creation_time)
				WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < ` + count + `)
				SELECT ` + id + `, ` + tid + `, 'A' || (g % 7), 'I' || (g % 5), 'L' || (g % 11), 'U' || ((g * 7919) % 10007),
				'demo', 'C' || (g % 13), '10.0.0.' || (g % 250), ` + at + ` FROM s`)
			if dialect == db.Postgres {
				exec(`VACUUM ANALYZE`) // what autovacuum does after that many rows
			}

			tenantID := uuid.MustParse(tenant)
			in := tenancy.WithTenant(ctx, tenancy.Tenant{ID: &tenantID})
			where := func(extra string) func(q *bun.SelectQuery) *bun.SelectQuery {
				return func(q *bun.SelectQuery) *bun.SelectQuery {
					if extra != "" {
						q = q.Where(extra)
					}
					return q
				}
			}
			inCatalog := "?TableAlias.catalog_id IN ('" + catalog + "')"
			items := []string{"", "name", "code", "erp_code", "length", "width", "height", "price", "creation_time", "is_enable"}
			lists := []struct {
				name    string
				columns []string // the sortable columns; "" is the default order (by id)
				page    func(order string) (ids, count string)
			}{
				{"products", items, pageQuery[productRow](in, t, d, nil)},
				{"products of a directory", items, pageQuery[productRow](in, t, d, where(inCatalog))},
				{"enabled products of a directory", items, pageQuery[productRow](in, t, d, where(inCatalog+" AND ?TableAlias.is_enable = true"))},
				{"parts", items, pageQuery[partRow](in, t, d, nil)},
				{"parts of a directory", items, pageQuery[partRow](in, t, d, where(inCatalog))},
				{"standard products", []string{"", "product_name", "product_code", "creation_time", "product_width",
					"product_height", "product_depth"}, pageQuery[standardRow](in, t, d, nil)},
				{"enabled standard products", []string{"product_name"}, pageQuery[standardRow](in, t, d, where("?TableAlias.is_enable = true"))},
				{"security log", []string{"creation_time", "action", "user_name", "client_id", "identity", "application_name",
					"client_ip_address", "tenant_name"}, pageQuery[securityLogRow](in, t, d, nil)},
			}
			for _, l := range lists {
				for _, col := range l.columns {
					for _, dir := range []string{"ASC", "DESC"} {
						order := ""
						if col != "" {
							order = col + " " + dir
						} else if dir == "DESC" {
							continue
						}
						q, count := l.page(order)
						if plan := dbtest.PlanShows(t, d, q, "Sort", "USE TEMP B-TREE FOR ORDER BY"); plan != "" {
							t.Errorf("%s by %q: the page of ids sorts the rows instead of reading an index:\n%s\n%s", l.name, order, q, plan)
						}
						if plan := dbtest.PlanShows(t, d, count, "Seq Scan", "SCAN "); col == "" && plan != "" {
							t.Errorf("%s: the total reads the whole table instead of an index:\n%s\n%s", l.name, count, plan)
						}
					}
				}
			}
		})
	}
}

// The tables' rows as far as db.List needs them: an id and the columns its scope filters on.
type (
	productRow struct {
		bun.BaseModel `bun:"table:catalog_products,alias:product"`
		ID            uuid.UUID  `bun:"id,pk,type:uuid"`
		TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
		IsDeleted     bool       `bun:"is_deleted"`
	}
	partRow struct {
		bun.BaseModel `bun:"table:catalog_parts,alias:part"`
		ID            uuid.UUID  `bun:"id,pk,type:uuid"`
		TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
		IsDeleted     bool       `bun:"is_deleted"`
	}
	standardRow struct {
		bun.BaseModel `bun:"table:standard_products,alias:standard_product"`
		ID            uuid.UUID  `bun:"id,pk,type:uuid"`
		TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
		IsDeleted     bool       `bun:"is_deleted"`
	}
	securityLogRow struct {
		bun.BaseModel `bun:"table:identity_security_logs,alias:log"`
		ID            uuid.UUID  `bun:"id,pk,type:uuid"`
		TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	}
)

// pageQuery returns a function answering the queries db.List sends for the ids of the
// 11th page of ten rows of T in order, as the lists ask for it, and for their total.
func pageQuery[T any](ctx context.Context, t *testing.T, d *db.DB, filter func(*bun.SelectQuery) *bun.SelectQuery) func(order string) (ids, count string) {
	return func(order string) (ids, count string) {
		t.Helper()
		var queries []string
		idb := d.DB.WithQueryHook(dbtest.Recorder{Queries: &queries})
		if _, _, err := db.List[T](ctx, idb, db.Page{Order: order, Skip: 100, Limit: 10}, filter); err != nil {
			t.Fatalf("list %T by %q: %v", *new(T), order, err)
		}
		for _, q := range queries {
			switch {
			case strings.Contains(q, "LIMIT 10 OFFSET 100"):
				ids = q
			case strings.Contains(strings.ToLower(q), "count("):
				count = q
			}
		}
		if ids == "" || count == "" {
			t.Fatalf("list %T by %q sent no page of ids or no count: %v", *new(T), order, queries)
		}
		return ids, count
	}
}
