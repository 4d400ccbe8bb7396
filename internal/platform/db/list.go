package db

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/schema"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
)

// Order turns a client's sorting ("name desc, code") into an ORDER BY expression that
// names only whitelisted columns: allowed maps the API name (matched without regard to
// case) to its SQL column. An empty input gives def. Anything else (an unknown column, a
// third word, a direction other than asc/desc) answers a validation error on "sorting",
// so no client text ever reaches the SQL.
func Order(input string, allowed map[string]string, def string) (string, error) {
	input = strings.TrimSpace(input)
	if input == "" {
		return def, nil
	}
	var parts []string
	for _, item := range strings.Split(input, ",") {
		f := strings.Fields(item)
		if len(f) == 0 || len(f) > 2 {
			return "", apperr.Invalid("sorting", localization.KeySortingNotAllowed, strings.TrimSpace(item))
		}
		col, ok := lookupFold(allowed, f[0])
		if !ok {
			return "", apperr.Invalid("sorting", localization.KeySortingNotAllowed, f[0])
		}
		dir := "ASC"
		if len(f) == 2 {
			switch strings.ToLower(f[1]) {
			case "asc":
			case "desc":
				dir = "DESC"
			default:
				return "", apperr.Invalid("sorting", localization.KeySortingNotAllowed, strings.TrimSpace(item))
			}
		}
		parts = append(parts, col+" "+dir)
	}
	return strings.Join(parts, ", "), nil
}

func lookupFold(m map[string]string, k string) (string, bool) {
	if v, ok := m[k]; ok {
		return v, true
	}
	for mk, v := range m {
		if strings.EqualFold(mk, k) {
			return v, true
		}
	}
	return "", false
}

// Page is what one list call asks for.
type Page struct {
	// Order is an ORDER BY built by Order (never client text); List adds the row id as
	// the last key, in the direction of the last one, so that pages never overlap or skip
	// a row when keys tie.
	Order string
	Skip  int
	Limit int // rows per page; 0 answers every row (exports)
	// Columns are the columns the answered rows need; none means every column.
	Columns []string
	// Shape, when set, further shapes the query that reads the page's rows (ColumnExpr
	// of a computed column, ExcludeColumn). It never filters: filters go to List's filter.
	Shape func(*bun.SelectQuery) *bun.SelectQuery
}

// List answers one page of T's rows (T is a table model with a UUID primary key "id"),
// scoped like Select (current tenant, live rows), that filter selects, and how many
// rows filter selects in all. It is built to stay fast on large tables:
//
//   - past the first page it selects the page's ids first (SELECT id … WHERE … ORDER BY
//     <order>, id LIMIT n OFFSET k), which an index led by tenant_id and the sort column
//     answers without reading or sorting whole rows, then the rows of those ids (only
//     Columns, when given), put in the ids' order in Go (at most Limit rows); the
//     first page, which skips nothing, is read in one statement;
//   - and the total with COUNT(*) under the same WHERE and no ORDER BY, skipped when the
//     page itself tells the total (a page shorter than Limit that is not empty, or the
//     first page). With SetCounts the total comes from this replica's counts until a write
//     to T's table (on any replica) drops it; a total read inside a transaction is not kept.
//
// filter may be nil. With Limit 0 every row is read in one query.
func List[T any](ctx context.Context, idb bun.IDB, p Page, filter func(*bun.SelectQuery) *bun.SelectQuery) ([]T, int, error) {
	if filter == nil {
		filter = func(q *bun.SelectQuery) *bun.SelectQuery { return q }
	}
	order := withIDTiebreak(p.Order)
	rows := []T{}
	if p.Limit <= 0 {
		q := filter(shapeRows(Select(ctx, idb, &rows), p)).OrderExpr(order)
		if err := q.Scan(ctx); err != nil {
			return nil, 0, fmt.Errorf("list: %w", err)
		}
		return rows, len(rows), nil
	}
	if p.Skip <= 0 {
		// The first page skips nothing, so reading its rows at once costs what reading their
		// ids would, and saves a statement on the page every list opens with.
		q := filter(shapeRows(Select(ctx, idb, &rows), p)).OrderExpr(order).Limit(int64(p.Limit))
		if err := q.Scan(ctx); err != nil {
			return nil, 0, fmt.Errorf("list: %w", err)
		}
		total, err := pageTotal[T](ctx, idb, p, len(rows), filter)
		return rows, total, err
	}
	var ids []uuid.UUID
	err := filter(Select(ctx, idb, (*T)(nil)).Column("id")).OrderExpr(order).
		Limit(int64(p.Limit)).Offset(int64(p.Skip)).Scan(ctx, &ids)
	if err != nil {
		return nil, 0, fmt.Errorf("list ids: %w", err)
	}
	total, err := pageTotal[T](ctx, idb, p, len(ids), filter)
	if err != nil || len(ids) == 0 {
		return rows, total, err
	}
	// The rows are put in the ids' order here rather than by ORDER BY: SQLite without
	// statistics answers "id IN (…) ORDER BY <sort>" by walking the whole sort index
	// (hundreds of milliseconds at a million rows) instead of sorting the page's rows.
	p.Columns = withID(p.Columns)
	err = shapeRows(Select(ctx, idb, &rows), p).Where("?TableAlias.id IN (?)", bun.In(ids)).Scan(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("list rows: %w", err)
	}
	return inIDOrder(idb, rows, ids), total, nil
}

