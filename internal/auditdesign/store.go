package auditdesign

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
)

// store holds every query of the review sheets, scoped to the current tenant and live rows by
// platform/db.
type store struct {
	idb bun.IDB
	db  *db.DB
}

func newStore(d *db.DB) store { return store{idb: d, db: d} }

func (s store) with(idb bun.IDB) store { return store{idb: idb, db: s.db} }

// inTx runs fn in one transaction (the current one, when s already is one).
func (s store) inTx(ctx context.Context, fn func(ctx context.Context, tx store) error) error {
	if _, ok := s.idb.(bun.Tx); ok {
		return fn(ctx, s)
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, s.with(tx)) })
}

func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(fmt.Errorf("%s: %w", what, db.ErrNotFound), KeyNotFound)
	}
	return fmt.Errorf("%s: %w", what, err)
}

func (s store) get(ctx context.Context, id uuid.UUID) (*AuditDesign, error) {
	a := new(AuditDesign)
	if err := db.Select(ctx, s.idb, a).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "audit design")
	}
	return a, nil
}

// getMany answers the sheets of ids (of the current tenant), in no order.
func (s store) getMany(ctx context.Context, ids []uuid.UUID) ([]AuditDesign, error) {
	var rows []AuditDesign
	if err := db.Select(ctx, s.idb, &rows).Where("?TableAlias.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("audit designs: %w", err)
	}
	return rows, nil
}

func (s store) insert(ctx context.Context, a *AuditDesign) error {
	if err := db.Insert(ctx, s.idb, a); err != nil {
		return fmt.Errorf("insert audit design: %w", err)
	}
	return nil
}

func (s store) insertLog(ctx context.Context, l *Log) error {
	if err := db.Insert(ctx, s.idb, l); err != nil {
		return fmt.Errorf("insert audit design log: %w", err)
	}
	return nil
}

// move writes a's state and the given columns when the stored row still has state from and
// stamp expected: 0 rows answer a conflict.
func (s store) move(ctx context.Context, a *AuditDesign, from State, expected string, columns ...string) error {
	fresh := db.NewStamp()
	a.ConcurrencyStamp = fresh
	res, err := db.Update(ctx, s.idb, a).WherePK().
		Where("?TableAlias.state = ?", from).
		Where("?TableAlias.concurrency_stamp = ?", expected).
		Column(append(columns, "concurrency_stamp", "last_modification_time", "last_modifier_id")...).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("move audit design: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.WithKey(fmt.Errorf("move audit design %s: %w", a.ID, db.ErrConflict), KeyConflict)
	}
	return nil
}

// update writes columns of a when its stamp is expected.
func (s store) update(ctx context.Context, a *AuditDesign, expected string, columns ...string) error {
	if err := db.UpdateStamped(ctx, s.idb, a, expected, columns...); err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return notFound(err, "update audit design")
		}
		if errors.Is(err, db.ErrConflict) {
			return apperr.WithKey(fmt.Errorf("update audit design: %w", err), KeyConflict)
		}
		return fmt.Errorf("update audit design: %w", err)
	}
	return nil
}

// listSorting maps the list's sortable fields to columns (each with an index of migration 0001).
var listSorting = map[string]string{
	"creationTime": "?TableAlias.creation_time",
	"salesOrderNo": "?TableAlias.sales_order_no",
	"levelIndex":   "?TableAlias.level_index",
	"state":        "?TableAlias.state",
}

const defaultSorting = "?TableAlias.creation_time DESC"

func (s store) list(ctx context.Context, q Query, order string, me uuid.UUID) ([]AuditDesign, int, error) {
	rows, n, err := db.List[AuditDesign](ctx, s.idb, db.Page{Order: order, Skip: q.SkipCount, Limit: q.MaxResultCount},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			if q.SalesOrderID != nil {
				sq = sq.Where("?TableAlias.sales_order_id = ?", *q.SalesOrderID)
			}
			if len(q.States) > 0 {
				sq = sq.Where("?TableAlias.state IN (?)", bun.In(q.States))
			}
			if q.SalesOrderNo != "" {
				sq = db.WhereContains(sq, q.SalesOrderNo, "sales_order_no")
			}
			if q.ClaimedByMe {
				sq = sq.Where("?TableAlias.claimed_by = ?", me)
			}
			if q.From != nil {
				sq = sq.Where("?TableAlias.creation_time >= ?", *q.From)
			}
			if q.To != nil {
				sq = sq.Where("?TableAlias.creation_time < ?", *q.To)
			}
			return sq
		})
	if err != nil {
		return nil, 0, fmt.Errorf("list audit designs: %w", err)
	}
	return rows, n, nil
}

func (s store) logs(ctx context.Context, id uuid.UUID) ([]Log, error) {
	var rows []Log
	if err := db.Select(ctx, s.idb, &rows).Where("?TableAlias.audit_design_id = ?", id).
		OrderExpr("?TableAlias.operation_time, ?TableAlias.id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("audit design logs: %w", err)
	}
	return rows, nil
}

// byOrder answers an order's sheets by level.
func (s store) byOrder(ctx context.Context, orderID uuid.UUID) ([]AuditDesign, error) {
	var rows []AuditDesign
	if err := db.Select(ctx, s.idb, &rows).Where("?TableAlias.sales_order_id = ?", orderID).
		OrderExpr("?TableAlias.level_index, ?TableAlias.id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("order's audit designs: %w", err)
	}
	return rows, nil
}

func (s store) delete(ctx context.Context, a *AuditDesign) error {
	if err := db.SoftDelete(ctx, s.idb, a); err != nil {
		return notFound(err, "delete audit design")
	}
	return nil
}

// untouchedOrders answers the orders whose every sheet still waits (none acted on), by
// order number.
func (s store) untouchedOrders(ctx context.Context) ([]uuid.UUID, error) {
	var rows []struct {
		SalesOrderID uuid.UUID `bun:"sales_order_id"`
	}
	err := db.Select(ctx, s.idb, (*AuditDesign)(nil)).ColumnExpr("?TableAlias.sales_order_id").
		GroupExpr("?TableAlias.sales_order_id, ?TableAlias.sales_order_no").
		Having("MAX(?TableAlias.state) = 0 AND MIN(?TableAlias.state) = 0").
		OrderExpr("?TableAlias.sales_order_no").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("untouched orders: %w", err)
	}
	out := make([]uuid.UUID, len(rows))
	for i, r := range rows {
		out[i] = r.SalesOrderID
	}
	return out, nil
}
