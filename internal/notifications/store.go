package notifications

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
)

// store holds every query of the notifications. Each is scoped to the current tenant by
// platform/db (db.Select, db.Update, db.Delete, db.List); a missing row unwraps to
// db.ErrNotFound carrying the message key the client sees; anything else is passed on with
// context. No method answers (nil, nil).
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

// ---- publishing ----

func (s store) insertNotification(ctx context.Context, n *notificationRow) error {
	if err := db.Insert(ctx, s.idb, n); err != nil {
		return fmt.Errorf("insert notification %s: %w", n.Name, err)
	}
	return nil
}

func (s store) insertDeliveries(ctx context.Context, rows []userNotificationRow) error {
	if len(rows) == 0 {
		return nil
	}
	if err := db.Insert(ctx, s.idb, &rows); err != nil {
		return fmt.Errorf("insert user notifications: %w", err)
	}
	return nil
}

// unsubscribedOf answers which of users opted out of name.
func (s store) unsubscribedOf(ctx context.Context, name string, users []uuid.UUID) (map[uuid.UUID]bool, error) {
	var ids []uuid.UUID
	err := db.Select(ctx, s.idb, (*unsubscriptionRow)(nil)).Column("user_id").
		Where("?TableAlias.name = ?", name).Where("?TableAlias.user_id IN (?)", bun.In(users)).Scan(ctx, &ids)
	if err != nil {
		return nil, fmt.Errorf("read unsubscriptions of %s: %w", name, err)
	}
	out := make(map[uuid.UUID]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

// dropUnread deletes users' unread deliveries of name (an OnlyOne notification replaces them).
func (s store) dropUnread(ctx context.Context, name string, users []uuid.UUID) error {
	_, err := db.Delete(ctx, s.idb, (*userNotificationRow)(nil)).Where("?TableAlias.name = ?", name).
		Where("?TableAlias.read_state = ?", UnRead).Where("?TableAlias.user_id IN (?)", bun.In(users)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("replace unread %s: %w", name, err)
	}
	return nil
}

// ---- reading ----

// listDeliveries answers a page of user's deliveries q selects, and their count.
func (s store) listDeliveries(ctx context.Context, user uuid.UUID, q Query) ([]userNotificationRow, int, error) {
	order := "?TableAlias.creation_time ASC"
	if q.Reverse {
		order = "?TableAlias.creation_time DESC"
	}
	rows, n, err := db.List[userNotificationRow](ctx, s.idb, db.Page{Order: order, Skip: q.Skip, Limit: q.Limit},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			sq = sq.Where("?TableAlias.user_id = ?", user)
			if q.ReadState != AllStates {
				sq = sq.Where("?TableAlias.read_state = ?", q.ReadState)
			}
			if q.Filter != "" {
				texts := db.WhereContains(db.Select(ctx, s.idb, (*notificationRow)(nil)).Column("id"), q.Filter,
					"title", "message", "description")
				sq = sq.Where("un.notification_id IN (?)", texts) // named: ?TableAlias would be the subquery's
			}
			return sq
		})
	if err != nil {
		return nil, 0, fmt.Errorf("list notifications: %w", err)
	}
	return rows, n, nil
}

// notificationsByID answers the notifications of ids.
func (s store) notificationsByID(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]notificationRow, error) {
	out := make(map[uuid.UUID]notificationRow, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []notificationRow
	if err := db.Select(ctx, s.idb, &rows).Where("?TableAlias.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read notifications: %w", err)
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

// setState sets the read state of user's deliveries of ids (all of them when ids is nil) and
// answers how many it changed.
func (s store) setState(ctx context.Context, user uuid.UUID, ids []uuid.UUID, state ReadState) (int64, error) {
	q := db.Update(ctx, s.idb, (*userNotificationRow)(nil)).Set("read_state = ?", state).
		Where("?TableAlias.user_id = ?", user).Where("?TableAlias.read_state <> ?", state)
	if ids != nil {
		q = q.Where("?TableAlias.notification_id IN (?)", bun.In(ids))
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("set read state: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("set read state: %w", err)
	}
	return n, nil
}

// deleteDelivery deletes user's delivery of notification id.
func (s store) deleteDelivery(ctx context.Context, user, id uuid.UUID) error {
	res, err := db.Delete(ctx, s.idb, (*userNotificationRow)(nil)).Where("?TableAlias.user_id = ?", user).
		Where("?TableAlias.notification_id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete notification %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("delete notification %s: %w", id, err)
	} else if n == 0 {
		return apperr.WithKey(fmt.Errorf("notification %s: %w", id, db.ErrNotFound), KeyNotFound)
	}
	return nil
}

// ---- subscriptions ----

// unsubscriptions answers the names user opted out of.
func (s store) unsubscriptions(ctx context.Context, user uuid.UUID) (map[string]bool, error) {
	var names []string
	err := db.Select(ctx, s.idb, (*unsubscriptionRow)(nil)).Column("name").Where("?TableAlias.user_id = ?", user).Scan(ctx, &names)
	if err != nil {
		return nil, fmt.Errorf("read unsubscriptions: %w", err)
	}
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = true
	}
	return out, nil
}

// subscribe drops user's opt-out of name (none: nothing to do).
func (s store) subscribe(ctx context.Context, user uuid.UUID, name string) error {
	_, err := db.Delete(ctx, s.idb, (*unsubscriptionRow)(nil)).Where("?TableAlias.user_id = ?", user).
		Where("?TableAlias.name = ?", name).Exec(ctx)
	if err != nil {
		return fmt.Errorf("subscribe %s: %w", name, err)
	}
	return nil
}

// unsubscribe records user's opt-out of name (already there: nothing to do).
func (s store) unsubscribe(ctx context.Context, row *unsubscriptionRow) error {
	exists, err := db.Select(ctx, s.idb, (*unsubscriptionRow)(nil)).Where("?TableAlias.user_id = ?", row.UserID).
		Where("?TableAlias.name = ?", row.Name).Exists(ctx)
	if err != nil {
		return fmt.Errorf("unsubscribe %s: %w", row.Name, err)
	}
	if exists {
		return nil
	}
	if err := db.Insert(ctx, s.idb, row); err != nil && !errors.Is(err, db.ErrDuplicate) {
		return fmt.Errorf("unsubscribe %s: %w", row.Name, err)
	}
	return nil
}
