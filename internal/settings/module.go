package settings

import (
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
)

// Deps is what the settings area needs from the app.
type Deps struct {
	DB       *db.DB
	Settings *setting.Service
	Version  string // App.Version in the client's configuration
}

// Module is the settings area: the settings page's groups.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
	api  *httpapi.API
}

// New builds the area.
func New(d Deps) *Module { return &Module{deps: d, svc: NewService(d.DB, d.Settings)} }

// Service returns the groups' service.
func (m *Module) Service() *Service { return m.svc }

// ClientSettings answers the settings of the client's application configuration
// (session.Settings).
func (m *Module) ClientSettings() ClientValues {
	return ClientValues{svc: m.svc, version: m.deps.Version}
}

// Name implements module.Module.
func (m *Module) Name() string { return "settings" }

// Permissions implements module.Module.
func (m *Module) Permissions() []permission.Group { return permissionGroups }

// Settings implements module.Module: the basic setup's.
func (m *Module) Settings() []setting.Definition { return definitions }

// Menus implements module.Module.
func (m *Module) Menus() []module.MenuEntry { return menus }

// Texts implements module.Module.
func (m *Module) Texts() localization.Texts { return texts }

// Register implements module.Module.
func (m *Module) Register(api *httpapi.API) {
	m.svc.checkDefined(EmailingSettings{}, IdentitySettings{}, AccountSettings{}, TwoFactorSettings{}, RecaptchaSettings{},
		WeChatSettings{}, SalesOrderSettings{}, OptimizationSettings{}, BasicSetupSettings{})
	m.api = api
	m.register(api)
}
