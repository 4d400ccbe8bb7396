package importmapping

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

// TestTheListsSortOnIndexes fills the three tables (5,000 rows each on PostgreSQL, 500 on
// SQLite) and asks the database how it would read a page of ids of each list in every order
// of its whitelist, with and without the lists' filters: from an index, never by sorting
// the rows (PostgreSQL: no Sort node; SQLite: no temporary b-tree for the ORDER BY).
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
			if dialect == db.SQLite {
				count, id = "500", `printf('00000000-0000-7000-8000-%012d', g)`
				tid, at = `'`+tenant+`'`, `datetime('2024-01-01', '+' || g || ' seconds') || '+00:00'`
			}
			fill := func(table, columns, values string) {
				_, err := d.ExecContext(ctx, `INSERT INTO `+table+` (id, tenant_id, creation_time, is_deleted, concurrency_stamp, `+columns+`)
					WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < `+count+`)
					SELECT `+id+`, `+tid+`, `+at+`, g % 10 = 0, 's', `+values+` FROM s`)
				if err != nil {
					t.Fatal(err)
				}
			}
			fill("import_rule_mappings", "name, module_type, import_file_type, import_file_encoding, read_rows, is_default, is_enable, description, mapping_rules",
				`'M' || ((g * 7919) % 10007), g % 6 + 1, 0, 3, 1, false, g % 3 <> 0, '', '[]'`)
			fill("form_field_mappings", "name, mapping_type, is_enable, description, mapping_rules",
				`'F' || ((g * 7919) % 10007), g % 6 + 1, g % 3 <> 0, '', '[]'`)
			fill("import_split_mappings", "name, is_default, is_enable, description, default_line_type, rules",
				`'S' || ((g * 7919) % 10007), false, g % 3 <> 0, '', 'product', '[]'`)
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
				filters []string
				page    func(order string, filter func(*bun.SelectQuery) *bun.SelectQuery) []string
			}{
				{"rule mappings", ruleSorting, []string{"", "?TableAlias.module_type = 2", "?TableAlias.is_enable = true AND ?TableAlias.is_default = false"},
					pageQueries[ImportRuleMapping](in, t, d)},
				{"form field mappings", formSorting, []string{"", "?TableAlias.mapping_type = 2", "?TableAlias.is_enable = true"},
					pageQueries[FormFieldMapping](in, t, d)},
				{"split mappings", splitSorting, []string{"", "?TableAlias.is_enable = true"}, pageQueries[ImportSplitMapping](in, t, d)},
			}
			for _, l := range lists {
				orders := []string{""}
				for api := range l.sorting {
					orders = append(orders, api, api+" desc")
				}
				for _, o := range orders {
					order, err := db.Order(o, l.sorting, defaultOrder)
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
