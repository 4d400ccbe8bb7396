package identity

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// SignOutHook ends every login of a user (the OAuth area revokes its refresh tokens, so the
// user's access ends at its next request on every replica). It runs inside the transaction
// that locks, deletes or deactivates the user or sets its password: tx is that transaction,
// and the hook writes through it (on SQLite a write through another handle would wait for the
// transaction's lock). An error rolls the change back.
type SignOutHook func(ctx context.Context, tx bun.IDB, userID uuid.UUID) error

// AddSignOutHook registers fn; call it while the app is built.
func (s *Service) AddSignOutHook(fn SignOutHook) { s.signOut = append(s.signOut, fn) }

// signOutEverywhere runs every sign-out hook for the user within tx.
func (s *Service) signOutEverywhere(ctx context.Context, tx bun.IDB, userID uuid.UUID) error {
	for _, fn := range s.signOut {
		if err := fn(ctx, tx, userID); err != nil {
			return fmt.Errorf("sign out user %s: %w", userID, err)
		}
	}
	return nil
}

// DeleteHook removes what another area keeps about a role or user that is being deleted (its
// claims, its organisation-unit links), inside the deleting transaction tx; an error rolls the
// deletion back.
type DeleteHook func(ctx context.Context, tx bun.IDB, id uuid.UUID) error

// OnRoleDelete registers fn for every role deletion; call it while the app is built.
func (s *Service) OnRoleDelete(fn DeleteHook) { s.roleDeleted = append(s.roleDeleted, fn) }

// OnUserDelete registers fn for every user deletion; call it while the app is built.
func (s *Service) OnUserDelete(fn DeleteHook) { s.userDeleted = append(s.userDeleted, fn) }

func runDeleteHooks(ctx context.Context, tx bun.IDB, hooks []DeleteHook, what string, id uuid.UUID) error {
	for _, fn := range hooks {
		if err := fn(ctx, tx, id); err != nil {
			return fmt.Errorf("forget %s %s: %w", what, id, err)
		}
	}
	return nil
}

// RenameHook updates what another area keeps under a role's name (page configurations' role
// lists) when the role is renamed, inside the renaming transaction tx; an error rolls the
// rename back.
type RenameHook func(ctx context.Context, tx bun.IDB, oldName, newName string) error

// OnRoleRename registers fn for every role rename; call it while the app is built.
func (s *Service) OnRoleRename(fn RenameHook) { s.roleRenamed = append(s.roleRenamed, fn) }
