package files

import (
	"kerf/internal/platform/blob"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
)

// Deps is what the files area needs from the app.
type Deps struct {
	DB   *db.DB
	Blob blob.Store
}

// Module is the files area.
type Module struct {
	module.Base
	svc *Service
}

// New builds the area.
func New(deps Deps) *Module { return &Module{svc: NewService(deps.DB, deps.Blob)} }

// Service returns the area's service for other areas (order files, import files).
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                    { return "files" }
func (m *Module) Migrations() []db.Migration      { return migrations }
func (m *Module) Permissions() []permission.Group { return permissionGroups }
func (m *Module) Texts() localization.Texts       { return texts }
