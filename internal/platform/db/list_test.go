package db_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/db/dbtest"
	"kerf/internal/platform/tenancy"
)

type listRow struct {
	bun.BaseModel `bun:"table:test_list_rows,alias:lr"`
	db.Entity
	Name string   `bun:"name,notnull"`
	Code string   `bun:"code,notnull"`
	Size *float64 `bun:"size"`
}

var listMigrations = []db.Migration{{ID: "test/0001_list_rows", Up: db.DDL(`
CREATE TABLE "test_list_rows" ("id" uuid NOT NULL, "tenant_id" uuid, "creation_time" TIMESTAMP NOT NULL, "creator_id" uuid,
	"last_modification_time" TIMESTAMP, "last_modifier_id" uuid, "is_deleted" BOOLEAN NOT NULL DEFAULT false, "deleter_id" uuid,
	"deletion_time" TIMESTAMP, "concurrency_stamp" VARCHAR NOT NULL, "name" VARCHAR NOT NULL, "code" VARCHAR NOT NULL,
	"size" DOUBLE PRECISION, PRIMARY KEY ("id"));
CREATE INDEX "ix_test_list_rows_name" ON "test_list_rows" ("tenant_id", "name")
`, `
CREATE TABLE "test_list_rows" ("id" uuid NOT NULL, "tenant_id" uuid, "creation_time" TIMESTAMPTZ NOT NULL, "creator_id" uuid,
	"last_modification_time" TIMESTAMPTZ, "last_modifier_id" uuid, "is_deleted" BOOLEAN NOT NULL DEFAULT false, "deleter_id" uuid,
	"deletion_time" TIMESTAMPTZ, "concurrency_stamp" VARCHAR NOT NULL, "name" VARCHAR NOT NULL, "code" VARCHAR NOT NULL,
	"size" DOUBLE PRECISION, PRIMARY KEY ("id"));
CREATE INDEX "ix_test_list_rows_name" ON "test_list_rows" ("tenant_id", "name")
`)}}

var listSorting = map[string]string{"name": "name", "code": "code", "creationTime": "creation_time"}

func TestOrderOnlyAllowsWhitelistedColumns(t *testing.T) {
	allowed := map[string]string{"name": "name", "creationTime": "creation_time"}
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"", "name ASC", true},
		{"  ", "name ASC", true},
		{"name desc", "name DESC", true},
		{"Name", "name ASC", true},
		{"NAME DESC", "name DESC", true},
		{"creationTime desc, name", "creation_time DESC, name ASC", true},
		{"password", "", false},
		{"name; DROP TABLE users", "", false},
		{"name sideways", "", false},
		{"name desc extra", "", false},
		{"name,", "", false},
	}
	for _, c := range cases {
		got, err := db.Order(c.in, allowed, "name ASC")
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("Order(%q) = %q, %v; want %q ok=%v", c.in, got, err, c.want, c.ok)
		}
		var ve *apperr.ValidationError
		if err != nil && (!errors.As(err, &ve) || ve.Fields[0].Field != "sorting") {
			t.Errorf("Order(%q): %v is not a validation error on sorting", c.in, err)
		}
	}
}

// queryLog counts the statements a test's database runs.
type queryLog struct {
	mu      sync.Mutex
	queries []string
}

func (l *queryLog) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }
func (l *queryLog) AfterQuery(_ context.Context, e *bun.QueryEvent) {
	l.mu.Lock()
	l.queries = append(l.queries, e.Query)
	l.mu.Unlock()
}

func (l *queryLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.queries
	l.queries = nil
	return out
}

func countQueries(qs []string) int {
	n := 0
	for _, q := range qs {
		if strings.Contains(strings.ToLower(q), "count(*)") {
			n++
		}
	}
	return n
}

