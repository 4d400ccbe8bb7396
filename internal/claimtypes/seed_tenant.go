package claimtypes

import (
	"context"

	"github.com/uptrace/bun"
)

// SeedTenant gives ctx's tenant, a new one, inside tx (the transaction creating it) what seed
// gives every tenant at start-up (module.TenantSeeder).
func (m *Module) SeedTenant(ctx context.Context, tx bun.Tx) error {
	return m.svc.ensureStaticTypes(ctx, store{idb: tx, db: m.svc.store.db})
}
