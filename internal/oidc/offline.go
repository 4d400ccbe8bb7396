package oidc

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/identity"
)

// Reasons recorded on the logins these end.
const (
	reasonSignedOut     = "signed out everywhere"
	reasonForcedOffline = "forced offline"
)

// ActionForceUserOffline is the security log action of an administrator ending a user's logins.
const ActionForceUserOffline = "ForceUserOffline"

// SignOutUser ends every login of the user: refresh tokens are refused at once and access
// tokens from their next request, on every replica. It is the identity area's sign-out hook
// (identity.SignOutHook): tx is the transaction that locks, deletes or deactivates the user
// or sets its password, and the logins end with it (announced once it commits); nil writes
// to the database directly.
func (m *Module) SignOutUser(ctx context.Context, tx bun.IDB, userID uuid.UUID) error {
	_, err := m.store.revokeUser(ctx, tx, userID.String(), reasonSignedOut)
	return err
}

var _ identity.SignOutHook = (*Module)(nil).SignOutUser

// ForceUserOffline ends every login of a user of the ctx tenant (a user of another tenant is
// not found) and answers the user and how many logins ended.
func (m *Module) ForceUserOffline(ctx context.Context, userID uuid.UUID) (*identity.UserDto, int, error) {
	u, err := m.deps.Identity.UserDetail(ctx, userID) // fresh, of the ctx tenant; 404 with its message
	if err != nil {
		return nil, 0, err
	}
	var n int
	err = m.deps.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if n, err = m.store.revokeUser(ctx, tx, userID.String(), reasonForcedOffline); err != nil {
			return err
		}
		if m.deps.Disconnect != nil { // the user's open hub connections close once this commits
			return m.deps.Disconnect(ctx, userID)
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return u, n, nil
}
