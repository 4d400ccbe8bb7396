package optimization

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

// TestTheSettingsListsSortOnIndexes fills the three settings tables (5,000 rows each on
// PostgreSQL, 500 on SQLite) and asks the database how it reads a page of ids in every order of
// each list's whitelist: from an index, never by sorting the rows.
func TestTheSettingsListsSortOnIndexes(t *testing.T) {
	ctx := context.Background()
	const tenant = "00000000-0000-7000-8000-00000000aaaa"
	for dialect, u := range dbtest.Dialects(t) {
		t.Run(dialect, func(t *testing.T) {
			if dialect == db.Postgres {
				u += "&enable_seqscan=off"
			}
			d := dbtest.Open(t, u)
			if err := d.Migrate(ctx, settingsMigrations); err != nil {
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
			fill("opt_import_file_settings", "name, file_type, header_rows, encoding, is_default, remark", `'S' || g, g % 3, 1, 3, false, ''`)
			fill("opt_parameter_settings", `name, kerf, "trim", stages, first_cut, min_offcut_length, min_offcut_width, time_limit_seconds, rotate, use_stock_offcuts, is_default, remark`,
				`'P' || ((g * 7919) % 10007), 4.4, 10, 3, 0, 300, 200, 5, true, true, false, ''`)
			fill("opt_machine_settings", "name, max_length, max_width, stages, kerf, channels, book_height, feed_speed, return_speed, cut_time, load_time, is_default, remark",
				`'M' || ((g * 7919) % 10007), 3800, 2100, 3, 4.4, 4, 75, 80, 150, 6, 40, false, ''`)
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
				page    func(order string) []string
			}{
				{"import-file settings", importSettingSorting, settingsPageQueries[ImportFileSetting](in, t, d)},
				{"parameters", parameterSorting, settingsPageQueries[ParameterSetting](in, t, d)},
				{"machines", machineSorting, settingsPageQueries[MachineSetting](in, t, d)},
			}
			for _, l := range lists {
				orders := []string{""}
				for api := range l.sorting {
					orders = append(orders, api, api+" desc")
				}
				for _, o := range orders {
					order, err := db.Order(o, l.sorting, settingsOrder)
					if err != nil {
						t.Fatal(err)
					}
					for _, q := range l.page(order) {
						if plan := dbtest.Sorts(t, d, q); plan != "" {
							t.Errorf("%s by %q: the page sorts the rows instead of reading an index:\n%s\n%s", l.name, order, q, plan)
						}
					}
				}
			}
		})
	}
}

// settingsPageQueries answers the statements db.List sends for the ids of the 11th page of ten rows.
func settingsPageQueries[T any](ctx context.Context, t *testing.T, d *db.DB) func(string) []string {
	return func(order string) []string {
		t.Helper()
		var queries, out []string
		idb := d.DB.WithQueryHook(dbtest.Recorder{Queries: &queries})
		if _, _, err := db.List[T](ctx, idb, db.Page{Order: order, Skip: 100, Limit: 10}, func(q *bun.SelectQuery) *bun.SelectQuery { return q }); err != nil {
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
