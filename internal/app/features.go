package app

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/module"
	"kerf/internal/platform/tenancy"
)

// tenantEdition is the one column of a tenant the features read (identity owns the table).
type tenantEdition struct {
	bun.BaseModel `bun:"table:saas_tenants"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	EditionID     *uuid.UUID `bun:"edition_id,type:uuid"`
	IsDeleted     bool       `bun:"is_deleted"`
}

// editionOf returns the edition of a live tenant (nil: none); db.ErrNotFound for no such
// tenant. Tenants are host rows: it reads them from the host's side.
func (a *App) editionOf(ctx context.Context, tenantID uuid.UUID) (*uuid.UUID, error) {
	var t tenantEdition
	err := db.Select(tenancy.WithTenant(ctx, tenancy.Tenant{}), a.DB, &t).Column("id", "edition_id").
		Where("id = ?", tenantID).Limit(1).Scan(ctx)
	if err != nil {
		return nil, db.NotFound(err, fmt.Sprintf("edition of tenant %s", tenantID))
	}
	return t.EditionID, nil
}

// defineFeatures declares the features of every module that has some.
func (a *App) defineFeatures() {
	for _, m := range a.Modules {
		if fm, ok := m.(module.FeatureModule); ok {
			a.Features.Define(fm.Features()...)
		}
	}
}
