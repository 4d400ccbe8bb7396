package db

import (
	"context"
	"testing"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/sqlitedialect"
)

type hookRow struct {
	bun.BaseModel `bun:"table:hook_rows"`
	ID            int `bun:"id,pk"`
}

// announced records what the hook announces.
type announced struct{ tables []string }

func (a *announced) Count(ctx context.Context, _, _ string, load func(context.Context) (int, error)) (int, error) {
	return load(ctx)
}
func (a *announced) Changed(_ context.Context, table string) { a.tables = append(a.tables, table) }

func TestTheHookAnnouncesWritesWithTheirTableAndNothingElse(t *testing.T) {
	b := bun.NewDB(nil, sqlitedialect.New())
	row := &hookRow{}
	cases := []struct {
		name  string
		event *bun.QueryEvent
		want  []string // nil: nothing announced; "": every table
	}{
		{"a select", &bun.QueryEvent{IQuery: b.NewSelect().Model(row), Model: nil, Query: "SELECT 1"}, nil},
		{"an insert of a model", &bun.QueryEvent{IQuery: b.NewInsert().Model(row), Query: "INSERT INTO hook_rows"}, []string{"hook_rows"}},
		{"an update without a model", &bun.QueryEvent{IQuery: b.NewUpdate().Table("x"), Query: "UPDATE x SET a = 1"}, []string{""}},
		{"a raw delete", &bun.QueryEvent{Query: "  delete FROM x"}, []string{""}},
		{"a raw update through NewRaw", &bun.QueryEvent{IQuery: b.NewRaw("UPDATE x SET a = 1"), Query: "UPDATE x SET a = 1"}, []string{""}},
		{"a raw select", &bun.QueryEvent{Query: "SELECT pg_notify('kerf_bus', '{}')"}, nil},
		{"a commit", &bun.QueryEvent{Query: "COMMIT"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if m, ok := c.event.IQuery.(interface{ GetModel() bun.Model }); ok && c.event.Model == nil {
				c.event.Model = m.GetModel()
			}
			var a announced
			countsHook{&a}.AfterQuery(context.Background(), c.event)
			if len(a.tables) != len(c.want) || (len(c.want) == 1 && a.tables[0] != c.want[0]) {
				t.Fatalf("announced %q, want %q", a.tables, c.want)
			}
		})
	}
}

func TestTheHookAllocatesNothingOnReads(t *testing.T) {
	b := bun.NewDB(nil, sqlitedialect.New())
	var a announced
	h := countsHook{&a}
	ctx := context.Background()
	sel := &bun.QueryEvent{IQuery: b.NewSelect().Model(&hookRow{}), Query: "SELECT 1"}
	raw := &bun.QueryEvent{Query: "SELECT 1"}
	if n := testing.AllocsPerRun(100, func() { h.AfterQuery(ctx, sel); h.AfterQuery(ctx, raw) }); n != 0 {
		t.Fatalf("%v allocations per read", n)
	}
}
