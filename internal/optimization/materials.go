package optimization

import (
	"context"

	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// The materials part: materials and their boards, with Excel in and out and the boards query
// (decision 0013). Owned by the materials slice; this file holds its hooks.

var materialsMigrations []db.Migration

var materialsTexts = localization.Texts{}

var materialsMenus []module.MenuEntry

func (m *Module) seedMaterials(ctx context.Context, demo bool) error { return nil }
