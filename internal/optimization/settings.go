package optimization

import (
	"context"

	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// The settings part: import-file settings and their details, optimise parameters, machine
// parameters (decision 0013). Owned by the settings slice; this file holds its hooks.

var settingsMigrations []db.Migration

var settingsTexts = localization.Texts{}

var settingsMenus []module.MenuEntry

func (m *Module) seedSettings(ctx context.Context, demo bool) error { return nil }
