package menus

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// hostCtx is ctx acting in the host: menu rows are host rows, read and written the same
// way whichever tenant the request acts in.
func hostCtx(ctx context.Context) context.Context {
	return tenancy.WithTenant(ctx, tenancy.Tenant{})
}

const childCountExpr = "(SELECT COUNT(*) FROM menus AS c WHERE c.parent_id = menu.id AND c.is_deleted = ?) AS child_count"

// listRows returns every live row, ordered for display.
func listRows(ctx context.Context, idb bun.IDB) ([]Menu, error) {
	var rows []Menu
	err := db.Select(hostCtx(ctx), idb, &rows).OrderExpr("menu.sort_order ASC, menu.name ASC").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("list menus: %w", err)
	}
	return rows, nil
}

// listRowsWithDeleted returns every row, deleted ones included (for the start-up sync).
func listRowsWithDeleted(ctx context.Context, idb bun.IDB) ([]Menu, error) {
	var rows []Menu
	if err := db.Select(db.WithDeleted(hostCtx(ctx)), idb, &rows).Scan(ctx); err != nil {
		return nil, fmt.Errorf("list menus: %w", err)
	}
	return rows, nil
}

// getRow returns a live row with its child count.
func getRow(ctx context.Context, idb bun.IDB, id uuid.UUID) (*Menu, error) {
	m := new(Menu)
	err := db.Select(hostCtx(ctx), idb, m).ColumnExpr("menu.*").ColumnExpr(childCountExpr, false).
		Where("menu.id = ?", id).Scan(ctx)
	return m, db.NotFound(err, "menu")
}

// nameTaken reports whether any row, deleted or not, has name.
func nameTaken(ctx context.Context, idb bun.IDB, name string) (bool, error) {
	ok, err := db.Select(db.WithDeleted(hostCtx(ctx)), idb, (*Menu)(nil)).Where("?TableAlias.name = ?", name).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("check menu name: %w", err)
	}
	return ok, nil
}

// pageRows returns one page of live rows matching filter (and under parentID when it is
// set), each with its child count, and the total count.
func pageRows(ctx context.Context, idb bun.IDB, filter string, parentID *uuid.UUID, page db.Page) ([]Menu, int, error) {
	page.Shape = func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.ColumnExpr("menu.*").ColumnExpr(childCountExpr, false)
	}
	rows, n, err := db.List[Menu](hostCtx(ctx), idb, page, func(q *bun.SelectQuery) *bun.SelectQuery {
		q = db.WhereContains(q, filter, "menu.name", "menu.path", "menu.display_name_zh_hans", "menu.display_name_en", "menu.component")
		if parentID != nil {
			q = q.Where("menu.parent_id = ?", *parentID)
		}
		return q
	})
	if err != nil {
		return nil, 0, fmt.Errorf("page menus: %w", err)
	}
	return rows, n, nil
}
