// Package salesorder keeps the sales orders: the order, its numbering, its status moves and
// their log, order and product types, and order files (docs/decisions/0011). The order's
// lines are the orderdetail area's, which pushes their total through Service.SetLinesTotal
// and refuses a submit through Service.OnSubmit.
package salesorder

import (
	"context"

	"kerf/internal/files"
	"kerf/internal/identity"
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
	Catalog     *localization.Catalog // texts: status names in messages
	Permissions *permission.Service   // who may move an order; the demo seed grants roles
	Identity    *identity.Service     // user names in the status log; every tenant for the seed
	Files       *files.Service        // order files' descriptors and blobs
	Tenants     tenancy.Resolver      // finds the demo tenant for the demo seed; may be nil
	Notifier    Notifier              // tells an order's creator of its status moves (notify.go); nil: no one
}

// Module is the sales-order area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area.
func New(deps Deps) *Module {
	return &Module{deps: deps, svc: NewService(deps)}
}

// Service returns the area's service for other areas (the lines area reads orders, pushes
// their totals and checks submits through it).
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                    { return "salesorder" }
func (m *Module) Migrations() []db.Migration      { return migrations }
func (m *Module) Permissions() []permission.Group { return permissionGroups }
func (m *Module) Menus() []module.MenuEntry       { return menus }
func (m *Module) Texts() localization.Texts {
	out := localization.Texts{}
	for _, part := range []localization.Texts{texts, notifyTexts} {
		for k, v := range part {
			out[k] = v
		}
	}
	return out
}
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx, demo) }
