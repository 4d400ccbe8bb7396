// Package orgunits keeps the organisation units of a tenant: a tree with codes, its members
// (users) and its roles, whose permissions the members hold.
package orgunits

import (
	"context"

	"kerf/internal/identity"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// Deps is what the organisation units area needs from the app.
type Deps struct {
	DB       *db.DB
	Identity *identity.Service
	Bus      *bus.Bus // unused: the area keeps no cache (identity's role cache hears of changes)
}

// Module is the organisation units area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area and makes the roles of a user's units part of the roles identity
// answers for the user (identity.EffectiveRoles, which the permission checks read); a deleted
// role or user leaves every unit.
func New(d Deps) *Module {
	m := &Module{deps: d, svc: NewService(d.DB, d.Identity)}
	if d.Identity != nil {
		d.Identity.AddRoleSource(m.svc.RoleNames)
		d.Identity.OnRoleDelete(forgetRole)
		d.Identity.OnUserDelete(forgetUser)
	}
	return m
}

// Service returns the area's service for other areas and tests.
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                              { return "orgunits" }
func (m *Module) Migrations() []db.Migration                { return migrations }
func (m *Module) Texts() localization.Texts                 { return texts }
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx, demo) }
