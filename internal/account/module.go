package account

import (
	"time"

	"kerf/internal/identity"
	"kerf/internal/platform/db"
	"kerf/internal/platform/email"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/setting"
	"kerf/internal/platform/sms"
	"kerf/internal/securitylog"
	"kerf/internal/texttemplate"
)

// Deps is what the account area needs from the app.
type Deps struct {
	DB          *db.DB
	Identity    *identity.Service
	SMS         sms.Sender // nil: the development sender
	SecurityLog *securitylog.Service
	Now         func() time.Time // nil: time.Now
	// Mail and Templates send the password-reset e-mails (the Kerf.PasswordReset template)
	// with links to PublicURL (config.Public: never a request's Host); nil: none is sent.
	Mail      email.Sender
	Templates *texttemplate.Service
	PublicURL string
	// Settings answers the account settings (self-registration); nil: the defaults.
	Settings *setting.Service
}

// Module is the account area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area.
func New(deps Deps) *Module {
	if deps.SMS == nil {
		deps.SMS = sms.NewDevelopment()
	}
	svc := NewService(deps.DB, deps.Identity, deps.SMS, deps.Now)
	svc.settings = deps.Settings
	svc.mailer = mailer{mail: deps.Mail, templates: deps.Templates, publicURL: deps.PublicURL}
	return &Module{deps: deps, svc: svc}
}

// PhoneCodes returns the service that checks phone codes (oidc.PhoneCodeChecker).
func (m *Module) PhoneCodes() *Service { return m.svc }

// SMS returns the sender codes go through.
func (m *Module) SMS() sms.Sender { return m.deps.SMS }

// Name implements module.Module.
func (m *Module) Name() string { return "account" }

// Migrations implements module.Module.
func (m *Module) Migrations() []db.Migration { return migrations }

// Texts implements module.Module.
func (m *Module) Texts() localization.Texts { return texts }

// Register implements module.Module.
func (m *Module) Register(api *httpapi.API) { m.register(api) }
