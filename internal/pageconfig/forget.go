package pageconfig

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/identity"
	"kerf/internal/platform/db"
)

// forgetRole takes a deleted role out of every role list of its side (identity.OnRoleDelete),
// inside the deleting transaction tx: role lists hold names, and a role created later under the
// same name must not inherit the configuration. A configuration left with no role is deleted
// (it applied to nobody; becoming the side's default would change everyone's columns).
// The role row is read through tx, where identity has just marked it deleted.
func (s *Service) forgetRole(ctx context.Context, tx bun.IDB, roleID uuid.UUID) error {
	role := new(identity.Role)
	if err := db.Select(db.WithDeleted(ctx), tx, role).Column("name").Where("id = ?", roleID).Scan(ctx); err != nil {
		return fmt.Errorf("read the deleted role %s: %w", roleID, err)
	}
	gone := normalize(role.Name)
	st := s.store.with(tx)
	rows, err := st.roleRows(ctx)
	if err != nil {
		return err
	}
	touched := false
	for i := range rows {
		r := &rows[i]
		names := decodeList(r.RoleList)
		kept := make([]string, 0, len(names))
		for _, n := range names {
			if normalize(n) != gone {
				kept = append(kept, n)
			}
		}
		if len(kept) == len(names) {
			continue
		}
		touched = true
		if len(kept) == 0 {
			if err := st.remove(ctx, r); err != nil {
				return err
			}
			continue
		}
		r.RoleList = encodeList(kept)
		if err := st.update(ctx, r, "", "role_list"); err != nil {
			return err
		}
	}
	if touched {
		s.changed(ctx, "*")
	}
	return nil
}

// forgetUser deletes a deleted user's own configurations (identity.OnUserDelete), inside the
// deleting transaction tx.
func (s *Service) forgetUser(ctx context.Context, tx bun.IDB, userID uuid.UUID) error {
	if err := s.store.with(tx).removeUser(ctx, userID); err != nil {
		return err
	}
	s.changed(ctx, "*")
	return nil
}
