package pageconfig

import (
	"context"
	"fmt"
	"slices"

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
	return s.rewriteRoleLists(ctx, tx, role.Name, "")
}

// renameRole follows a role's new name in every role list of its side (identity.OnRoleRename),
// inside the renaming transaction tx.
func (s *Service) renameRole(ctx context.Context, tx bun.IDB, oldName, newName string) error {
	return s.rewriteRoleLists(ctx, tx, oldName, newName)
}

// rewriteRoleLists replaces the role name from by to in every role list of the ctx side, or
// takes it out when to is empty (a list left with no role deletes its configuration).
func (s *Service) rewriteRoleLists(ctx context.Context, tx bun.IDB, from, to string) error {
	gone := normalize(from)
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
		found := false
		for _, n := range names {
			if normalize(n) != gone {
				kept = append(kept, n)
				continue
			}
			found = true
			if to != "" && !slices.ContainsFunc(kept, func(k string) bool { return normalize(k) == normalize(to) }) {
				kept = append(kept, to)
			}
		}
		if !found {
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
