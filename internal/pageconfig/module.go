// Package pageconfig keeps page configurations: which columns of a list a user, a role list
// or a whole tenant sees, and in what order (spec 001 §3, §6, §7; docs/decisions/0010).
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
	svc  *Service
}

// New builds the area. A deleted role leaves every role list of its side, and a deleted
// user's own configurations go with them, in the deleting transaction.
func New(deps Deps) *Module {
	m := &Module{deps: deps}
	var dir Directory
	if deps.Identity != nil {
		dir = deps.Identity
	}
	m.svc = NewService(deps.DB, deps.Bus, dir)
	if deps.Identity != nil {
		deps.Identity.OnRoleDelete(m.svc.forgetRole)
		deps.Identity.OnRoleRename(m.svc.renameRole)
		deps.Identity.OnUserDelete(m.svc.forgetUser)
	}
	return m
}

// Service returns the area's service for other areas and tests.
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                    { return "pageconfig" }
func (m *Module) Migrations() []db.Migration      { return migrations }
func (m *Module) Permissions() []permission.Group { return permissionGroups }
func (m *Module) Menus() []module.MenuEntry       { return menus }
func (m *Module) Texts() localization.Texts       { return texts }
