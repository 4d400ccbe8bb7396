package orderdetail

import (
	"context"

	"kerf/internal/catalog"
	"kerf/internal/importmapping"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
	"kerf/internal/salesorder"
)

// Deps is what the area needs from the app.
type Deps struct {
	DB          *db.DB
	Catalog     *localization.Catalog // texts: messages naming tables and columns, spreadsheet headers
	Permissions *permission.Service   // who holds a table's actions and columns; the demo seed grants roles
	Registry    *permission.Registry  // the permission names a configuration may use; nil: any
	Orders      *salesorder.Service   // the order, whether its lines may change, its totals, submit checks
	Products    *catalog.Service      // the catalogue rows pickers add
	Mappings    *importmapping.Service
	// Tenants finds the demo tenant for the demo seed when ListTenants is not given; may be nil.
	Tenants tenancy.Resolver
	// ListTenants answers every tenant, so the seed gives each side the default configuration;
	// nil: the host and the demo tenant only.
	ListTenants func(ctx context.Context) ([]tenancy.Tenant, error)
}

// Module is the order-lines area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
	api  *httpapi.API

	demoOrders int // demo orders filled so far (each starts its picks elsewhere)
}

// New builds the area and registers with the sales orders its submit check, the deletion of
// a deleted order's lines and the demo orders' lines.
func New(deps Deps) *Module {
	m := &Module{deps: deps, svc: NewService(deps)}
	if deps.Orders != nil {
		deps.Orders.OnSubmit(m.svc.CheckSubmit)
		deps.Orders.OnDelete(m.svc.DeleteLinesOf)
		deps.Orders.OnDemoOrder(m.fillDemoOrder)
	}
	return m
}

// Service returns the area's service.
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                              { return "orderdetail" }
func (m *Module) Migrations() []db.Migration                { return migrations }
func (m *Module) Permissions() []permission.Group           { return permissionGroups }
func (m *Module) Texts() localization.Texts                 { return texts }
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx, demo) }
