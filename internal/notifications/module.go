// Package notifications stores the notifications modules send to users, lists them to their
// readers, keeps who unsubscribed what and pushes get-notification over the realtime hub
// "notifications" (docs/decisions/0015, "Notifications").
package notifications

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/realtime"
	"kerf/internal/platform/tenancy"
)

// Deps is what the area needs from the app.
type Deps struct {
	DB *db.DB
	// Realtime serves the hub and pushes get-notification; nil: nothing is pushed (the
	// notifications are stored all the same) and there is no hub.
	Realtime *realtime.Server
	// Permissions grants PermClient to the roles of SeedRoles at seed; nil: no grant.
	Permissions *permission.Service
	// Definitions answers the other modules' notification kinds (the app collects every
	// DefinitionModule); read once, at the first use.
	Definitions func() []Definition
	// ActiveUsers lists a tenant's active users: a broadcast's recipients.
	ActiveUsers ActiveUsers
	// Tenants lists every tenant (the seed grants in each); nil: the host only.
	Tenants func(ctx context.Context) ([]tenancy.Tenant, error)
	// SeedRoles answers the roles of ctx's tenant given PermClient at seed besides the admin
	// role (which holds every permission): the default roles new users get and, with demo,
	// the demo sales role.
	SeedRoles func(ctx context.Context, demo bool) ([]string, error)
}

var _ module.Module = (*Module)(nil)

// Module is the notifications area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area.
func New(deps Deps) *Module {
	var push Pusher
	if deps.Realtime != nil {
		push = deps.Realtime
	}
	return &Module{deps: deps, svc: NewService(deps.DB, deps.Definitions, push, deps.ActiveUsers)}
}

// Service returns the area's service: other areas publish through it.
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                    { return "notifications" }
func (m *Module) Migrations() []db.Migration      { return migrations }
func (m *Module) Permissions() []permission.Group { return permissionGroups }
func (m *Module) Menus() []module.MenuEntry       { return menus }
func (m *Module) Texts() localization.Texts       { return texts }

// Notifications are the area's own kinds (Kerf.Broadcast).
func (m *Module) Notifications() []Definition { return append([]Definition(nil), own...) }

// Seed grants PermClient, in the host and every tenant, to the roles SeedRoles names, so that
// their users get the realtime connection (every start: roles made default since get it too).
func (m *Module) Seed(ctx context.Context, demo bool) error {
	if m.deps.Permissions == nil || m.deps.SeedRoles == nil {
		return nil
	}
	scopes := []tenancy.Tenant{{}}
	if m.deps.Tenants != nil {
		ts, err := m.deps.Tenants(ctx)
		if err != nil {
			return err
		}
		scopes = append(scopes, ts...)
	}
	for _, sc := range scopes {
		tctx := tenancy.WithTenant(ctx, sc)
		roles, err := m.deps.SeedRoles(tctx, demo)
		if err != nil {
			return fmt.Errorf("notifications seed: %w", err)
		}
		for _, r := range roles {
			err := m.deps.DB.InTx(tctx, func(ctx context.Context, tx bun.Tx) error {
				return m.deps.Permissions.Set(ctx, tx, permission.Role, r, []permission.Change{{Name: PermClient, IsGranted: true}})
			})
			if err != nil {
				return fmt.Errorf("grant %s to %s: %w", PermClient, r, err)
			}
		}
	}
	return nil
}
