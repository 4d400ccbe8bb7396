package importmapping

import (
	"context"

	"kerf/internal/datadictionary"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// Deps is what the area needs from the app.
type Deps struct {
	DB           *db.DB
	Bus          *bus.Bus
	Catalog      *localization.Catalog
	Permissions  *permission.Service
	Dictionaries *datadictionary.Module // value mappings may take a dictionary's items
	Tenants      tenancy.Resolver       // finds the demo tenant for the demo seed; may be nil (the host only)
}

// Module is the import mapping area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
	api  *httpapi.API
}

// New builds the area.
func New(deps Deps) *Module {
	// The datadictionary area's service is adapted here once it exposes Details; until then
	// a dictionaryCode is refused as an unknown dictionary.
	return &Module{deps: deps, svc: NewService(deps.DB, deps.Catalog, nil)}
}

// Service returns the area's service for other areas (sales orders and optimisation read
// their files through it).
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                              { return "importmapping" }
func (m *Module) Migrations() []db.Migration                { return migrations }
func (m *Module) Permissions() []permission.Group           { return permissionGroups }
func (m *Module) Menus() []module.MenuEntry                 { return menus }
func (m *Module) Texts() localization.Texts                 { return texts }
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx, demo) }
