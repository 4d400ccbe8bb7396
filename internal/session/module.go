package session

import (
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
)

// Deps is what the session area needs from the app.
type Deps struct {
	Catalog      *localization.Catalog
	Registry     *permission.Registry
	Permissions  *permission.Service
	Directory    Directory // the identity service
	Settings     Settings  // nil: DefaultSettings
	Features     Settings  // every feature's value for ctx's tenant (feature.Service); nil: none
	MultiTenancy bool
	Version      string
}

// Module is the session area.
type Module struct {
	module.Base
	svc *Service
}

// New builds the area.
func New(d Deps) *Module {
	if d.Settings == nil {
		d.Settings = DefaultSettings{Version: d.Version}
	}
	return &Module{svc: &Service{catalog: d.Catalog, registry: d.Registry, permissions: d.Permissions,
		directory: d.Directory, settings: d.Settings, features: d.Features, multiTenancy: d.MultiTenancy}}
}

// Service returns the area's service.
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string              { return "session" }
func (m *Module) Menus() []module.MenuEntry { return menuEntries }

// Register mounts the area's operations.
func (m *Module) Register(api *httpapi.API) { m.register(api) }

// Menu entry names of the shell.
const (
	MenuDashboard      = "dashboard"
	MenuProfileSetting = "profile-setting"
)

var menuEntries = []module.MenuEntry{
	{Name: MenuDashboard, Path: "/dashboard", Component: "dashboard/index", Icon: "dashboard", Order: 0, Affix: true,
		DisplayName: localization.Text{ZhHans: "首页", En: "Dashboard"}},
	{Name: MenuProfileSetting, Path: "/profile-setting/index", Component: "profile-setting/index", Icon: "user",
		Order: 9000, Hidden: true, DisplayName: localization.Text{ZhHans: "个人设置", En: "Profile settings"}},
}
