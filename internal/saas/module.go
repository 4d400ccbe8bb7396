package saas

import (
	"context"

	"github.com/uptrace/bun"

	"kerf/internal/identity"
	"kerf/internal/platform/db"
	"kerf/internal/platform/email"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/texttemplate"
)

// Deps is what the saas area needs from the app.
type Deps struct {
	DB       *db.DB
	Identity *identity.Service
	Features *feature.Service // an edition's or tenant's values go with it; a tenant's edition change drops its cache
	// SeedTenant gives a new tenant (ctx's) what every module seeds for each tenant
	// (module.TenantSeeder), inside tx, the transaction that creates it.
	SeedTenant func(ctx context.Context, tx bun.Tx) error
	Templates  *texttemplate.Service // renders the "tenant created" e-mail (nil: none is sent)
	Mail       email.Sender          // sends it once the tenant is committed
	Catalog    *localization.Catalog // the e-mail's subject in the caller's language
	// PublicURL is where users reach Kerf (config.Public): the e-mail's login link starts with it
	// (never with a request header, which the caller chooses).
	PublicURL string
	// MultiTenancy off: no tenant administration at all (calls 404, no menus).
	MultiTenancy bool
}

// Module is the saas area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area.
func New(d Deps) *Module { return &Module{deps: d, svc: NewService(d)} }

// Service returns the area's service.
func (m *Module) Service() *Service { return m.svc }

// Name implements module.Module.
func (m *Module) Name() string { return "saas" }

// Migrations implements module.Module (the table stays when multi-tenancy is off).
func (m *Module) Migrations() []db.Migration { return migrations }

// Permissions implements module.Module.
func (m *Module) Permissions() []permission.Group { return permissionGroups }

// Texts implements module.Module.
func (m *Module) Texts() localization.Texts { return texts }

// Menus implements module.Module: none when multi-tenancy is off.
func (m *Module) Menus() []module.MenuEntry {
	if !m.deps.MultiTenancy {
		return nil
	}
	return menus
}

// Register implements module.Module: nothing when multi-tenancy is off (every call 404).
func (m *Module) Register(api *httpapi.API) {
	if !m.deps.MultiTenancy {
		return
	}
	m.registerEditions(api)
	m.registerTenants(api)
}

// Permissions of the editions (ABP's names): host only. The tenants' are identity's
// AbpTenantManagement.Tenants.*.
const (
	PermEditions               = "Saas.Editions"
	PermEditionsCreate         = "Saas.Editions.Create"
	PermEditionsUpdate         = "Saas.Editions.Update"
	PermEditionsDelete         = "Saas.Editions.Delete"
	PermEditionsManageFeatures = "Saas.Editions.ManageFeatures"
)

func t(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }

var permissionGroups = []permission.Group{
	{Name: "Saas", DisplayName: t("SaaS", "SaaS"), Permissions: []permission.Definition{
		{Name: PermEditions, DisplayName: t("版本管理", "Editions"), Side: permission.HostOnly},
		{Name: PermEditionsCreate, Parent: PermEditions, DisplayName: t("创建", "Create"), Side: permission.HostOnly},
		{Name: PermEditionsUpdate, Parent: PermEditions, DisplayName: t("编辑", "Edit"), Side: permission.HostOnly},
		{Name: PermEditionsDelete, Parent: PermEditions, DisplayName: t("删除", "Delete"), Side: permission.HostOnly},
		{Name: PermEditionsManageFeatures, Parent: PermEditions, DisplayName: t("管理功能", "Manage features"), Side: permission.HostOnly},
	}},
}

// Menu entry names: the fixed SaaS section of spec 002 §2.4 (tenants, editions), shown only
// to the host and only with multi-tenancy on.
const (
	MenuSaas     = "saas"
	MenuTenants  = "saas.tenants"
	MenuEditions = "saas.editions"
)

var menus = []module.MenuEntry{
	{Name: MenuSaas, Path: "/saas", Component: "Layout", Icon: "cloud", Order: 850, HostOnly: true, MultiTenancyOnly: true,
		DisplayName: t("SaaS 管理", "SaaS")},
	{Name: MenuTenants, Parent: MenuSaas, Path: "/saas/tenants", Component: "saas/tenants/index", Icon: "bank", Order: 1,
		Permission: identity.PermTenants, HostOnly: true, MultiTenancyOnly: true, DisplayName: t("租户", "Tenants")},
	{Name: MenuEditions, Parent: MenuSaas, Path: "/saas/editions", Component: "saas/editions/index", Icon: "appstore", Order: 2,
		Permission: PermEditions, HostOnly: true, MultiTenancyOnly: true, DisplayName: t("版本", "Editions")},
}
