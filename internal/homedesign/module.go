package homedesign

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
	"kerf/internal/platform/tenancy"
)

// Deps is what the design platform needs from the app.
type Deps struct {
	DB       *db.DB
	Settings *setting.Service // HomeDesign.Provider, Url, Key, Secret; nil: the development provider
	Tenants  tenancy.Resolver // finds the demo tenant for the demo seed; may be nil
	Client   *http.Client     // the http provider's client; nil: a 10 s timeout

	// Permissions, when set, lets the demo seed grant the sales role HomeDesign.Plans.
	Permissions *permission.Service
	// UserID, when set, finds a user of ctx's tenant by user name (identity's UserByName),
	// so the demo seed binds the demo users admin and sales to DemoAccount.
	UserID func(ctx context.Context, userName string) (uuid.UUID, error)
}

var _ module.Module = (*Module)(nil)

// Module is the design platform area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area.
func New(d Deps) *Module {
	return &Module{deps: d, svc: NewService(d.DB, d.Settings, func(url, key, secret string) Provider {
		return &Remote{Client: d.Client, URL: url, Key: key, Secret: secret}
	})}
}

// Service returns the area's service (auditdesign reads plans and designs through it).
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                              { return "homedesign" }
func (m *Module) Migrations() []db.Migration                { return migrations }
func (m *Module) Permissions() []permission.Group           { return permissionGroups }
func (m *Module) Settings() []setting.Definition            { return settingDefinitions }
func (m *Module) Texts() localization.Texts                 { return texts }
func (m *Module) Menus() []module.MenuEntry                 { return menus }
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx, demo) }