func TestListPagesNeverOverlapAndCountOnlyWhenThePageCannotTell(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: ptr(uuid.New())})
		if err := d.Migrate(ctx, listMigrations); err != nil {
			t.Fatal(err)
		}
		// 25 rows whose names tie five by five: only the id tiebreak orders them.
		for i := range 25 {
			if err := db.Insert(ctx, d, &listRow{Name: fmt.Sprintf("n%d", i%5), Code: fmt.Sprintf("c%02d", i)}); err != nil {
				t.Fatal(err)
			}
		}
		other := tenancy.WithTenant(context.Background(), tenancy.Tenant{ID: ptr(uuid.New())})
		if err := db.Insert(other, d, &listRow{Name: "n0", Code: "other"}); err != nil {
			t.Fatal(err)
		}
		gone := &listRow{Name: "n0", Code: "gone"}
		if err := db.Insert(ctx, d, gone); err != nil {
			t.Fatal(err)
		}
		if err := db.SoftDelete(ctx, d, gone); err != nil {
			t.Fatal(err)
		}
		log := &queryLog{}
		d.AddQueryHook(log)

		order, err := db.Order("name desc", listSorting, "")
		if err != nil {
			t.Fatal(err)
		}
		all, total, err := db.List[listRow](ctx, d, db.Page{Order: order}, nil)
		if err != nil || total != 25 || len(all) != 25 {
			t.Fatalf("every row: %d rows, total %d, %v", len(all), total, err)
		}
		seen := map[uuid.UUID]int{}
		var paged []listRow
		for skip := 0; skip < 30; skip += 10 {
			log.take()
			rows, total, err := db.List[listRow](ctx, d, db.Page{Order: order, Skip: skip, Limit: 10}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if total != 25 {
				t.Fatalf("page at %d: total %d, want 25", skip, total)
			}
			counts := countQueries(log.take())
			if wantCount := map[int]int{0: 1, 10: 1, 20: 0}[skip]; counts != wantCount {
				t.Errorf("page at %d ran %d counts, want %d", skip, counts, wantCount)
			}
			for _, r := range rows {
				seen[r.ID]++
			}
			paged = append(paged, rows...)
		}
		if len(seen) != 25 || len(paged) != 25 {
			t.Fatalf("pages cover %d distinct rows of %d answered, want 25", len(seen), len(paged))
		}
		for i := range paged {
			if paged[i].ID != all[i].ID {
				t.Fatalf("row %d of the pages is %s, of the whole list %s", i, paged[i].Code, all[i].Code)
			}
			if i > 0 && paged[i].Name > paged[i-1].Name {
				t.Fatalf("not sorted by name desc at %d: %s after %s", i, paged[i].Name, paged[i-1].Name)
			}
		}

		// A short first page tells the total: no count. Past the end a count is needed.
		log.take()
		filter := func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("?TableAlias.name = ?", "n1") }
		rows, total, err := db.List[listRow](ctx, d, db.Page{Order: order, Limit: 10}, filter)
		if err != nil || len(rows) != 5 || total != 5 || countQueries(log.take()) != 0 {
			t.Fatalf("short first page: %d rows, total %d, %v", len(rows), total, err)
		}
		rows, total, err = db.List[listRow](ctx, d, db.Page{Order: order, Skip: 50, Limit: 10}, nil)
		if err != nil || len(rows) != 0 || total != 25 {
			t.Fatalf("past the end: %d rows, total %d, %v", len(rows), total, err)
		}

		// Only the listed columns are read.
		rows, _, err = db.List[listRow](ctx, d, db.Page{Order: order, Limit: 3, Columns: []string{"id", "name"}}, nil)
		if err != nil || len(rows) != 3 || rows[0].Name == "" || rows[0].Code != "" {
			t.Fatalf("listed columns: %+v, %v", rows, err)
		}
	})
}

func TestWhereContainsEscapesWildcards(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.Migrate(ctx, listMigrations); err != nil {
			t.Fatal(err)
		}
		for _, n := range []string{"Oak 18%", "Oak 180", "a_b", "axb", `c\d`, "cd", "柜体"} {
			if err := db.Insert(ctx, d, &listRow{Name: n, Code: strings.ToUpper(n)}); err != nil {
				t.Fatal(err)
			}
		}
		cases := []struct {
			filter string
			want   int
		}{
			{"", 7},
			{"   ", 7},
			{"oak", 2},
			{"18%", 1},
			{"%", 1},
			{"_", 1},
			{"A_B", 1},
			{`\`, 1},
			{`c\d`, 1},
			{"柜", 1},
		}
		for _, c := range cases {
			var rows []listRow
			err := db.WhereContains(db.Select(ctx, d, &rows), c.filter, "name", "lr.code").Scan(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != c.want {
				t.Errorf("filter %q: %d rows, want %d", c.filter, len(rows), c.want)
			}
		}
	})
}

func ptr[T any](v T) *T { return &v }

func TestTheIDTiebreakFollowsTheLastKey(t *testing.T) {
	for in, want := range map[string]string{
		"":                          "?TableAlias.id ASC",
		"name ASC":                  "name ASC, ?TableAlias.id ASC",
		"name DESC":                 "name DESC, ?TableAlias.id DESC",
		"code ASC, name DESC":       "code ASC, name DESC, ?TableAlias.id DESC",
		"id ASC":                    "id ASC",
		"menu.sort_order ASC, m.id": "menu.sort_order ASC, m.id",
	} {
		if got := db.WithIDTiebreak(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
