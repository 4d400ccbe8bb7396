package permission

import (
	"context"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// Rename moves one provider's grants in the current tenant from oldKey to newKey (a role
// renamed: role grants are keyed by the role's name). Grants already stored under newKey (left
// by an earlier provider of that name) are dropped first, so newKey ends with exactly what
// oldKey held. Inside a db.InTx transaction idb is that transaction; both keys' cached grants
// are dropped on every replica once it commits.
func (s *Service) Rename(ctx context.Context, idb bun.IDB, providerName, oldKey, newKey string) error {
	if !tenancy.Filtered(ctx) {
		return errors.New("rename grants: grants are renamed in one tenant, not across all of them")
	}
	if oldKey == newKey {
		return nil
	}
	if _, err := db.Delete(ctx, idb, (*Grant)(nil)).
		Where("provider_name = ? AND provider_key = ?", providerName, newKey).Exec(ctx); err != nil {
		return fmt.Errorf("rename grants of %s %s: %w", providerName, oldKey, err)
	}
	if _, err := db.Update(ctx, idb, (*Grant)(nil)).Set("provider_key = ?", newKey).
		Where("provider_name = ? AND provider_key = ?", providerName, oldKey).Exec(ctx); err != nil {
		return fmt.Errorf("rename grants of %s %s: %w", providerName, oldKey, err)
	}
	if err := s.Changed(ctx, providerName, oldKey); err != nil {
		return err
	}
	return s.Changed(ctx, providerName, newKey)
}

// Remove deletes every grant of one provider in the current tenant (a role or user deleted),
// announced like Rename.
func (s *Service) Remove(ctx context.Context, idb bun.IDB, providerName, key string) error {
	if !tenancy.Filtered(ctx) {
		return errors.New("remove grants: grants are removed in one tenant, not across all of them")
	}
	if _, err := db.Delete(ctx, idb, (*Grant)(nil)).
		Where("provider_name = ? AND provider_key = ?", providerName, key).Exec(ctx); err != nil {
		return fmt.Errorf("remove grants of %s %s: %w", providerName, key, err)
	}
	return s.Changed(ctx, providerName, key)
}
