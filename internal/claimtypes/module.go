// Package claimtypes keeps the claim types administrators define (name, value type, required,
// regex) and the claims users and roles carry, checked against their type when saved.
package claimtypes

import (
	"context"

	"kerf/internal/identity"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// Deps is what the claim types area needs from the app.
type Deps struct {
	DB       *db.DB
	Identity *identity.Service
	Bus      *bus.Bus // unused: the area keeps no cache (a claim is checked against its type as read in the write's transaction)
}

// Module is the claim types area. Its permission (AbpIdentity.IdentityClaimTypes) and menu
// entry are declared by identity, beside the other identity administration screens.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area; a deleted role or user takes its claims with it.
func New(d Deps) *Module {
	if d.Identity != nil {
		d.Identity.OnRoleDelete(forgetRole)
		d.Identity.OnUserDelete(forgetUser)
	}
	return &Module{deps: d, svc: NewService(d.DB, d.Identity)}
}

// Service returns the area's service for other areas and tests.
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                              { return "claimtypes" }
func (m *Module) Migrations() []db.Migration                { return migrations }
func (m *Module) Texts() localization.Texts                 { return texts }
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx, demo) }
