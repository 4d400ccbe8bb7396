package pageconfig

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
)

// store holds every query of the area. Each is scoped to the current tenant and to live rows
// by platform/db (db.Select, db.Update, db.List…), and answers errors that keep their kind:
// a missing row unwraps to db.ErrNotFound carrying KeyNotFound, a unique index's refusal to
// db.ErrDuplicate, anything else (an outage) is passed on with context. No method answers
// (nil, nil).
type store struct {
	idb bun.IDB // the database, or the transaction a method of inTx runs in
	db  *db.DB
}

func newStore(d *db.DB) store { return store{idb: d, db: d} }

// inTx runs fn with a store bound to one transaction (the current one, when s already is),
// committed when fn returns nil.
func (s store) inTx(ctx context.Context, fn func(ctx context.Context, tx store) error) error {
	if _, ok := s.idb.(bun.Tx); ok {
		return fn(ctx, s)
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, store{idb: tx, db: s.db}) })
}

// with answers a store writing through idb (a transaction another area opened).
func (s store) with(idb bun.IDB) store { return store{idb: idb, db: s.db} }

// notFound turns a missing row into db.ErrNotFound carrying KeyNotFound; other errors keep
// their kind.
func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(fmt.Errorf("%s: %w", what, db.ErrNotFound), KeyNotFound)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// sorting is the whitelist of the administrators' list: API name → column. Each column has
// an index led by the tenant (pageconfig/0001).
var sorting = map[string]string{
	"routeKey": "route_key", "kind": "kind", "creationTime": "creation_time",
	"lastModificationTime": "last_modification_time",
}

const defaultOrder = "route_key ASC"

// list answers a page of the rows q selects, in order (built by db.Order), and their count.
func (s store) list(ctx context.Context, q Query, order string) ([]PageConfiguration, int, error) {
	rows, n, err := db.List[PageConfiguration](ctx, s.idb, db.Page{Order: order, Skip: q.Skip, Limit: q.Limit},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			if q.Kind != "" {
				sq = sq.Where("?TableAlias.kind = ?", q.Kind)
			}
			if q.RouteKey != "" {
				sq = sq.Where("?TableAlias.route_key = ?", q.RouteKey)
			}
			return db.WhereContains(sq, q.Filter, "route_key")
		})
	if err != nil {
		return nil, 0, fmt.Errorf("list page configurations: %w", err)
	}
	return rows, n, nil
}

func (s store) get(ctx context.Context, id uuid.UUID) (*PageConfiguration, error) {
	r := new(PageConfiguration)
	if err := db.Select(ctx, s.idb, r).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "page configuration "+id.String())
	}
	return r, nil
}

// shared answers the role and tenant rows of a route, oldest first.
func (s store) shared(ctx context.Context, routeKey string) ([]PageConfiguration, error) {
	rows := []PageConfiguration{}
	err := db.Select(ctx, s.idb, &rows).Where("?TableAlias.route_key = ?", routeKey).
		Where("?TableAlias.kind IN (?)", bun.In([]string{KindRole, KindTenant})).
		OrderExpr("?TableAlias.creation_time, ?TableAlias.id").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("read the configurations of route %s: %w", routeKey, err)
	}
	return rows, nil
}

// own answers a user's rows of a route (at most one, the unique index says).
func (s store) own(ctx context.Context, userID uuid.UUID, routeKey string) ([]PageConfiguration, error) {
	rows := []PageConfiguration{}
	err := db.Select(ctx, s.idb, &rows).Where("?TableAlias.user_id = ?", userID).
		Where("?TableAlias.route_key = ?", routeKey).Where("?TableAlias.kind = ?", KindUser).Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("read the configuration of user %s on route %s: %w", userID, routeKey, err)
	}
	return rows, nil
}

// tenantDefault answers the side's default row of a route.
func (s store) tenantDefault(ctx context.Context, routeKey string) (*PageConfiguration, error) {
	r := new(PageConfiguration)
	err := db.Select(ctx, s.idb, r).Where("?TableAlias.route_key = ?", routeKey).
		Where("?TableAlias.kind = ?", KindTenant).Limit(1).Scan(ctx)
	if err != nil {
		return nil, notFound(err, "default configuration of route "+routeKey)
	}
	return r, nil
}

// roleRows answers every role row of the tenant.
func (s store) roleRows(ctx context.Context) ([]PageConfiguration, error) {
	rows := []PageConfiguration{}
	if err := db.Select(ctx, s.idb, &rows).Where("?TableAlias.kind = ?", KindRole).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read role configurations: %w", err)
	}
	return rows, nil
}

func (s store) insert(ctx context.Context, r *PageConfiguration) error {
	now := time.Now().UTC().Truncate(time.Microsecond)
	r.CreationTime, r.LastModificationTime = now, &now // the list sorts by last modification
	r.LastModifierID = auth.UserID(ctx)
	if err := db.Insert(ctx, s.idb, r); err != nil {
		return fmt.Errorf("insert page configuration: %w", err)
	}
	return nil
}

func (s store) update(ctx context.Context, r *PageConfiguration, stamp string, columns ...string) error {
	if err := db.UpdateStamped(ctx, s.idb, r, stamp, columns...); err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return apperr.WithKey(err, KeyNotFound)
		}
		return fmt.Errorf("update page configuration: %w", err)
	}
	return nil
}

func (s store) remove(ctx context.Context, r *PageConfiguration) error {
	if err := db.SoftDelete(ctx, s.idb, r); err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return apperr.WithKey(err, KeyNotFound)
		}
		return fmt.Errorf("delete page configuration: %w", err)
	}
	return nil
}

// removeUser soft-deletes every row of a user.
func (s store) removeUser(ctx context.Context, userID uuid.UUID) error {
	_, err := db.Update(ctx, s.idb, (*PageConfiguration)(nil)).
		Set("is_deleted = ?", true).Set("deletion_time = ?", time.Now().UTC()).Set("deleter_id = ?", auth.UserID(ctx)).
		Where("?TableAlias.user_id = ?", userID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete the configurations of user %s: %w", userID, err)
	}
	return nil
}
