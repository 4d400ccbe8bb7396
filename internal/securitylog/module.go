package securitylog

import (
	"time"

	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
)

// Module is the security log area.
type Module struct {
	module.Base
	svc *Service
}

// New builds the area; now may be nil for time.Now.
func New(d *db.DB, now func() time.Time) *Module {
	return &Module{svc: NewService(d, now)}
}

// Service returns the writer and reader other areas use.
func (m *Module) Service() *Service { return m.svc }

// Name implements module.Module.
func (m *Module) Name() string { return "securitylog" }

// Permissions implements module.Module.
func (m *Module) Permissions() []permission.Group { return permissionGroups }

// Migrations implements module.Module.
func (m *Module) Migrations() []db.Migration { return migrations }

// Register implements module.Module.
func (m *Module) Register(api *httpapi.API) { m.register(api) }
