package catalog

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
)

// itemRow is a product or a part row.
type itemRow interface{ Product | Part }

// itemPtr is a pointer to an item row.
type itemPtr[T itemRow] interface {
	*T
	db.Stamped
	fields() *ItemFields
	entity() *db.Entity
}

func (p *Product) fields() *ItemFields { return &p.ItemFields }
func (p *Product) entity() *db.Entity  { return &p.Entity }
func (p *Part) fields() *ItemFields    { return &p.ItemFields }
func (p *Part) entity() *db.Entity     { return &p.Entity }

// itemSorting is the sorting whitelist of products and parts.
var itemSorting = map[string]string{
	"name": "name", "code": "code", "erpCode": "erp_code", "length": "length", "width": "width",
	"height": "height", "price": "price", "creationTime": "creation_time", "isEnable": "is_enable",
}

// likePattern turns a user's filter into a LIKE pattern matching it as a substring.
func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + strings.ToLower(r.Replace(strings.TrimSpace(s))) + "%"
}

// whereLike adds "any of columns contains filter", case-insensitively.
func whereLike(q *bun.SelectQuery, filter string, columns ...string) *bun.SelectQuery {
	if strings.TrimSpace(filter) == "" {
		return q
	}
	pat := likePattern(filter)
	return q.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
		for _, c := range columns {
			q = q.WhereOr("LOWER(?TableAlias."+c+") LIKE ? ESCAPE '\\'", pat)
		}
		return q
	})
}

// selectItems lists items of T by q; total is the count before paging.
func selectItems[T itemRow](ctx context.Context, idb bun.IDB, q ItemQuery) ([]T, int, error) {
	order, err := httpapi.Sorting(q.Sorting, itemSorting, "id ASC")
	if err != nil {
		return nil, 0, err
	}
	rows := []T{}
	// The deletion columns are never answered (and always empty here).
	sq := db.Select(ctx, idb, &rows).ExcludeColumn("deleter_id", "deletion_time")
	if len(q.CatalogIDs) > 0 {
		sq = sq.Where("?TableAlias.catalog_id IN (?)", bun.In(q.CatalogIDs))
	}
	if q.IsEnable != nil {
		sq = sq.Where("?TableAlias.is_enable = ?", *q.IsEnable)
	}
	sq = whereLike(sq, q.Filter, "name", "code")
	sq = sq.OrderExpr(order)
	if q.Limit > 0 {
		sq = sq.Limit(int64(q.Limit)).Offset(int64(q.Skip))
		n, err := sq.ScanAndCount(ctx)
		if err != nil {
			return nil, 0, fmt.Errorf("list items: %w", err)
		}
		return rows, int(n), nil
	}
	if err := sq.Scan(ctx); err != nil {
		return nil, 0, fmt.Errorf("list items: %w", err)
	}
	return rows, len(rows), nil
}

// getItem loads one item of the current tenant.
func getItem[T itemRow, P itemPtr[T]](ctx context.Context, idb bun.IDB, id uuid.UUID) (*T, error) {
	row := new(T)
	if err := db.Select(ctx, idb, row).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, db.NotFound(err, "item")
	}
	return row, nil
}

// softDeleteWhere marks every row of model's table matching where deleted, within the
// current tenant, and returns how many it marked.
func softDeleteWhere(ctx context.Context, idb bun.IDB, model any, where string, args ...any) (int64, error) {
	now := time.Now().UTC()
	res, err := db.Update(ctx, idb, model).
		Set("is_deleted = ?", true).Set("deletion_time = ?", now).Set("deleter_id = ?", auth.UserID(ctx)).
		Where(where, args...).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("delete: %w", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// countWhere counts the current tenant's live rows of model matching where.
func countWhere(ctx context.Context, idb bun.IDB, model any, where string, args ...any) (int, error) {
	n, err := db.Select(ctx, idb, model).Where(where, args...).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count: %w", err)
	}
	return int(n), nil
}

// insertBatched inserts rows in batches so that no statement exceeds the databases'
// limits on bound parameters.
func insertBatched[T any](ctx context.Context, idb bun.IDB, rows []T, batch int) error {
	for start := 0; start < len(rows); start += batch {
		end := min(start+batch, len(rows))
		chunk := rows[start:end]
		if err := db.Insert(ctx, idb, &chunk); err != nil {
			return err
		}
	}
	return nil
}
