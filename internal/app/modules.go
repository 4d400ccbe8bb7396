package app

import (
	"context"

	"kerf/internal/identity"
	"kerf/internal/platform/module"
)

// modules builds the areas in dependency order: one line per area.
func (a *App) modules(ctx context.Context) ([]module.Module, error) {
	_ = ctx
	id := identity.New(identity.Deps{DB: a.DB, Registry: a.Registry, Permissions: a.Permissions})
	a.Identity = id.Service()
	return []module.Module{
		id,
	}, nil
}
