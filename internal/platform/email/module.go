package email

import (
	"crypto/tls"
	"time"

	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/jobs"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
)

// Permissions (ABP's names). The group is this package's own: identity declares the
// AbpSettingManagement group with its Settings permission, and a second group of that name
// would show twice in the permission screens.
const (
	PermEmailing = "AbpSettingManagement.Emailing"
	PermMailbox  = "AbpSettingManagement.Emailing.Mailbox"
)

var permissionGroups = []permission.Group{
	// Joins identity's AbpSettingManagement group (the registry merges groups of one name).
	{Name: "AbpSettingManagement", DisplayName: t("设置管理", "Setting management"), Permissions: []permission.Definition{
		{Name: PermEmailing, DisplayName: t("邮件设置", "E-mailing")},
		{Name: PermMailbox, Parent: PermEmailing, DisplayName: t("开发邮箱", "Development mailbox")},
	}},
}

var menus = []module.MenuEntry{
	{Name: "admin.emails", Parent: "admin", Path: "/admin/emails", Component: "admin/emails/index", Icon: "mail",
		Order: 21, Permission: PermMailbox, DisplayName: t("开发邮箱", "Development mailbox")},
}

// Deps is what the e-mail area needs from the app.
type Deps struct {
	DB       *db.DB
	Settings *setting.Service // the e-mailing settings of the message's tenant
	// Now is the clock of the mailbox (nil: time.Now).
	Now func() time.Time
	// TLS is the SMTP client's TLS configuration (tests); nil: the system's roots.
	SMTPTLS *tls.Config
}

// Module is the e-mail area: the sender, its job and the development mailbox.
type Module struct {
	module.Base
	deps  Deps
	queue *jobs.Queue
}

// New builds the area.
func New(d Deps) *Module { return &Module{deps: d} }

func (m *Module) now() time.Time {
	if m.deps.Now != nil {
		return m.deps.Now()
	}
	return time.Now()
}

// Sender returns the app's sender: it queues messages (see Queued).
func (m *Module) Sender() *Queued { return &Queued{m: m} }

// Name implements module.Module.
func (m *Module) Name() string { return "email" }

// Migrations implements module.Module.
func (m *Module) Migrations() []db.Migration { return migrations }

// Permissions implements module.Module.
func (m *Module) Permissions() []permission.Group { return permissionGroups }

// Settings implements module.Module.
func (m *Module) Settings() []setting.Definition { return Settings() }

// Menus implements module.Module.
func (m *Module) Menus() []module.MenuEntry { return menus }

// Texts implements module.Module.
func (m *Module) Texts() localization.Texts { return texts }

// Register implements module.Module.
func (m *Module) Register(api *httpapi.API) { m.register(api) }

// Jobs implements module.JobsModule: the kind email.send.
func (m *Module) Jobs(q *jobs.Queue) error {
	m.queue = q
	return jobs.Register(q, jobs.KindOptions{Timeout: time.Minute, MaxAttempts: 10}, m.work)
}
