// Package pageconfig keeps page configurations: which columns of a list a user, a role list
// or a whole tenant sees, and in what order (spec 001 §3, §6, §7).
package pageconfig

import (
	"kerf/internal/identity"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
)

// Deps is what the area needs from the app.
type Deps struct {
	DB          *db.DB
	Bus         *bus.Bus
	Catalog     *localization.Catalog
	Permissions *permission.Service
	Identity    *identity.Service // the caller's roles, and whether they are the side's admin
}

// Module is the page configuration area.
type Module struct {
	module.Base
	deps Deps
}

// New builds the area.
func New(deps Deps) *Module { return &Module{deps: deps} }

func (m *Module) Name() string { return "pageconfig" }