// withID adds the id to columns that do not name it (none means every column already).
func withID(columns []string) []string {
	if len(columns) == 0 || slices.Contains(columns, "id") {
		return columns
	}
	return append(slices.Clip(columns), "id")
}

// inIDOrder answers rows in the order of ids (rows deleted since the ids were read are
// simply absent).
func inIDOrder[T any](idb bun.IDB, rows []T, ids []uuid.UUID) []T {
	table := idb.Dialect().Tables().Get(reflect.TypeFor[T]())
	if len(table.PKs) != 1 {
		return rows
	}
	pk := table.PKs[0]
	at := make(map[uuid.UUID]int, len(ids))
	for i, id := range ids {
		at[id] = i
	}
	slices.SortStableFunc(rows, func(a, b T) int {
		return at[pkOf(pk, &a)] - at[pkOf(pk, &b)]
	})
	return rows
}

func pkOf[T any](pk *schema.Field, row *T) uuid.UUID {
	id, _ := pk.Value(reflect.ValueOf(row).Elem()).Interface().(uuid.UUID)
	return id
}

// pageTotal is the total of a list whose page p held got rows: told by the page itself when
// it is short (and not an empty page past the end), else counted.
func pageTotal[T any](ctx context.Context, idb bun.IDB, p Page, got int, filter func(*bun.SelectQuery) *bun.SelectQuery) (int, error) {
	if got < p.Limit && (got > 0 || p.Skip <= 0) {
		return max(p.Skip, 0) + got, nil
	}
	n, err := countRows(ctx, idb, filter(Select(ctx, idb, (*T)(nil))))
	if err != nil {
		return 0, fmt.Errorf("count: %w", err)
	}
	return n, nil
}

func shapeRows(q *bun.SelectQuery, p Page) *bun.SelectQuery {
	if len(p.Columns) > 0 {
		q = q.Column(p.Columns...)
	}
	if p.Shape != nil {
		q = p.Shape(q)
	}
	return q
}

// withIDTiebreak appends the row id to order, in the direction of order's last key (so
// that one index on the sort column and id, read forwards or backwards, gives the whole
// order), unless order already ends with the id.
func withIDTiebreak(order string) string {
	order = strings.TrimSpace(order)
	if order == "" {
		return "?TableAlias.id ASC"
	}
	f := strings.Fields(order[strings.LastIndexByte(order, ',')+1:])
	if len(f) == 0 {
		return order + ", ?TableAlias.id ASC"
	}
	if col := f[0][strings.LastIndexByte(f[0], '.')+1:]; strings.Trim(col, `"`) == "id" {
		return order
	}
	dir := "ASC"
	if len(f) > 1 && strings.EqualFold(f[1], "DESC") {
		dir = "DESC"
	}
	return order + ", ?TableAlias.id " + dir
}
