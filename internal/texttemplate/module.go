package texttemplate

import (
	"time"

	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
)

// Permissions (ABP's names): reading the templates and editing their contents. Both the host
// and tenants have them: each edits its own contents.
const (
	PermTextTemplates = "TextTemplateManagement.TextTemplates"
	PermEditContents  = "TextTemplateManagement.TextTemplates.EditContents"
)

func t(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }

var permissionGroups = []permission.Group{
	{Name: "TextTemplateManagement", DisplayName: t("文本模板管理", "Text template management"), Permissions: []permission.Definition{
		{Name: PermTextTemplates, DisplayName: t("文本模板", "Text templates")},
		{Name: PermEditContents, Parent: PermTextTemplates, DisplayName: t("编辑内容", "Edit contents")},
	}},
}

// The text templates screen sits in the admin group (spec 002 §2.4 lists it among the
// administration screens).
var menus = []module.MenuEntry{
	{Name: "admin.textTemplates", Parent: "admin", Path: "/admin/text-templates", Component: "admin/text-templates/index",
		Icon: "file-text", Order: 20, Permission: PermTextTemplates, DisplayName: t("文本模板", "Text templates")},
}

// Deps is what the text templates area needs from the app.
type Deps struct {
	DB      *db.DB
	Catalog *localization.Catalog // display names in the caller's language
	Now     func() time.Time      // nil: time.Now
}

// Module is the text templates area.
type Module struct {
	module.Base
	svc *Service
}

// New builds the area.
func New(d Deps) *Module { return &Module{svc: NewService(d.DB, d.Catalog, d.Now)} }

// Service returns the renderer other areas use (Render, RenderCulture).
func (m *Module) Service() *Service { return m.svc }

// Name implements module.Module.
func (m *Module) Name() string { return "texttemplate" }

// Migrations implements module.Module.
func (m *Module) Migrations() []db.Migration { return migrations }

// Permissions implements module.Module.
func (m *Module) Permissions() []permission.Group { return permissionGroups }

// Menus implements module.Module.
func (m *Module) Menus() []module.MenuEntry { return menus }

// Texts implements module.Module.
func (m *Module) Texts() localization.Texts { return texts }

// Register implements module.Module.
func (m *Module) Register(api *httpapi.API) { m.register(api) }
