package wechat

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// store is every query of the area; each is scoped to ctx's tenant by the data layer.
type store struct{ db bun.IDB }

func (s store) insertState(ctx context.Context, row *State) error { return db.Insert(ctx, s.db, row) }

// takeState deletes the live state of that hash, purpose and user (nil: a sign-in state) and
// reports whether this call did: a state works once, on one replica, before it expires.
func (s store) takeState(ctx context.Context, hash, purpose string, userID *uuid.UUID, now time.Time) (bool, error) {
	q := db.Delete(ctx, s.db, (*State)(nil)).Where("state_hash = ?", hash).Where("purpose = ?", purpose).
		Where("expires_at > ?", now)
	if userID != nil {
		q = q.Where("user_id = ?", *userID)
	} else {
		q = q.Where("user_id IS NULL")
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("take wechat state: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("take wechat state: %w", err)
	}
	return n == 1, nil
}

// sweepStates deletes the tenant's expired states.
func (s store) sweepStates(ctx context.Context, now time.Time) error {
	if _, err := db.Delete(ctx, s.db, (*State)(nil)).Where("expires_at <= ?", now).Exec(ctx); err != nil {
		return fmt.Errorf("sweep wechat states: %w", err)
	}
	return nil
}

// bindingOfUser answers the user's binding, or an error unwrapping to db.ErrNotFound.
func (s store) bindingOfUser(ctx context.Context, userID uuid.UUID) (*Binding, error) {
	b := new(Binding)
	err := db.Select(ctx, s.db, b).Where("user_id = ?", userID).Limit(1).Scan(ctx)
	return b, db.NotFound(err, "wechat binding")
}

// bindingOfOpenID answers the tenant's binding of the WeChat account, or db.ErrNotFound.
func (s store) bindingOfOpenID(ctx context.Context, openID string) (*Binding, error) {
	b := new(Binding)
	err := db.Select(ctx, s.db, b).Where("open_id = ?", openID).Limit(1).Scan(ctx)
	return b, db.NotFound(err, "wechat binding")
}

func (s store) insertBinding(ctx context.Context, b *Binding) error { return db.Insert(ctx, s.db, b) }

func (s store) renameBinding(ctx context.Context, id uuid.UUID, nickName string) error {
	if _, err := db.Update(ctx, s.db, (*Binding)(nil)).Set("nick_name = ?", nickName).Where("?TableAlias.id = ?", id).Exec(ctx); err != nil {
		return fmt.Errorf("rename wechat binding: %w", err)
	}
	return nil
}

// deleteBindingOfUser removes the user's binding; it reports whether there was one.
func (s store) deleteBindingOfUser(ctx context.Context, userID uuid.UUID) (bool, error) {
	res, err := db.Delete(ctx, s.db, (*Binding)(nil)).Where("user_id = ?", userID).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("delete wechat binding: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
