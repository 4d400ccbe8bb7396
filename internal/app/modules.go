package app

import (
	"context"

	"kerf/internal/platform/module"
)

// modules builds the areas in dependency order: one line per area.
func (a *App) modules(ctx context.Context) ([]module.Module, error) {
	_ = ctx
	return []module.Module{}, nil
}
