package catalog

import (
	"context"

	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// Deps is what the catalogue needs from the app.
type Deps struct {
	DB          *db.DB
	Catalog     *localization.Catalog // texts, for spreadsheet headers in the caller's language
	Permissions *permission.Service   // the demo seed grants the sales role its read permissions
	Tenants     tenancy.Resolver      // finds the demo tenant for the demo seed; may be nil
}

// Module is the catalogue area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
	api  *httpapi.API
}

// New builds the area.
func New(deps Deps) *Module {
	return &Module{deps: deps, svc: NewService(deps.DB, deps.Catalog)}
}

// Service returns the area's service for other areas (sales orders pick products from it).
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                              { return "catalog" }
func (m *Module) Migrations() []db.Migration                { return migrations }
func (m *Module) Permissions() []permission.Group           { return permissionGroups }
func (m *Module) Menus() []module.MenuEntry                 { return menus }
func (m *Module) Texts() localization.Texts                 { return texts }
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx, demo) }
