package warehouse

import (
	"context"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// Deps is what the warehouse needs from the app.
type Deps struct {
	DB      *db.DB
	Tenants tenancy.Resolver // finds the demo tenant for the demo seed; may be nil
	// UserID, when set, finds a user of ctx's tenant by user name, so the demo receipts are
	// booked by the demo admin.
	UserID func(ctx context.Context, userName string) (uuid.UUID, error)
}

var _ module.Module = (*Module)(nil)

// Module is the warehouse area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// FeatureWarehouse is the area's switch (docs/decisions/0014).
const FeatureWarehouse = "Kerf.Warehouse"

// Features declares the area's switch.
func (m *Module) Features() []feature.Group {
	return []feature.Group{{Name: FeatureWarehouse, DisplayName: menuText("余料管理", "Offcuts"),
		Features: []feature.Definition{{Name: FeatureWarehouse, Type: feature.TypeBool, Default: "true",
			DisplayName: menuText("余料管理", "Offcuts"),
			Description: menuText("余料库存、货架和出入库", "Offcut stock, shelves and bookings")}}}}
}

// New builds the area.
func New(deps Deps) *Module { return &Module{deps: deps, svc: NewService(deps.DB)} }

// Service returns the area's service (the optimisation runs book stock through it).
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                              { return "warehouse" }
func (m *Module) Migrations() []db.Migration                { return migrations }
func (m *Module) Permissions() []permission.Group           { return permissionGroups }
func (m *Module) Texts() localization.Texts                 { return texts }
func (m *Module) Menus() []module.MenuEntry                 { return module.WithFeature(FeatureWarehouse, menus) }
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx, demo) }
