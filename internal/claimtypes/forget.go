package claimtypes

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// forgetRole deletes a deleted role's claims (identity.OnRoleDelete).
func forgetRole(ctx context.Context, tx bun.IDB, roleID uuid.UUID) error {
	if _, err := db.Delete(ctx, tx, (*RoleClaim)(nil)).Where("role_id = ?", roleID).Exec(ctx); err != nil {
		return fmt.Errorf("delete the role's claims: %w", err)
	}
	return nil
}

// forgetUser deletes a deleted user's claims (identity.OnUserDelete).
func forgetUser(ctx context.Context, tx bun.IDB, userID uuid.UUID) error {
	if _, err := db.Delete(ctx, tx, (*UserClaim)(nil)).Where("user_id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("delete the user's claims: %w", err)
	}
	return nil
}
