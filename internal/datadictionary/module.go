// Package datadictionary keeps the coded value lists (data dictionaries and their details)
// that drive choices across Kerf: separate pallets, quotation types, value mappings of imports.
package datadictionary

import (
	"context"

	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// Deps is what the area needs from the app.
type Deps struct {
	DB          *db.DB
	Bus         *bus.Bus // drops the cached choices on every replica when a dictionary changes
	Catalog     *localization.Catalog
	Permissions *permission.Service
	// Tenants finds the demo tenant by name for the seed when ListTenants is not given.
	Tenants tenancy.Resolver
	// ListTenants answers every tenant, so the seed gives each side the static dictionaries;
	// nil: the host and the demo tenant (found through Tenants) only.
	ListTenants func(ctx context.Context) ([]tenancy.Tenant, error)
}

// Module is the data dictionary area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area.
func New(deps Deps) *Module { return &Module{deps: deps, svc: NewService(deps.DB, deps.Bus)} }

// Service returns the area's service for other areas (the choices of a dictionary by code,
// every dictionary).
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                              { return "datadictionary" }
func (m *Module) Migrations() []db.Migration                { return migrations }
func (m *Module) Permissions() []permission.Group           { return permissionGroups }
func (m *Module) Menus() []module.MenuEntry                 { return menus }
func (m *Module) Texts() localization.Texts                 { return texts }
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx) }
