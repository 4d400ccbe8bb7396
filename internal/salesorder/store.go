package salesorder

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

// store holds every query of the sales orders. Each is scoped to the current tenant and to
// live rows by platform/db, and answers errors that keep their kind: a missing row unwraps
// to db.ErrNotFound (carrying the message key the client sees), a unique index's refusal to
// db.ErrDuplicate, anything else is passed on with context. No method answers (nil, nil).
type store struct {
	idb bun.IDB // the database, or the transaction a method of inTx runs in
	db  *db.DB
}

func newStore(d *db.DB) store { return store{idb: d, db: d} }

// with answers a store bound to idb (a caller's transaction).
func (s store) with(idb bun.IDB) store { return store{idb: idb, db: s.db} }

// inTx runs fn with a store bound to one transaction (the current one, when s already is),
// committed when fn returns nil.
func (s store) inTx(ctx context.Context, fn func(ctx context.Context, tx store) error) error {
	if _, ok := s.idb.(bun.Tx); ok {
		return fn(ctx, s)
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, s.with(tx)) })
}

// notFound turns a missing row into db.ErrNotFound carrying key; other errors keep their kind.
func notFound(err error, what, key string) error {
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(fmt.Errorf("%s: %w", what, db.ErrNotFound), key)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// ---- orders ----

// getOrder answers one order of the current tenant.
func (s store) getOrder(ctx context.Context, id uuid.UUID) (*SalesOrder, error) {
	o := new(SalesOrder)
	if err := db.Select(ctx, s.idb, o).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "sales order", KeyOrderNotFound)
	}
	return o, nil
}

// updateOrder writes the given columns of o when its stored stamp equals expected ("" skips
// the check) and gives it a new stamp.
func (s store) updateOrder(ctx context.Context, o *SalesOrder, expected string, columns ...string) error {
	if err := db.UpdateStamped(ctx, s.idb, o, expected, columns...); err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return notFound(err, "update sales order", KeyOrderNotFound)
		}
		return fmt.Errorf("update sales order: %w", err)
	}
	return nil
}
