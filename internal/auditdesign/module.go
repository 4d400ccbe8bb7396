// Package auditdesign keeps the design review of sales orders: one review sheet per solution
// of an order's design, the seven-state workflow of decision 0012 (transitions.go), the
// sheets' operation logs, the order's chosen design, quotations priced from the parts
// catalogue, and the design JSON the optimisation reads. Orders come from salesorder, designs
// from homedesign, prices from catalog; the actor's name and roles, the dictionaries and the
// assignee's claim permission come in through functions in Deps.
package auditdesign

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/catalog"
	"kerf/internal/homedesign"
	"kerf/internal/platform/db"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
	"kerf/internal/platform/tenancy"
	"kerf/internal/salesorder"
)

// Deps is what the area needs from the app.
type Deps struct {
	DB          *db.DB
	Catalog     *localization.Catalog
	Permissions *permission.Service
	Settings    *setting.Service    // SalesOrder.DisableQuotationStatusCheck
	Orders      *salesorder.Service // the order, its design id, its files, its confirm
	Plans       *homedesign.Service // the designs of the plans
	Parts       *catalog.Service    // panel, banding and hardware prices
	Tenants     tenancy.Resolver    // finds the demo tenant for the demo seed; may be nil
	// Actor answers the caller's name and role names (operation logs).
	Actor func(ctx context.Context) (name string, roles []string)
	// SeparatePallet reports whether code is a value of the SeparatePallet dictionary.
	SeparatePallet func(ctx context.Context, code string) bool
	// Assignee answers a user's name and whether the user holds AuditDesign.Claim.
	Assignee func(ctx context.Context, userID uuid.UUID) (name string, canClaim bool, err error)
	// UserID finds a user of ctx's tenant by user name (the demo seed acts as admin).
	UserID func(ctx context.Context, userName string) (uuid.UUID, error)
	// QuotationTypes answers the SalesOrderKuJiaLeQuotationType dictionary's values.
	QuotationTypes func(ctx context.Context) ([]QuotationType, error)
	// Notifier tells users of sheets assigned, sent back and passed (notify.go); nil: no one is told.
	Notifier Notifier
}

// QuotationType is one value of the quotation-type dictionary.
type QuotationType struct {
	Value, Label string
	IsDefault    bool
}

var _ module.Module = (*Module)(nil)

// Module is the design-review area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area.
// With Orders, a deleted draft takes its sheets and the last passed sheet of an order in
// review confirms it.
func New(deps Deps) *Module {
	m := &Module{deps: deps, svc: NewService(deps)}
	if deps.Orders != nil {
		deps.Orders.OnDelete(func(ctx context.Context, tx bun.IDB, o *salesorder.SalesOrder) error {
			return m.svc.DeleteSheets(ctx, tx, o.ID, true)
		})
		deps.Orders.OnDemoOrder(m.svc.demoDesign)
		m.svc.OnAllPassed(func(ctx context.Context, tx bun.IDB, orderID uuid.UUID) error {
			_, err := deps.Orders.ConfirmReviewed(ctx, tx, orderID, m.svc.t(ctx, KeyAllPassedComment))
			return err
		})
	}
	return m
}

// Service returns the area's service (the order's design id creates sheets through it).
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                    { return "auditdesign" }
func (m *Module) Migrations() []db.Migration      { return migrations }
func (m *Module) Permissions() []permission.Group { return permissionGroups }
func (m *Module) Texts() localization.Texts       { return mergeTexts(texts, notifyTexts) }
func (m *Module) Settings() []setting.Definition  { return settingDefinitions }
func (m *Module) Menus() []module.MenuEntry       { return module.WithFeature(FeatureDesignReview, menus) }

// FeatureDesignReview is the area's switch (docs/decisions/0014).
const FeatureDesignReview = "Kerf.DesignReview"

// Features declares the area's switch.
func (m *Module) Features() []feature.Group {
	t := func(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }
	return []feature.Group{{Name: FeatureDesignReview, DisplayName: t("设计审核", "Design review"),
		Features: []feature.Definition{{Name: FeatureDesignReview, Type: feature.TypeBool, Default: "true",
			DisplayName: t("设计审核", "Design review"),
			Description: t("订单设计方案的审核单、报价和设计文件", "Review sheets of orders' designs, quotations and design files")}}}}
}
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx, demo) }

func mergeTexts(parts ...localization.Texts) localization.Texts {
	out := localization.Texts{}
	for _, p := range parts {
		for k, v := range p {
			out[k] = v
		}
	}
	return out
}
