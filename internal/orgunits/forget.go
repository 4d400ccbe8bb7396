package orgunits

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// forgetRole removes a deleted role from every unit (identity.OnRoleDelete).
func forgetRole(ctx context.Context, tx bun.IDB, roleID uuid.UUID) error {
	if _, err := db.Delete(ctx, tx, (*unitRole)(nil)).Where("role_id = ?", roleID).Exec(ctx); err != nil {
		return fmt.Errorf("remove the role from its units: %w", err)
	}
	return nil
}

// forgetUser removes a deleted user from every unit (identity.OnUserDelete).
func forgetUser(ctx context.Context, tx bun.IDB, userID uuid.UUID) error {
	if _, err := db.Delete(ctx, tx, (*userUnit)(nil)).Where("user_id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("remove the user from its units: %w", err)
	}
	return nil
}
