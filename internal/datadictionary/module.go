// Package datadictionary keeps the coded value lists (data dictionaries and their details)
// that drive choices across Kerf: separate pallets, quotation types, value mappings of imports.
package datadictionary

import (
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
	Bus         *bus.Bus
	Catalog     *localization.Catalog
	Permissions *permission.Service
	Tenants     tenancy.Resolver
}

// Module is the data dictionary area.
type Module struct {
	module.Base
	deps Deps
}

// New builds the area.
func New(deps Deps) *Module { return &Module{deps: deps} }

func (m *Module) Name() string { return "datadictionary" }
